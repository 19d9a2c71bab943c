// The transactional outbox: an event is written in the same transaction as the
// change that caused it, and the webhook dispatcher delivers it later (at least
// once). Nothing else sends webhooks. Every row is built by outboxRow (the
// event's zod schema validates its data) or, for the delivery hot path's
// impression events, by typedOutboxRow (typed data, checked against the schema by
// the commit plan's tests); its id is time-ordered (the table is only ever
// appended to).
//
// A row is one event, except for impression.served events of one advertiser at
// one instant (a moment's, or single decisions committed together): up to
// EVENTS_PER_ROW of them share a row (packedEventRows), whose event_count says how
// many, whose data is the JSON array of {id, data} and whose id is its first
// event's. outboxEvents gives any row's events
// (docs/decisions/0410-packed-impression-events.md).
import type { Db, Tx } from "@/lib/db/client";
import { sortableId } from "@/lib/ids";
import { activeTraceParent } from "@/lib/observability/tracing";
import { eventDataSchemas, type EventData, type EventType } from "./events";

export type OutboxEventInput<T extends EventType> = {
  advertiserId: string;
  type: T;
  data: EventData<T>;
  /** defaults to now */
  createdAtMs?: number;
};

/** Column values of one outbox row (the delivery stores insert them with their own SQL). */
export type OutboxRow = {
  id: string;
  advertiserId: string;
  type: EventType;
  data: string;
  /** 1, or how many events a packed row's data holds */
  eventCount: number;
  createdAtMs: number;
  /** the writer's span (tracing on), which the event's deliveries continue */
  traceParent: string | null;
};

export function outboxRow<T extends EventType>(input: OutboxEventInput<T>): OutboxRow {
  return typedOutboxRow({
    ...input,
    data: eventDataSchemas[input.type].parse(input.data) as EventData<T>,
    createdAtMs: input.createdAtMs ?? Date.now(),
  });
}

/**
 * An outbox row from data the compiler has typed, without the schema's parse: for the
 * delivery hot path, whose impression events are built from typed records (the commit
 * plan's tests parse them with the schema). Everything else uses outboxRow.
 */
export function typedOutboxRow<T extends EventType>(input: OutboxEventInput<T> & { createdAtMs: number }): OutboxRow {
  return {
    id: sortableId("evt", input.createdAtMs),
    advertiserId: input.advertiserId,
    type: input.type,
    data: JSON.stringify(input.data),
    eventCount: 1,
    createdAtMs: input.createdAtMs,
    traceParent: activeTraceParent(),
  };
}

/** The most events one packed row carries: a dispatcher pass claims at most 200 rows, so at most 10,000 events. */
export const EVENTS_PER_ROW = 50;

/**
 * The rows of events that are all of one type, advertiser and instant: one row per
 * EVENTS_PER_ROW events, a lone event's row as it was.
 */
export function packedEventRows(rows: readonly OutboxRow[]): OutboxRow[] {
  if (rows.length < 2) return [...rows];
  const packed: OutboxRow[] = [];
  for (let start = 0; start < rows.length; start += EVENTS_PER_ROW) {
    const chunk = rows.slice(start, start + EVENTS_PER_ROW);
    const first = chunk[0]!;
    packed.push(
      chunk.length === 1
        ? first
        : {
            ...first,
            data: `[${chunk.map((row) => `{"id":${JSON.stringify(row.id)},"data":${row.data}}`).join(",")}]`,
            eventCount: chunk.length,
          },
    );
  }
  return packed;
}

/** One event of an outbox row, with its data as JSON. */
export type OutboxEvent = { id: string; type: string; createdAtMs: bigint; dataJson: string };

/** A row's events: the row's own, or those it packs in order (throws on data that is not JSON). */
export function outboxEvents(row: {
  id: string;
  type: string;
  data: string;
  eventCount: number;
  createdAtMs: bigint;
}): OutboxEvent[] {
  if (row.eventCount === 1) return [{ id: row.id, type: row.type, createdAtMs: row.createdAtMs, dataJson: row.data }];
  return (JSON.parse(row.data) as { id: string; data: unknown }[]).map((event) => ({
    id: event.id,
    type: row.type,
    createdAtMs: row.createdAtMs,
    dataJson: JSON.stringify(event.data),
  }));
}

/** Writes an outbox event; pass the transaction client so it commits with the change. */
export async function enqueueEvent<T extends EventType>(client: Tx | Db, input: OutboxEventInput<T>): Promise<string> {
  const row = outboxRow(input);
  await client.outboxEvent.create({ data: { ...row, createdAtMs: BigInt(row.createdAtMs) } });
  return row.id;
}
