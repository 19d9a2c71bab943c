// Fan-out: outbox events -> one delivery per subscribed active endpoint of the
// event's advertiser (or, for impression.served to a batch_impressions
// endpoint, an item waiting for that endpoint's next batch).
//
// Claims are atomic conditional updates: several instances may run this at
// once on one database and never both fan out an event. A claim expires after
// the lease, so events a crashed instance held are picked up again; the unique
// (endpoint, event) keys make a repeated fan-out fail rather than send twice.
import { newId, newUuid } from "@/lib/ids";
import { claimToken, LostClaimError, unlocked, type DispatchContext } from "./context";
import type { EventType } from "./events";
import { outboxEvents, type OutboxEvent } from "./outbox";
import { eventBody } from "./payloads";

type EndpointRow = { id: string; advertiserId: string; events: string; batchImpressions: boolean };

function subscribedKinds(endpoint: EndpointRow): ReadonlySet<string> {
  try {
    const kinds = JSON.parse(endpoint.events) as unknown;
    return new Set(Array.isArray(kinds) ? kinds.filter((kind): kind is string => typeof kind === "string") : []);
  } catch {
    return new Set();
  }
}

/** Fans out up to one batch of pending outbox rows (fanOutBatchSize); returns how many rows were fanned out. */
export async function fanOutEvents(context: DispatchContext): Promise<number> {
  const { db } = context;
  const now = context.now();
  const candidates = await db.outboxEvent.findMany({
    where: { fannedOutMs: null, OR: unlocked(now) },
    orderBy: { createdAtMs: "asc" },
    take: context.fanOutBatchSize,
    select: { id: true },
  });
  if (candidates.length === 0) return 0;

  const token = claimToken(context);
  const claim = await db.outboxEvent.updateMany({
    where: { id: { in: candidates.map((row) => row.id) }, fannedOutMs: null, OR: unlocked(now) },
    data: { lockedBy: token, lockedUntilMs: BigInt(now + context.leaseMs) },
  });
  if (claim.count === 0) return 0;
  // read back by primary key (`locked_by` has no index): the candidates this claim holds
  const events = await db.outboxEvent.findMany({
    where: { id: { in: candidates.map((row) => row.id) }, lockedBy: token, fannedOutMs: null },
  });
  if (events.length === 0) return 0;

  const advertiserIds = [...new Set(events.map((event) => event.advertiserId))];
  const endpoints = await db.webhookEndpoint.findMany({
    where: { advertiserId: { in: advertiserIds }, isActive: true },
    select: { id: true, advertiserId: true, events: true, batchImpressions: true },
  });
  const byAdvertiser = new Map<string, { endpoint: EndpointRow; kinds: ReadonlySet<string> }[]>();
  for (const endpoint of endpoints) {
    const list = byAdvertiser.get(endpoint.advertiserId) ?? [];
    list.push({ endpoint, kinds: subscribedKinds(endpoint) });
    byAdvertiser.set(endpoint.advertiserId, list);
  }

  const nowMs = BigInt(now);
  const deliveries: {
    id: string;
    endpointId: string;
    eventId: string;
    eventType: string;
    payload: string;
    status: string;
    nextAttemptMs: bigint;
    createdAtMs: bigint;
    traceParent: string | null;
  }[] = [];
  const batchItems: {
    id: string;
    endpointId: string;
    eventId: string;
    data: string;
    eventCreatedAtMs: bigint;
    queuedAtMs: bigint;
  }[] = [];
  /** one event: a delivery per subscribed endpoint, or an item for an endpoint's next batch of impressions */
  const fanOutOne = (
    event: OutboxEvent,
    body: string,
    subscribed: readonly { endpoint: EndpointRow; kinds: ReadonlySet<string> }[],
    traceParent: string | null,
  ) => {
    for (const { endpoint, kinds } of subscribed) {
      if (!kinds.has(event.type)) continue;
      if (event.type === ("impression.served" satisfies EventType) && endpoint.batchImpressions) {
        batchItems.push({
          id: newUuid(),
          endpointId: endpoint.id,
          eventId: event.id,
          data: event.dataJson,
          eventCreatedAtMs: event.createdAtMs,
          queuedAtMs: nowMs,
        });
        continue;
      }
      deliveries.push({
        id: newId("whd"),
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        payload: body,
        status: "pending",
        nextAttemptMs: nowMs,
        createdAtMs: nowMs,
        traceParent,
      });
    }
  };
  for (const row of events) {
    // a row is one event, or impression.served events packed together (./outbox.ts)
    let unpacked: { event: OutboxEvent; body: string }[];
    try {
      unpacked = outboxEvents(row).map((event) => ({ event, body: eventBody(event) }));
    } catch (error) {
      // written by outboxRow from a validated object, so this cannot happen; if
      // it does, the one bad row must not stop the outbox behind it
      context.log.error({ err: error, eventId: row.id }, "outbox event data is not JSON; not delivered");
      continue;
    }
    const subscribed = byAdvertiser.get(row.advertiserId) ?? [];
    for (const { event, body } of unpacked) fanOutOne(event, body, subscribed, row.traceParent);
  }

  // writes first: on SQLite a transaction that reads before writing can lose
  // its snapshot to another process's commit
  await db.$transaction(async (tx) => {
    if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
    if (batchItems.length) await tx.webhookBatchItem.createMany({ data: batchItems });
    const done = await tx.outboxEvent.updateMany({
      where: { id: { in: events.map((event) => event.id) }, lockedBy: token },
      data: { fannedOutMs: nowMs, lockedBy: null, lockedUntilMs: null },
    });
    if (done.count !== events.length) throw new LostClaimError(`${events.length - done.count} outbox events`);
  });
  return events.length;
}
