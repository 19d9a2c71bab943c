import { z } from "zod";
import { defineTool } from "../tool.ts";

const money = z.number();

export const getBilling = defineTool({
  name: "get_billing",
  title: "Billing account",
  description:
    "The advertiser's billing account (USD): mode (invoiced: a credit line invoiced each UTC month; prepaid: funds drawn " +
    "down), balance_usd (prepaid), credit_limit_usd and credit_used_usd (invoiced), month_to_date_spend_usd, unpaid_usd, " +
    "and delivery_limited: true while every campaign stops winning because the balance or the credit limit is used up " +
    "(campaigns then show delivery_status account_limit_reached, and resume by themselves once funds or the limit allow).",
  input: {},
  output: {
    mode: z.enum(["invoiced", "prepaid"]),
    balance_usd: money.nullable(),
    credit_limit_usd: money.nullable(),
    credit_used_usd: money.nullable(),
    month_to_date_spend_usd: money,
    unpaid_usd: money,
    delivery_limited: z.boolean(),
  },
  operations: ["getBilling"],
  run: async (_args, { api }) => api.read("getBilling"),
});

const invoiceShape = {
  id: z.string(),
  number: z.string(),
  kind: z.enum(["invoice", "credit_note", "statement"]),
  month: z.string(),
  status: z.enum(["issued", "paid", "void"]),
  total_usd: money,
  due_usd: money,
  issued_at: z.string(),
};

export const listInvoices = defineTool({
  name: "list_invoices",
  title: "List invoices",
  description:
    "The advertiser's invoices, credit notes and statements, newest first, with their number (SMA-YYYY-NNNNNN), the UTC " +
    "month they cover, status (issued, paid, void), total and amount due in USD. get_invoice has the lines.",
  input: {
    page: z.number().int().min(1).optional().describe("Page number, from 1 (default 1)."),
    per_page: z.number().int().min(1).max(100).optional().describe("Documents per page, 1-100 (default 20)."),
  },
  output: {
    invoices: z.array(z.looseObject(invoiceShape)),
    pagination: z.looseObject({ page: z.number(), per_page: z.number(), total: z.number() }),
  },
  operations: ["listInvoices"],
  run: async (args, { api }) => api.read("listInvoices", { query: args }),
});

export const getInvoice = defineTool({
  name: "get_invoice",
  title: "Invoice",
  description:
    "One invoice, credit note or statement by id (ivc_…, from list_invoices): one line per campaign (impressions, clicks, " +
    "amount_usd, average_cpm_usd) summing exactly to total_usd; a statement's opening balance, funds added, spend and " +
    "closing balance. The PDF and CSV are at GET /api/ads/invoices/{id}/pdf and /csv.",
  input: { invoice_id: z.string().min(1).max(64).describe('Invoice id, e.g. "ivc_…" (see list_invoices).') },
  output: {
    ...invoiceShape,
    lines: z.array(
      z.looseObject({
        campaign_id: z.string().nullable(),
        description: z.string(),
        impressions: z.number(),
        clicks: z.number(),
        amount_usd: money,
        average_cpm_usd: money.nullable(),
      }),
    ),
  },
  operations: ["getInvoice"],
  run: async (args, { api }) => api.read("getInvoice", { path: { id: args.invoice_id } }),
});
