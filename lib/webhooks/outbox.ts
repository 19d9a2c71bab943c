// The transactional outbox: an event is written in the same transaction as the
// change that caused it, and the webhook dispatcher delivers it later (at least
// once). Nothing else sends webhooks.
import type { Db, Tx } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { eventDataSchemas, type EventData, type EventType } from "./events";

export type OutboxEventInput<T extends EventType> = {
  advertiserId: string;
  type: T;
  data: EventData<T>;
  /** defaults to now */
  createdAtMs?: number;
};

/** Column values of one outbox row, for writers that insert with their own SQL (the delivery hot path). */
export function outboxRow<T extends EventType>(input: OutboxEventInput<T>) {
  const data = eventDataSchemas[input.type].parse(input.data);
  return {
    id: newId("evt"),
    advertiserId: input.advertiserId,
    type: input.type,
    data: JSON.stringify(data),
    createdAtMs: BigInt(input.createdAtMs ?? Date.now()),
  };
}

/** Writes an outbox event; pass the transaction client so it commits with the change. */
export async function enqueueEvent<T extends EventType>(client: Tx | Db, input: OutboxEventInput<T>): Promise<string> {
  const row = outboxRow(input);
  await client.outboxEvent.create({ data: row });
  return row.id;
}
