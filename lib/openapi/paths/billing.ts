import { z } from "zod";
import type { OperationDoc } from "../common";

const invoiceId = z.object({
  id: z.string().meta({ description: "Invoice id (ivc_...)", example: "ivc_4Jd8mZs0aV2kPp9LwXcT1e" }),
});

const ADMINS =
  "With a token holding reporting:read, or in the dashboard as an admin. Figures are exact in micro-dollars, from the " +
  "recorded impressions.";

export const billingDocs = {
  getBilling: {
    summary: "Get the billing account",
    description:
      "The advertiser's billing account: invoiced (a credit line, invoiced each UTC month) or prepaid (funds drawn " +
      "down). Campaigns stop winning (`delivery_limited`, campaigns' `delivery_status: account_limit_reached`) once a " +
      "prepaid balance reaches 0 or unpaid invoices plus this month's spend reach the credit limit, passed by at most " +
      `one impression, and resume by themselves when funds or the limit allow. ${ADMINS}`,
    tags: ["Billing"],
    returns: "The account",
  },
  listInvoices: {
    summary: "List invoices, credit notes and statements",
    description:
      "Newest first. Invoices are issued for each closed UTC month with spend (one line per campaign); credit notes " +
      `correct an invoice with their own number; prepaid accounts get a monthly statement instead. ${ADMINS}`,
    tags: ["Billing"],
    requestParams: {
      query: z.object({
        page: z.number().int().min(1).optional().meta({ description: "Default 1" }),
        per_page: z.number().int().min(1).max(100).optional().meta({ description: "Default 20" }),
      }),
    },
    returns: "A page of documents",
    errors: ["validation_failed"],
  },
  getInvoice: {
    summary: "Get an invoice",
    description: `One document as JSON. It never changes once issued but for its payments and credits. Another advertiser's is 404. ${ADMINS}`,
    tags: ["Billing"],
    requestParams: { path: invoiceId },
    returns: "The document",
    errors: ["not_found"],
  },
  getInvoicePdf: {
    summary: "Download an invoice as PDF",
    description: `The same document as a PDF (Content-Disposition: attachment; named after its number). ${ADMINS}`,
    tags: ["Billing"],
    requestParams: { path: invoiceId },
    returns: { description: "The PDF", mediaType: "application/pdf" },
    errors: ["not_found"],
  },
  getInvoiceCsv: {
    summary: "Download an invoice as CSV",
    description:
      "The same document as CSV (RFC 4180, UTF-8): one line per invoice line, then the total (statements: their four " +
      `figures). ${ADMINS}`,
    tags: ["Billing"],
    requestParams: { path: invoiceId },
    returns: { description: "The CSV", mediaType: "text/csv" },
    errors: ["not_found"],
  },
} satisfies Record<string, OperationDoc>;
