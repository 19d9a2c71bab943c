// DELETE /api/ads/campaigns/{id}: cancel (docs/decisions/0300). From active or
// paused the campaign becomes cancelled (final, kept for reporting) and
// `campaign.ended` {reason: "advertiser"} is enqueued in the same transaction;
// cancelling a cancelled campaign changes nothing (200, no new event); an ended
// campaign cannot be cancelled (409 invalid_transition).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { emitCampaignsChanged } from "@/lib/process-bus";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import type { CampaignDetail } from "./campaigns.schemas";
import { campaignDetail, getCampaignOrThrow } from "./get-campaign";

const ATTEMPTS = 3;

export async function cancelCampaign(actor: Actor, id: string, options: { now?: Date } = {}): Promise<CampaignDetail> {
  for (let attempt = 1; ; attempt++) {
    const now = options.now ?? new Date();
    const row = await getCampaignOrThrow(actor, id);
    if (row.status === "cancelled") return campaignDetail(row);
    if (row.status === "ended")
      throw new AppError("invalid_transition", { detail: "An ended campaign cannot be cancelled." });
    const updated = await db().$transaction(async (tx) => {
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
      if (result.count === 0) return null;
      await enqueueEvent(tx, {
        advertiserId: actor.advertiserId,
        type: "campaign.ended",
        data: { campaign_id: id, reason: "advertiser" },
        createdAtMs: now.getTime(),
      });
      return tx.campaign.findFirstOrThrow({ where: { id } });
    });
    if (updated) {
      emitCampaignsChanged([id]);
      return campaignDetail(updated);
    }
    if (attempt >= ATTEMPTS)
      throw new AppError("conflict", { detail: "The campaign was changed by a concurrent request; retry." });
  }
}
