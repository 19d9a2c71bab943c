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

/**
 * sendWebhookTestEvent's test event: a conversion.recorded body that validates against the
 * event's schema and cannot be mistaken for a real conversion (ids marked
 * `test`, event_type custom, event_name "webhook.test", no value).
 */
export function testConversionBody(nowMs: number): { id: string; body: string } {
  const id = `evt_test_${randomBase62(18)}`;
  const data: EventData<"conversion.recorded"> = {
    conversion_id: `cnv_test_${randomBase62(18)}`,
    click_id: `clk_test_${randomBase62(18)}`,
    campaign_id: "cmp_test",
    event_type: "custom",
    event_value_usd: null,
    event_name: "webhook.test",
    recorded_at: iso(nowMs),
  };
  return { id, body: JSON.stringify({ id, type: "conversion.recorded", created_at: iso(nowMs), data }) };
}
