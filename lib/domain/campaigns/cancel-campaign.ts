// DELETE /api/ads/campaigns/{id}: cancel (docs/decisions/0300). From active or
// paused the campaign becomes cancelled (final, kept for reporting) and
// `campaign.ended` {reason: "advertiser"} is enqueued in the same transaction;
// cancelling a cancelled campaign changes nothing (200, no new event); an ended
// campaign cannot be cancelled (409 invalid_transition).
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import type { CampaignWithCreatives } from "./campaign";
import { campaignIdInput } from "./campaigns.schemas";
import { getCampaignOrThrow } from "./get-campaign";
import { retryCampaignChange } from "./retry-campaign-change";

/** DELETE /api/ads/campaigns/{id} and GraphQL's cancelCampaign: a write, retried safely with an Idempotency-Key. */
export const cancelCampaign = defineOperation({
  name: "cancelCampaign",
  access: "campaigns:write",
  write: true,
  idempotent: true,
  input: campaignIdInput,
  run: (actor, { id }, { clock }) => campaignCancelled(actor, id, { clock }),
});

export async function campaignCancelled(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<CampaignWithCreatives> {
  return retryCampaignChange(id, options.clock, async (now) => {
    const row = await getCampaignOrThrow(actor, id);
    if (row.status === "cancelled") return { row };
    if (row.status === "ended")
      throw new AppError("invalid_transition", { detail: "An ended campaign cannot be cancelled." });
    const write = async (tx: Tx) => {
      const result = await tx.campaign.updateMany({
        where: { id, advertiserId: actor.advertiserId, status: row.status, version: row.version },
        data: {
          status: "cancelled",
          cancelledAt: now,
          endedReason: "advertiser",
          version: { increment: 1 },
          updatedAt: now,
        },
      });
      if (result.count === 0) return false;
      await enqueueEvent(tx, {
        advertiserId: actor.advertiserId,
        type: "campaign.ended",
        data: { campaign_id: id, reason: "advertiser" },
        createdAtMs: now.getTime(),
      });
      return true;
    };
    return { row, write };
  });
}
