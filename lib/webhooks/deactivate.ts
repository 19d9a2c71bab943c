// Deactivation (deactivateWebhookEndpoint, or automatic after 410 Gone or 5 days of failures): the
// endpoint goes inactive with its reason, and in the same transaction every
// delivery not yet made is cancelled and every impression waiting for a batch
// is dropped, so delivery stops at once, retries included. An attempt already
// on the wire cannot be recalled; its result no longer changes the delivery.
// The steps are the attempt plan's (store/attempt-plan.ts), which the automatic
// deactivations run inside their attempt's record.
import type { Db } from "@/lib/db/client";
import { deactivate } from "./store/attempt-plan";
import { runAttemptPlan } from "./store/attempt-store";

/** Returns true when this call deactivated it (false: it already was inactive). */
export function deactivateEndpoint(client: Db, endpointId: string, reason: string, nowMs: number): Promise<boolean> {
  return runAttemptPlan(client, deactivate(endpointId, reason, nowMs), "transaction");
}
