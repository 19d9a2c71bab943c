// createCampaign: create a campaign (status active, or paused when asked: it is never active
// in between) with its primary creative (variant_a).
// Order: every field error at once (422 validation_failed, the operation's
// input); then a gambling advertiser's target regions against its licence (422
// region_not_licensed); then, for a fully valid body only, the icon check over the network
// (422 icon_unreachable); then the automatic review and the estimates; then one
// transaction. Its preview (createCampaign with validate_only, previewCampaignCreate) runs
// the same checks and writes nothing; a preview counts against the
// advertiser's `preview` limit before any check of the body (the operation's
// rate limit). A real creation does not: each one writes an active campaign
// and makes an icon check (60 a minute), and the estimates' rounding, not a
// count, is what keeps them from revealing a bid (docs/decisions/0304).
import { accountLimited } from "@/lib/domain/billing/accounts";
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { assertIconReachable, type IconCheckOptions } from "@/lib/domain/creatives/check-icon-url";
import type { CreativeStatus } from "@/lib/domain/creatives/creatives.schemas";
import { reviewCreative } from "@/lib/domain/creatives/review-creative";
import { trafficAllocation } from "@/lib/domain/creatives/traffic-allocation";
import { variantLabel } from "@/lib/domain/creatives/variant-label";
import { NO_DELIVERY } from "@/lib/domain/market/estimate-rules";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import type { Sport } from "@/lib/domain/sports";
import { db } from "@/lib/db/client";
import { changeActorOf } from "@/lib/history/change-actor";
import { usdToMicros } from "@/lib/money";
import { defineOperation, type RunContext } from "@/lib/operations/operation";
import { emitCampaignsChanged } from "@/lib/process-events";
import { spreadDailyBudgetMicros } from "./budget-spread";
import { recordCampaignCreated } from "./campaign-changes";
import { insertCampaign } from "./campaign-rows";
import { assertRegionsLicensed } from "./region-licence";
import { deliveryStatus } from "./campaign-state";
import {
  createCampaignInputFor,
  type CampaignStatus,
  type DeliveryStatus,
  type CreateCampaignInput,
  type Pacing,
  campaignCreated as campaignCreatedOutput,
  campaignCreatePreview as campaignCreatePreviewOutput,
} from "./campaigns.schemas";
import { utcDate } from "./dates";
import { estimateDailyDelivery, type DeliveryEstimate } from "./estimate-delivery";

export type CreateCampaignOptions = { clock?: Clock; iconCheck?: IconCheckOptions };

/** The automatic review's verdict on a creative. */
export type CreativeReview = { status: CreativeStatus; reviewReason: string | null };

/** What createCampaign creates: the campaign's id, its primary creative and the estimates. */
export type CampaignCreated = {
  id: string;
  status: CampaignStatus;
  deliveryStatus: DeliveryStatus;
  estimate: DeliveryEstimate;
  createdAt: Date;
  creative: CreativeReview & { id: string; variantLabel: string; trafficAllocation: number };
};

/** What createCampaign would create (nothing written, so no id). */
export type CampaignCreatePreview = {
  campaign: {
    name: string;
    status: "active" | "paused";
    deliveryStatus: DeliveryStatus;
    momentTypes: MomentTypeKey[];
    sports: Sport[];
    bidCpmMicros: bigint;
    dailyBudgetMicros: bigint;
    totalBudgetMicros: bigint;
    startDate: string;
    endDate: string | null;
    targetCpaMicros: bigint | null;
    postbackUrl: string | null;
    pacing: Pacing;
    targetRegions: string[] | null;
    excludedRegions: string[] | null;
  };
  creative: CreativeReview;
  estimate: DeliveryEstimate;
};

/** createCampaign's body, checked against the UTC date of the call's clock. */
const createCampaignInputOf = (context: RunContext) => createCampaignInputFor(() => utcDate(nowDate(context.clock)));

/** createCampaign: a write, retried safely with an Idempotency-Key. */
export const createCampaign = defineOperation({
  name: "createCampaign",
  access: "campaigns:write",
  write: true,
  history: ["campaign", "creative"],
  idempotent: true,
  input: createCampaignInputOf,
  output: campaignCreatedOutput,
  run: (actor, input, { clock }) => campaignCreated(actor, input, { clock }),
});

/** createCampaign with validate_only=true and GraphQL's previewCampaignCreate: every preview is counted first. */
export const previewCampaignCreate = defineOperation({
  name: "previewCampaignCreate",
  access: "campaigns:write",
  write: false,
  rateLimit: "preview",
  input: createCampaignInputOf,
  output: campaignCreatePreviewOutput,
  run: (actor, input, { clock }) => campaignCreatePreview(actor, input, { clock }),
});

