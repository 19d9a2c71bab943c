// Billing's inputs and answers (docs/api.md, "Billing"): the operator's commands, the admin's
// billing profile, and the account, invoices and statements as every face returns them.
import { z } from "zod";
import { isWholeMicros } from "@/lib/domain/campaigns/campaigns.schemas";
import { BILLING_MODES } from "./terms";

/** Nothing larger is accepted as one amount (a top-up, a payment, a limit): 1 billion USD. */
export const MAX_BILLING_AMOUNT_USD = 1_000_000_000;

const amountUsd = z
  .number("must be a number")
  .gt(0, "must be greater than 0")
  .max(MAX_BILLING_AMOUNT_USD, `must be at most ${MAX_BILLING_AMOUNT_USD}`)
  .refine(isWholeMicros, "must have at most 6 decimal places");

const reference = z
  .string()
  .trim()
  .min(1, "must not be blank")
  .max(200, "must be at most 200 characters")
  .refine((value) => !value.includes("\u0000"), "must not contain the NUL character (U+0000)");

const advertiserId = z.string().min(1, "is required").max(64);

/** A UTC calendar month, YYYY-MM. */
export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month as YYYY-MM")
  .meta({ description: "A UTC calendar month.", example: "2026-11" });

export const INVOICE_NUMBER_PATTERN = /^SMA-(ST-)?\d{4}-\d{6}$/;
const invoiceNumber = z.string().regex(INVOICE_NUMBER_PATTERN, "must be an invoice number such as SMA-2026-000001");

export const addFundsInput = z.strictObject({ advertiser_id: advertiserId, amount_usd: amountUsd, reference });
export type AddFundsInput = z.infer<typeof addFundsInput>;

export const setBillingInput = z.strictObject({
  advertiser_id: advertiserId,
  mode: z.enum(BILLING_MODES, "must be invoiced or prepaid"),
  /** invoiced only; null: no limit; absent: unchanged */
  credit_limit_usd: z
    .number("must be a number or none")
    .min(0, "must not be negative")
    .max(MAX_BILLING_AMOUNT_USD, `must be at most ${MAX_BILLING_AMOUNT_USD}`)
    .refine(isWholeMicros, "must have at most 6 decimal places")
    .nullable()
    .optional(),
});
export type SetBillingInput = z.infer<typeof setBillingInput>;

export const recordPaymentInput = z.strictObject({ invoice_number: invoiceNumber, amount_usd: amountUsd, reference });
export type RecordPaymentInput = z.infer<typeof recordPaymentInput>;

export const creditInvoiceInput = z.strictObject({
  invoice_number: invoiceNumber,
  amount_usd: amountUsd,
  reason: reference,
});
export type CreditInvoiceInput = z.infer<typeof creditInvoiceInput>;

export const issueInvoicesInput = z.strictObject({ month: monthSchema });

const profileText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !value.includes("\u0000"), "must not contain the NUL character (U+0000)")
    .transform((value) => (value === "" ? null : value))
    .nullable();

/** What an admin prints on the advertiser's invoices: every field optional, blank clears it. */
export const billingProfileInput = z
  .strictObject({
    legal_name: profileText(200).optional(),
    address: profileText(500).optional(),
    tax_id: profileText(64).optional(),
  })
  .meta({ id: "BillingProfileInput" });
export type BillingProfileInput = z.infer<typeof billingProfileInput>;

export const getBillingInput = z.strictObject({});

export const listInvoicesInput = z.strictObject({
  page: z.number().int("must be an integer").min(1, "must be at least 1").default(1),
  per_page: z
    .number()
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(20),
});
export type ListInvoicesInput = z.input<typeof listInvoicesInput>;

export const invoiceIdInput = z.strictObject({ id: z.string() });

const usdOut = z.number();

export const billingProfileSchema = z
  .object({ legal_name: z.string().nullable(), address: z.string().nullable(), tax_id: z.string().nullable() })
  .meta({ id: "BillingProfile" });
export type BillingProfile = z.infer<typeof billingProfileSchema>;

export const billingAccountSchema = z
  .object({
    mode: z.enum(BILLING_MODES),
    balance_usd: usdOut
      .nullable()
      .meta({ description: "Prepaid: funds added minus spend (negative while owed); invoiced: null." }),
    credit_limit_usd: usdOut.nullable().meta({ description: "Invoiced: the credit limit; null: none (or prepaid)." }),
    credit_used_usd: usdOut
      .nullable()
      .meta({ description: "Invoiced: unpaid invoices plus the current month's spend; prepaid: null." }),
    month_to_date_spend_usd: usdOut.meta({ description: "The current UTC month's recorded spend." }),
    unpaid_usd: usdOut.meta({ description: "What the issued invoices still owe (after payments and credit notes)." }),
    delivery_limited: z
      .boolean()
      .meta({ description: "true while the campaigns stop winning: the balance or the credit limit is used up." }),
    billing_profile: billingProfileSchema,
  })
  .meta({ id: "BillingAccount" });
export type BillingAccountView = z.infer<typeof billingAccountSchema>;

export const INVOICE_KINDS = ["invoice", "credit_note", "statement"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ["issued", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceLineSchema = z
  .object({
    campaign_id: z.string().nullable(),
    description: z.string(),
    impressions: z.number().int(),
    clicks: z.number().int(),
    amount_usd: usdOut,
    average_cpm_usd: usdOut.nullable(),
  })
  .meta({ id: "InvoiceLine" });

export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().meta({ example: "SMA-2026-000042" }),
    kind: z.enum(INVOICE_KINDS),
    month: z.string().meta({ description: "The UTC calendar month it covers, YYYY-MM." }),
    status: z.enum(INVOICE_STATUSES),
    currency: z.literal("USD"),
    total_usd: usdOut,
    paid_usd: usdOut,
    credited_usd: usdOut,
    due_usd: usdOut.meta({ description: "total - paid - credited (credit notes and statements: 0)." }),
    issued_at: z.string(),
    paid_at: z.string().nullable(),
    bill_to: z.object({ name: z.string() }).extend(billingProfileSchema.shape),
    lines: z.array(invoiceLineSchema),
    statement: z
      .object({
        opening_balance_usd: usdOut,
        funds_added_usd: usdOut,
        spend_usd: usdOut,
        closing_balance_usd: usdOut,
      })
      .nullable()
      .meta({ description: "Statements (prepaid accounts) only." }),
    credits_invoice_number: z.string().nullable().meta({ description: "Credit notes: the invoice they correct." }),
    reason: z.string().nullable(),
  })
  .meta({ id: "Invoice" });
export type InvoiceView = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z
  .object({
    invoices: z.array(invoiceSchema),
    pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: "InvoiceList" });
