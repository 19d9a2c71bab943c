// Pause and resume a creative variant (PATCH /api/ads/campaigns/{id}/variants/{variant_id},
// GraphQL's pauseCreativeVariant and resumeCreativeVariant): an approved variant
// can be paused (it gets no traffic; the campaign's traffic re-splits equally
// across the approved variants left) and a paused one resumed (approved again,
// without a new review: its text and icon have not changed). Order of checks:
// 422 (the input) -> 404 (the campaign is not the actor's, or the variant not
// the campaign's) -> 409 invalid_transition (the campaign is ended or cancelled;
// a pending or rejected variant has nothing to pause or resume). Pausing a
// paused variant, or resuming an approved one, changes nothing. The write is
// conditional on the campaign's version and the variant's status, and bumps the
// version so that delivery reloads the campaign at once (retryCampaignChange).
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import { db, type Tx } from "@/lib/db/client";
import type { CampaignWithCreatives } from "@/lib/domain/campaigns/campaign";
import { isOpenStatus, type CampaignStatus, campaignResource } from "@/lib/domain/campaigns/campaigns.schemas";
import { getCampaignOrThrow } from "@/lib/domain/campaigns/get-campaign";
import { retryCampaignChange } from "@/lib/domain/campaigns/retry-campaign-change";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { VARIANT_STATUSES, type CreativeStatus, type VariantStatus } from "./creatives.schemas";

/** The operation's input: the campaign's id and the variant's (the path's) and the status asked for. */
export const setVariantStatusInput = z.strictObject({
  id: z.string(),
  variant_id: z.string(),
  status: z.enum(VARIANT_STATUSES, "must be paused or approved").meta({
    description:
      "paused: the variant gets no traffic, and the campaign's traffic re-splits equally across its other approved " +
      "variants. approved: a paused variant receives traffic again (its review stands: the creative is unchanged).",
  }),
});
export type SetVariantStatusInput = z.infer<typeof setVariantStatusInput>;

/** What moves a variant from `from` to `to`, or why it cannot (null: allowed, a no-op included). */
export function variantTransitionIssue(from: CreativeStatus, to: VariantStatus): string | null {
  if (from === to) return null;
  if (from === "approved" || from === "paused") return null;
  return `A ${from} variant cannot be ${to === "paused" ? "paused" : "resumed"}: only approved variants are paused, and only paused ones resumed.`;
}

/** PATCH /api/ads/campaigns/{id}/variants/{variant_id}: a write, retried safely with an Idempotency-Key. */
export const setVariantStatus = defineOperation({
  name: "setVariantStatus",
  access: "campaigns:write",
  write: true,
  idempotent: true,
  history: "creative",
  input: setVariantStatusInput,
  output: campaignResource,
  run: (actor, input, { clock }) => variantStatusSet(actor, input, { clock }),
});

export function variantNotFound(id: string): AppError {
  return new AppError("not_found", {
    detail: `No variant ${JSON.stringify(id.slice(0, 100))} in this campaign.`,
  });
}

/** The campaign after the change (every variant's status and traffic allocation). */
export async function variantStatusSet(
  actor: Actor,
  input: SetVariantStatusInput,
  options: { clock?: Clock } = {},
): Promise<CampaignWithCreatives> {
  const { id, variant_id: variantId, status } = input;
  const by = await changeActorOf(actor);
  return retryCampaignChange(id, options.clock, async (now) => {
    const row = await getCampaignOrThrow(actor, id);
    const variant = await db().creative.findFirst({ where: { id: variantId, campaignId: id } });
    if (!variant) throw variantNotFound(variantId);
    const campaignStatus = row.status as CampaignStatus;
    if (!isOpenStatus(campaignStatus)) {
      throw new AppError("invalid_transition", {
        detail: `The campaign is ${campaignStatus}: its variants can no longer be changed.`,
      });
    }
    const from = variant.status as CreativeStatus;
    const issue = variantTransitionIssue(from, status);
    if (issue) throw new AppError("invalid_transition", { detail: issue });
    if (from === status) return { row };
    const write = async (tx: Tx) => {
      // the campaign's version is the lock: every change of a variant bumps it first, so once the
      // version read still holds, so does the variant's status
      const locked = await tx.campaign.updateMany({
        where: { id, advertiserId: actor.advertiserId, version: row.version, status: row.status },
        data: { version: { increment: 1 }, updatedAt: now },
      });
      if (locked.count === 0) return false;
      const changed = await tx.creative.updateMany({
        where: { id: variantId, campaignId: id, status: from },
        data: { status, updatedAt: now },
      });
      if (changed.count === 0)
        throw new AppError("conflict", { detail: "The variant was changed by a concurrent request; retry." });
      await recordChange(tx, {
        advertiserId: actor.advertiserId,
        atMs: now.getTime(),
        actor: by,
        operation: setVariantStatus.name,
        target: { type: "creative", id: variantId },
        campaignId: id,
        fields: fieldChanges({ status: from }, { status }),
      });
      return true;
    };
    return { row, write };
  });
}
