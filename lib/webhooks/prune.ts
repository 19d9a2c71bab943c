// Retention: fanned-out outbox rows are kept 7 days (enough to investigate a
// fan-out), finished deliveries and their attempt logs 30 days (the delivery
// log's horizon). Deletes go in bounded chunks so no statement holds the
// database for long; running it on several instances at once is harmless.
import { DAY_MS } from "@/lib/clock";
import type { DispatchContext } from "./context";

export const OUTBOX_RETENTION_MS = 7 * DAY_MS;
export const DELIVERY_RETENTION_MS = 30 * DAY_MS;
const CHUNK = 1000;

export async function pruneWebhookData(context: DispatchContext): Promise<number> {
  const { db } = context;
  const now = context.now();
  let deleted = 0;
  for (;;) {
    const rows = await db.outboxEvent.findMany({
      where: { fannedOutMs: { not: null, lt: BigInt(now - OUTBOX_RETENTION_MS) } },
      select: { id: true },
      take: CHUNK,
    });
    if (rows.length === 0) break;
    deleted += (await db.outboxEvent.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } })).count;
    if (rows.length < CHUNK) break;
  }
  for (;;) {
    const rows = await db.webhookDelivery.findMany({
      where: {
        status: { in: ["succeeded", "failed", "cancelled"] },
        createdAtMs: { lt: BigInt(now - DELIVERY_RETENTION_MS) },
      },
      select: { id: true },
      take: CHUNK,
    });
    if (rows.length === 0) break;
    await db.webhookAttempt.deleteMany({ where: { deliveryId: { in: rows.map((row) => row.id) } } });
    deleted += (await db.webhookDelivery.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } })).count;
    if (rows.length < CHUNK) break;
  }
  return deleted;
}
