// Webhook bodies (docs/api.md): one event is {"id", "type", "created_at", "data"};
// a batch of impressions is {"id", "type": "impression.served", "created_at",
// "batch": true, "data": [...]}. The string built here is stored on the delivery
// and sent byte for byte on every attempt, so a retry carries the same body.
import { randomBase62 } from "@/lib/ids";
import type { EventData, EventType } from "./events";

function iso(ms: number | bigint): string {
  return new Date(Number(ms)).toISOString();
}

/** The body of one event; `dataJson` is the outbox row's data column (already validated JSON). */
export function eventBody(event: { id: string; type: string; createdAtMs: number | bigint; dataJson: string }): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: iso(event.createdAtMs),
    data: JSON.parse(event.dataJson) as unknown,
  });
}

/** The body of a batch of impression.served events; `items` are their data columns, in order. */
export function batchBody(batch: { id: string; createdAtMs: number | bigint; items: readonly string[] }): string {
  return JSON.stringify({
    id: batch.id,
    type: "impression.served" satisfies EventType,
    created_at: iso(batch.createdAtMs),
    batch: true,
    data: batch.items.map((item) => JSON.parse(item) as unknown),
  });
}

/** The event type a test send uses when none is chosen (E15's original and still its default). */
export const DEFAULT_TEST_EVENT_TYPE = "conversion.recorded" satisfies EventType;

/**
 * A sample `data` of each event type for sendWebhookTestEvent: realistic values that validate
 * against the type's schema, and cannot be mistaken for real ones (every id marked `test`,
 * the campaign `cmp_test`, a conversion of event_type custom named "webhook.test").
 */
function sampleData(type: EventType, nowMs: number): { [T in EventType]: EventData<T> }[EventType] {
  const at = iso(nowMs);
  const tagged = (prefix: string) => `${prefix}_test_${randomBase62(18)}`;
  const samples: { [T in EventType]: () => EventData<T> } = {
    "impression.served": () => ({
      impression_id: tagged("imp"),
      campaign_id: "cmp_test",
      creative_id: tagged("cr"),
      moment_type: "close_game",
      sport: "nba",
      clearing_cpm_usd: 4.2,
      cost_usd: 0.0042,
      served_at: at,
      region: "US-NY",
    }),
    "click.recorded": () => ({
      click_id: tagged("clk"),
      impression_id: tagged("imp"),
      campaign_id: "cmp_test",
      creative_id: tagged("cr"),
      clicked_at: at,
    }),
    "conversion.recorded": () => ({
      conversion_id: tagged("cnv"),
      click_id: tagged("clk"),
      campaign_id: "cmp_test",
      event_type: "custom",
      event_value_usd: null,
      event_name: "webhook.test",
      recorded_at: at,
    }),
    "campaign.budget_50pct": () => ({ campaign_id: "cmp_test", spend_to_date_usd: 500, total_budget_usd: 1000 }),
    "campaign.budget_90pct": () => ({ campaign_id: "cmp_test", spend_to_date_usd: 900, total_budget_usd: 1000 }),
    "campaign.ended": () => ({ campaign_id: "cmp_test", reason: "end_date" }),
    "campaign.bid_adjusted": () => ({
      campaign_id: "cmp_test",
      old_bid_cpm_usd: 2.5,
      new_bid_cpm_usd: 3,
      reason: "webhook.test",
    }),
    "account.balance_low": () => ({ mode: "prepaid", available_usd: 150, at }),
    "account.limit_reached": () => ({ mode: "prepaid", available_usd: 0, at }),
    "invoice.issued": () => ({
      invoice_id: tagged("inv"),
      number: "TEST-0001",
      kind: "invoice",
      month: at.slice(0, 7),
      total_usd: 1234.56,
    }),
  };
  return samples[type]();
}

/** sendWebhookTestEvent's test event of `type`: a body as a real delivery's, with sample data marked as a test. */
export function testEventBody(type: EventType, nowMs: number): { id: string; body: string } {
  const id = `evt_test_${randomBase62(18)}`;
  const data = sampleData(type, nowMs);
  return { id, body: JSON.stringify({ id, type, created_at: iso(nowMs), data }) };
}
