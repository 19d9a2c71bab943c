// Outbox rows written by the delivery writer with its own SQL: the same
// validation as lib/webhooks/outbox.ts outboxRow (the event's zod schema), with
// a time-ordered id (see ./ids.ts).
import { eventDataSchemas, type EventData, type EventType } from "@/lib/webhooks/events";
import { sortableId } from "./ids";

export type OutboxInsert = { id: string; advertiserId: string; type: EventType; data: string; createdAtMs: number };

export function deliveryOutboxRow<T extends EventType>(
  advertiserId: string,
  type: T,
  data: EventData<T>,
  nowMs: number,
): OutboxInsert {
  const parsed = eventDataSchemas[type].parse(data);
  return { id: sortableId("evt", nowMs), advertiserId, type, data: JSON.stringify(parsed), createdAtMs: nowMs };
}