/** The checks of createCampaign that follow the fields (icon, review) and the estimates, without writing. */
async function prepareCampaign(actor: Actor, parsed: CreateCampaignInput, now: Date, options: CreateCampaignOptions) {
  await assertRegionsLicensed(actor.advertiserId, parsed.target_regions);
  await assertIconReachable(actor, parsed.creative.icon_url, "creative.icon_url", {
    clock: options.clock,
    ...options.iconCheck,
  });
  const review = reviewCreative(parsed.creative);

  const bidCpmMicros = usdToMicros(parsed.bid_cpm_usd);
  const totalBudgetMicros = usdToMicros(parsed.total_budget_usd);
  // null: spread from the total over the flight (the schema has checked there is an end date)
  const dailyBudgetMicros =
    parsed.daily_budget_usd === null
      ? spreadDailyBudgetMicros(totalBudgetMicros, parsed.start_date, parsed.end_date!, parsed.pacing ?? "even")
      : usdToMicros(parsed.daily_budget_usd);
  const status = parsed.status ?? "active";
  const delivery = deliveryStatus(
    { status, startDate: parsed.start_date, approvedCreatives: review.status === "approved" ? 1 : 0 },
    utcDate(now),
    await accountLimited(actor.advertiserId),
  );
  // a campaign whose only creative was rejected cannot deliver until a variant is approved
  const estimate =
    review.status === "approved"
      ? await estimateDailyDelivery(
          actor.advertiserId,
          {
            momentTypes: parsed.moment_types,
            sports: parsed.sports,
            bidCpmMicros,
            dailyBudgetMicros,
            totalBudgetMicros,
            targetRegions: parsed.target_regions ?? null,
            excludedRegions: parsed.excluded_regions ?? null,
          },
          now,
        )
      : NO_DELIVERY;
  return { review, status, delivery, bidCpmMicros, dailyBudgetMicros, totalBudgetMicros, estimate };
}

/**
 * createCampaign's preview: runs every check of creation that follows the fields (icon,
 * review) and returns the settings and estimates it would create, writing nothing.
 */
export async function campaignCreatePreview(
  actor: Actor,
  parsed: CreateCampaignInput,
  options: CreateCampaignOptions = {},
): Promise<CampaignCreatePreview> {
  const now = nowDate(options.clock);
  const { review, status, delivery, bidCpmMicros, dailyBudgetMicros, totalBudgetMicros, estimate } =
    await prepareCampaign(actor, parsed, now, options);
  return {
    campaign: {
      name: parsed.name,
      status,
      deliveryStatus: delivery,
      momentTypes: parsed.moment_types,
      sports: parsed.sports,
      bidCpmMicros,
      dailyBudgetMicros,
      totalBudgetMicros,
      startDate: parsed.start_date,
      endDate: parsed.end_date ?? null,
      targetCpaMicros: parsed.target_cpa_usd == null ? null : usdToMicros(parsed.target_cpa_usd),
      postbackUrl: parsed.postback_url ?? null,
      pacing: parsed.pacing ?? "even",
      targetRegions: parsed.target_regions ?? null,
      excludedRegions: parsed.excluded_regions ?? null,
    },
    creative: { status: review.status, reviewReason: review.reason },
    estimate,
  };
}

export async function campaignCreated(
  actor: Actor,
  parsed: CreateCampaignInput,
  options: CreateCampaignOptions = {},
): Promise<CampaignCreated> {
  const now = nowDate(options.clock);
  const { review, status, delivery, bidCpmMicros, dailyBudgetMicros, totalBudgetMicros, estimate } =
    await prepareCampaign(actor, parsed, now, options);

  const by = await changeActorOf(actor);
  const campaign = {
    advertiserId: actor.advertiserId,
    name: parsed.name,
    status,
    momentTypes: parsed.moment_types,
    sports: parsed.sports,
    bidCpmMicros,
    dailyBudgetMicros,
    totalBudgetMicros,
    targetCpaMicros: parsed.target_cpa_usd == null ? null : usdToMicros(parsed.target_cpa_usd),
    postbackUrl: parsed.postback_url,
    startDate: parsed.start_date,
    endDate: parsed.end_date,
    pacing: parsed.pacing,
    targetRegions: parsed.target_regions,
    excludedRegions: parsed.excluded_regions,
    createdAt: now,
    updatedAt: now,
    creatives: [
      {
        headline: parsed.creative.headline,
        body: parsed.creative.body,
        iconUrl: parsed.creative.icon_url,
        actionUrl: parsed.creative.action_url,
        ctaText: parsed.creative.cta_text,
        status: review.status,
        reviewReason: review.reason,
        reviewedAt: now,
      },
    ],
  };
  // the campaign, its primary creative and their history rows commit together
  const { id, creativeIds } = await db().$transaction(async (tx) => {
    const inserted = await insertCampaign(campaign, tx);
    await recordCampaignCreated(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: createCampaign.name,
      campaignId: inserted.id,
    });
    return inserted;
  });
  const creativeId = creativeIds[0]!;
  emitCampaignsChanged([id]);
  return {
    id,
    status,
    deliveryStatus: delivery,
    estimate,
    createdAt: now,
    creative: {
      id: creativeId,
      variantLabel: variantLabel(0),
      trafficAllocation: trafficAllocation(review.status, review.status === "approved" ? 1 : 0),
      status: review.status,
      reviewReason: review.reason,
    },
  };
}
