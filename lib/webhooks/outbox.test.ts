import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sampleEventData } from "@/test/factories/webhook-events";
import { EVENT_TYPES, eventDataSchemas } from "./events";
import { EVENTS_PER_ROW, outboxEvents, outboxRow, packedEventRows, typedOutboxRow } from "./outbox";

const AT = Date.UTC(2026, 10, 27, 12);
const withBigint = (row: ReturnType<typeof outboxRow>) => ({ ...row, createdAtMs: BigInt(row.createdAtMs) });

describe("packed outbox rows", () => {
  it("every event's data is a JSON object, so data starting with [ can only be a packed row", () => {
    for (const type of EVENT_TYPES) {
      expect(eventDataSchemas[type]).toBeInstanceOf(z.ZodObject);
      expect(outboxRow({ advertiserId: "adv", type, data: sampleEventData(type, AT), createdAtMs: AT }).data).toMatch(
        /^\{/,
      );
    }
  });

  it("packs EVENTS_PER_ROW events to a row and gives every event back with its id, instant and data", () => {
    const events = Array.from({ length: EVENTS_PER_ROW * 2 + 1 }, () =>
      typedOutboxRow({
        advertiserId: "adv",
        type: "impression.served",
        data: sampleEventData("impression.served", AT),
        createdAtMs: AT,
      }),
    );
    const rows = packedEventRows(events);
    expect(rows.map((row) => outboxEvents(withBigint(row)).length)).toEqual([EVENTS_PER_ROW, EVENTS_PER_ROW, 1]);
    // the last chunk is one event: an ordinary row
    expect(rows[2]).toEqual(events.at(-1));
    expect(rows.flatMap((row) => outboxEvents(withBigint(row)))).toEqual(
      events.map((event) => ({ id: event.id, type: event.type, createdAtMs: BigInt(AT), dataJson: event.data })),
    );
    expect(rows.map((row) => row.id)).toEqual([events[0]!.id, events[EVENTS_PER_ROW]!.id, events.at(-1)!.id]);
  });

  it("says how many events each row holds, as outboxEvents gives them back", () => {
    const events = Array.from({ length: EVENTS_PER_ROW + 7 }, () =>
      typedOutboxRow({
        advertiserId: "adv",
        type: "impression.served",
        data: sampleEventData("impression.served", AT),
        createdAtMs: AT,
      }),
    );
    const rows = [
      ...packedEventRows(events),
      outboxRow({ advertiserId: "adv", type: "click.recorded", data: sampleEventData("click.recorded", AT) }),
    ];
    expect(rows.map((row) => row.eventCount)).toEqual([EVENTS_PER_ROW, 7, 1]);
    for (const row of rows) expect(outboxEvents(withBigint(row))).toHaveLength(row.eventCount);
  });

  it("leaves a lone event as it is, and gives a row's own event back", () => {
    const one = outboxRow({ advertiserId: "adv", type: "click.recorded", data: sampleEventData("click.recorded", AT) });
    expect(packedEventRows([one])).toEqual([one]);
    expect(packedEventRows([])).toEqual([]);
    expect(outboxEvents(withBigint(one))).toEqual([
      { id: one.id, type: "click.recorded", createdAtMs: BigInt(one.createdAtMs), dataJson: one.data },
    ]);
  });
});
