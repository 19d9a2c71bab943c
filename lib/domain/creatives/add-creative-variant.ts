// addCreativeVariant: add a creative variant to a campaign. Labels follow creation order
// (variant_b, variant_c, ...) and never repeat under concurrency: the campaign
// row is locked first (its version bump), the next index is read inside that
// transaction, and the unique (campaign_id, variant_index) turns any remaining
// race into a retry (docs/decisions/0302). The body's fields are checked first
// (the operation's input), then the campaign (404), then the icon.
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { creativeFieldValues } from "@/lib/domain/campaigns/campaign-changes";
import { OPEN_STATUSES } from "@/lib/domain/campaigns/campaigns.schemas";
import { getCampaignOrThrow } from "@/lib/domain/campaigns/get-campaign";
import { AppError, isUniqueViolation } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { defineOperation } from "@/lib/operations/operation";
import { emitCampaignsChanged } from "@/lib/process-events";
import { assertIconReachable, type IconCheckOptions } from "./check-icon-url";
import { creativeInput, type CreativeStatus, variantCreated } from "./creatives.schemas";
import { reviewCreative } from "./review-creative";
import { trafficAllocation } from "./traffic-allocation";
import { MAX_VARIANTS_PER_CAMPAIGN, variantLabel } from "./variant-label";

export { MAX_VARIANTS_PER_CAMPAIGN };
const ATTEMPTS = 5;

/** addCreativeVariant's input: the creative and the campaign's id (the path's; any id, one the caller does not own is 404). */
export const addVariantInput = creativeInput.extend({ id: z.string() });
export type AddVariantInput = z.infer<typeof addVariantInput>;

/** The variant addCreativeVariant added, with the review's verdict and its share of traffic after it. */
export type VariantCreated = {
  id: string;
  variantLabel: string;
  trafficAllocation: number;
  status: CreativeStatus;
  reviewReason: string | null;
};

/** addCreativeVariant (and GraphQL's addCreativeVariant): a write, retried safely with an Idempotency-Key. */
export const addCreativeVariant = defineOperation({
  name: "addCreativeVariant",
  access: "campaigns:write",
  write: true,
  history: "creative",
  idempotent: true,
  input: addVariantInput,
  output: variantCreated,
  run: (actor, input, { clock }) => variantAdded(actor, input, { clock }),
});

export async function variantAdded(
  actor: Actor,
  input: AddVariantInput,
  options: { clock?: Clock; iconCheck?: IconCheckOptions } = {},
): Promise<VariantCreated> {
  const { id: campaignId, ...parsed } = input;
  await getCampaignOrThrow(actor, campaignId);
  await assertIconReachable(actor, parsed.icon_url, "icon_url", { clock: options.clock, ...options.iconCheck });
  const review = reviewCreative(parsed);
  const by = await changeActorOf(actor);

  for (let attempt = 1; ; attempt++) {
    const now = nowDate(options.clock);
    try {
      const created = await db().$transaction(async (tx) => {
        const locked = await tx.campaign.updateMany({
          where: { id: campaignId, advertiserId: actor.advertiserId, status: { in: [...OPEN_STATUSES] } },
          data: { version: { increment: 1 }, updatedAt: now },
        });
        if (locked.count === 0) {
          const row = await getCampaignOrThrow(actor, campaignId, tx);
          throw new AppError("invalid_transition", {
            detail: `The campaign is ${row.status}: variants can no longer be added.`,
          });
        }
        const last = await tx.creative.aggregate({
          where: { campaignId },
          _max: { variantIndex: true },
          _count: { _all: true },
        });
        if (last._count._all >= MAX_VARIANTS_PER_CAMPAIGN) {
          throw new AppError("conflict", {
            detail: `A campaign has at most ${MAX_VARIANTS_PER_CAMPAIGN} variants (variant_a to variant_z).`,
          });
        }
        const index = (last._max.variantIndex ?? -1) + 1;
        const id = newId("cr");
        const creative = await tx.creative.create({
          data: {
            id,
            campaignId,
            variantIndex: index,
            variantLabel: variantLabel(index),
            headline: parsed.headline,
            body: parsed.body,
            iconUrl: parsed.icon_url,
            actionUrl: parsed.action_url,
            ctaText: parsed.cta_text ?? null,
            status: review.status,
            reviewReason: review.reason,
            reviewedAt: now,
            createdAt: now,
            updatedAt: now,
          },
        });
        await recordChange(tx, {
          advertiserId: actor.advertiserId,
          atMs: now.getTime(),
          actor: by,
          operation: addCreativeVariant.name,
          target: { type: "creative", id },
          campaignId,
          fields: fieldChanges(null, creativeFieldValues(creative)),
        });
        const approved = await tx.creative.count({ where: { campaignId, status: "approved" } });
        return {
          id,
          variantLabel: variantLabel(index),
          trafficAllocation: trafficAllocation(review.status, approved),
          status: review.status,
          reviewReason: review.reason,
        };
      });
      emitCampaignsChanged([campaignId]);
      return created;
    } catch (error) {
      if (isUniqueViolation(error) && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}
