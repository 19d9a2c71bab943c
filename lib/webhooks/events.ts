// The event kinds of the specification and the `data` object of each (docs/api.md,
// "Event data"). One zod schema per kind: the outbox writer validates against
// it, the OpenAPI document and the webhook docs are generated from it.
import { z } from "zod";
import { microsToUsd } from "@/lib/money";

const usd = z.number();
const isoTime = z.string().datetime();

export const eventDataSchemas = {
  "impression.served": z.object({
    impression_id: z.string(),
    campaign_id: z.string(),
    creative_id: z.string(),
    moment_type: z.string(),
    sport: z.string(),
    clearing_cpm_usd: usd,
    cost_usd: usd,
    served_at: isoTime,
    /** the user's region the decision named, or null */
    region: z.string().nullable(),
  }),
  "click.recorded": z.object({
    click_id: z.string(),
    impression_id: z.string(),
    campaign_id: z.string(),
    creative_id: z.string(),
    clicked_at: isoTime,
  }),
  "conversion.recorded": z.object({
    conversion_id: z.string(),
    click_id: z.string(),
    campaign_id: z.string(),
    event_type: z.enum(["install", "registration", "deposit", "purchase", "custom"]),
    event_value_usd: usd.nullable(),
    event_name: z.string().nullable(),
    recorded_at: isoTime,
  }),
  "campaign.budget_50pct": z.object({ campaign_id: z.string(), spend_to_date_usd: usd, total_budget_usd: usd }),
  "campaign.budget_90pct": z.object({ campaign_id: z.string(), spend_to_date_usd: usd, total_budget_usd: usd }),
  "campaign.ended": z.object({
    campaign_id: z.string(),
    reason: z.enum(["budget_exhausted", "end_date", "advertiser"]),
  }),
  "campaign.bid_adjusted": z.object({
    campaign_id: z.string(),
    old_bid_cpm_usd: usd,
    new_bid_cpm_usd: usd,
    reason: z.string(),
  }),
  /** a prepaid balance under 20 % of the last top-up, or 90 % of a credit limit used */
  "account.balance_low": z.object({
    mode: z.enum(["invoiced", "prepaid"]),
    available_usd: usd,
    at: isoTime,
  }),
  /** the advertiser's campaigns stopped: the balance or the credit limit is used up */
  "account.limit_reached": z.object({
    mode: z.enum(["invoiced", "prepaid"]),
    available_usd: usd,
    at: isoTime,
  }),
  /** an invoice, credit note or statement was issued (GET /api/ads/invoices/{invoice_id}) */
  "invoice.issued": z.object({
    invoice_id: z.string(),
    number: z.string(),
    kind: z.enum(["invoice", "credit_note", "statement"]),
    month: z.string(),
    total_usd: usd,
  }),
} as const;

export type EventType = keyof typeof eventDataSchemas;

/** account.balance_low and account.limit_reached's data: what the account may still spend. */
export function accountEventData(mode: string, allowanceMicros: number | null, spentMicros: number, nowMs: number) {
  return {
    mode: mode === "prepaid" ? ("prepaid" as const) : ("invoiced" as const),
    available_usd: microsToUsd(Math.max(0, (allowanceMicros ?? 0) - spentMicros)),
    at: new Date(nowMs).toISOString(),
  };
}
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

export const EVENT_TYPES = Object.keys(eventDataSchemas) as [EventType, ...EventType[]];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(eventDataSchemas, value);
}
