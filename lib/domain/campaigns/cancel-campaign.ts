// DELETE /api/ads/campaigns/{id}: cancel (docs/decisions/0300). From active or
// paused the campaign becomes cancelled (final, kept for reporting) and
// `campaign.ended` {reason: "advertiser"} is enqueued in the same transaction;
// cancelling a cancelled campaign changes nothing (200, no new event); an ended
// campaign cannot be cancelled (409 invalid_transition).
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import type { CampaignWithCreatives } from "./campaign";
import { campaignFieldValues } from "./campaign-changes";
import { campaignIdInput, campaignResource } from "./campaigns.schemas";
import { getCampaignOrThrow } from "./get-campaign";
import { retryCampaignChange } from "./retry-campaign-change";

/** DELETE /api/ads/campaigns/{id} and GraphQL's cancelCampaign: a write, retried safely with an Idempotency-Key. */
export const cancelCampaign = defineOperation({
  name: "cancelCampaign",
  access: "campaigns:write",
  write: true,
  history: "campaign",
  idempotent: true,
  input: campaignIdInput,
  output: campaignResource,
  run: (actor, { id }, { clock }) => campaignCancelled(actor, id, { clock }),
});

export async function campaignCancelled(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<CampaignWithCreatives> {
  let who: ReturnType<typeof changeActorOf> | undefined;
  return retryCampaignChange(id, options.clock, async (now) => {
    const row = await getCampaignOrThrow(actor, id);
    if (row.status === "cancelled") return { row };
    if (row.status === "ended")
      throw new AppError("invalid_transition", { detail: "An ended campaign cannot be cancelled." });
    const by = await (who ??= changeActorOf(actor));
    const write = async (tx: Tx) => {
      const cancelled = { status: "cancelled", endedReason: "advertiser" };
      const result = await tx.campaign.updateMany({
        where: { id, advertiserId: actor.advertiserId, status: row.status, version: row.version },
        data: { ...cancelled, cancelledAt: now, version: { increment: 1 }, updatedAt: now },
      });
      if (result.count === 0) return false;
      await recordChange(tx, {
        advertiserId: actor.advertiserId,
        atMs: now.getTime(),
        actor: by,
        operation: cancelCampaign.name,
        target: { type: "campaign", id },
        campaignId: id,
        fields: fieldChanges(campaignFieldValues(row), campaignFieldValues({ ...row, ...cancelled })),
      });
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
