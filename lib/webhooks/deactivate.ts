// Deactivation (E14, or automatic after 410 Gone or 5 days of failures): the
// endpoint goes inactive with its reason, and in the same transaction every
// delivery not yet made is cancelled and every impression waiting for a batch
// is dropped, so delivery stops at once, retries included. An attempt already
// on the wire cannot be recalled; its result no longer changes the delivery.
import type { Tx } from "@/lib/db/client";

/** Returns true when this call deactivated it (false: it already was inactive). */
export async function deactivateEndpoint(tx: Tx, endpointId: string, reason: string, now: Date): Promise<boolean> {
  const { count } = await tx.webhookEndpoint.updateMany({
    where: { id: endpointId, isActive: true },
    data: { isActive: false, deactivatedAt: now, deactivatedReason: reason },
  });
  // also when already inactive: sweeps up anything a concurrent fan-out added
  await tx.webhookDelivery.updateMany({
    where: { endpointId, status: { in: ["pending", "delivering"] } },
    data: { status: "cancelled", nextAttemptMs: null, lockedBy: null, lockedUntilMs: null },
  });
  await tx.webhookBatchItem.deleteMany({ where: { endpointId } });
  return count === 1;
}
