import { describe, expect, it } from "vitest";
import { EVENT_TYPES, eventDataSchemas } from "./events";
import { batchBody, DEFAULT_TEST_EVENT_TYPE, eventBody, testEventBody } from "./payloads";

describe("webhook payloads", () => {
  it("an event is {id, type, created_at, data}", () => {
    const body = eventBody({
      id: "evt_a",
      type: "campaign.ended",
      createdAtMs: 1763800000123n,
      dataJson: '{"campaign_id":"cmp_1","reason":"end_date"}',
    });
    expect(body).toBe(
      '{"id":"evt_a","type":"campaign.ended","created_at":"2025-11-22T08:26:40.123Z","data":{"campaign_id":"cmp_1","reason":"end_date"}}',
    );
  });

  it("a batch is {id, type: impression.served, created_at, batch: true, data: [...]}", () => {
    const body = batchBody({
      id: "evt_b",
      createdAtMs: 0,
      items: ['{"impression_id":"imp_1"}', '{"impression_id":"imp_2"}'],
    });
    expect(JSON.parse(body)).toEqual({
      id: "evt_b",
      type: "impression.served",
      created_at: "1970-01-01T00:00:00.000Z",
      batch: true,
      data: [{ impression_id: "imp_1" }, { impression_id: "imp_2" }],
    });
    expect(Object.keys(JSON.parse(body) as object)).toEqual(["id", "type", "created_at", "batch", "data"]);
  });

  it("the E15 test event is a valid conversion.recorded that says it is a test", () => {
    const { id, body } = testEventBody(DEFAULT_TEST_EVENT_TYPE, Date.UTC(2026, 0, 2));
    const parsed = JSON.parse(body) as { id: string; type: string; created_at: string; data: unknown };
    expect(Object.keys(parsed)).toEqual(["id", "type", "created_at", "data"]);
    expect(parsed.id).toBe(id);
    expect(id).toMatch(/^evt_test_[0-9A-Za-z]{18}$/);
    expect(parsed.type).toBe("conversion.recorded");
    const data = eventDataSchemas["conversion.recorded"].parse(parsed.data);
    expect(data).toMatchObject({
      campaign_id: "cmp_test",
      event_type: "custom",
      event_name: "webhook.test",
      event_value_usd: null,
    });
    expect(data.conversion_id).toMatch(/^cnv_test_/);
    expect(data.click_id).toMatch(/^clk_test_/);
    expect(testEventBody(DEFAULT_TEST_EVENT_TYPE, 0).id).not.toBe(testEventBody(DEFAULT_TEST_EVENT_TYPE, 0).id);
  });

  it.each(EVENT_TYPES)("a test event of %s is that type, its data valid for it and marked as a test", (type) => {
    const nowMs = Date.UTC(2026, 10, 3, 12);
    const { id, body } = testEventBody(type, nowMs);
    const parsed = JSON.parse(body) as { id: string; type: string; created_at: string; data: Record<string, unknown> };
    expect(parsed).toMatchObject({ id, type, created_at: new Date(nowMs).toISOString() });
    expect(eventDataSchemas[type].safeParse(parsed.data).success).toBe(true);
    // nothing in it names a real object: every id says test
    for (const [field, value] of Object.entries(parsed.data))
      if (field.endsWith("_id")) expect(String(value), field).toMatch(/_test(_|$)/);
  });
});
