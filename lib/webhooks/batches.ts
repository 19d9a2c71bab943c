// Impression batches for batch_impressions endpoints (docs/api.md): a batch is sent
// when 100 impressions wait for the endpoint or the oldest has waited 5 s,
// whichever comes first. Items are immutable rows; taking them into a batch is
// deleting them in the transaction that creates the batch delivery, with a row
// count check, so two instances never put one impression in two batches and a
// crash before commit leaves every item waiting.
import { newId } from "@/lib/ids";
import { LostClaimError, type DispatchContext } from "./context";
import { batchBody } from "./payloads";

function isDue(context: DispatchContext, count: number, oldestQueuedMs: bigint | null, now: number): boolean {
  if (count === 0) return false;
  return count >= context.batchMaxItems || now - Number(oldestQueuedMs ?? now) >= context.batchWindowMs;
}

/** Creates every batch that is due; returns how many batch deliveries were created. */
export async function flushDueBatches(context: DispatchContext): Promise<number> {
  const { db } = context;
  const now = context.now();
  const groups = await db.webhookBatchItem.groupBy({
    by: ["endpointId"],
    _count: { _all: true },
    _min: { queuedAtMs: true },
  });
  let created = 0;
  for (const group of groups) {
    let due = isDue(context, group._count._all, group._min.queuedAtMs, now);
    // a backlog leaves as several full batches; a remainder waits for its window
    for (let round = 0; due && round < 50; round++) {
      if ((await flushOne(context, group.endpointId, now)) === 0) break;
      created++;
      const left = await db.webhookBatchItem.aggregate({
        where: { endpointId: group.endpointId },
        _count: { _all: true },
        _min: { queuedAtMs: true },
      });
      due = isDue(context, left._count._all, left._min.queuedAtMs, now);
    }
  }
  return created;
}

/** One batch for one endpoint; returns the number of impressions it carries (0: nothing sent). */
async function flushOne(context: DispatchContext, endpointId: string, now: number): Promise<number> {
  const { db } = context;
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { isActive: true } });
  if (!endpoint?.isActive) {
    await db.webhookBatchItem.deleteMany({ where: { endpointId } });
    return 0;
  }
  const items = await db.webhookBatchItem.findMany({
    where: { endpointId },
    orderBy: [{ queuedAtMs: "asc" }, { eventCreatedAtMs: "asc" }, { id: "asc" }],
    take: context.batchMaxItems,
  });
  if (items.length === 0) return 0;
  items.sort((a, b) =>
    a.eventCreatedAtMs < b.eventCreatedAtMs ? -1 : a.eventCreatedAtMs > b.eventCreatedAtMs ? 1 : 0,
  );
  const batchId = newId("evt");
  await db.$transaction(async (tx) => {
    const taken = await tx.webhookBatchItem.deleteMany({ where: { id: { in: items.map((item) => item.id) } } });
    if (taken.count !== items.length) throw new LostClaimError(`batch items of endpoint ${endpointId}`);
    await tx.webhookDelivery.create({
      data: {
        id: newId("whd"),
        endpointId,
        eventId: batchId,
        eventType: "impression.served",
        payload: batchBody({ id: batchId, createdAtMs: now, items: items.map((item) => item.data) }),
        status: "pending",
        nextAttemptMs: BigInt(now),
        createdAtMs: BigInt(now),
        itemCount: items.length,
      },
    });
  });
  return items.length;
}
