// E5: create a campaign (status active, or paused when asked: it is never active
// in between) with its primary creative (variant_a).
// Order: every field error at once (422 validation_failed); then, for a fully
// valid body only, the icon check over the network (422 icon_unreachable); then
// the automatic review and the estimates; then one transaction. With
// validate_only (previewCampaign) the same checks run and nothing is written;
// a preview first counts against the advertiser's `preview` limit. A real
// creation does not: each one writes an active campaign and makes an icon
// check (60 a minute), and the estimates' rounding, not a count, is what keeps
// them from revealing a bid (docs/decisions/0304).
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { assertIconReachable, type IconCheckOptions } from "@/lib/domain/creatives/check-icon-url";
import { reviewCreative } from "@/lib/domain/creatives/review-creative";
import { trafficAllocation } from "@/lib/domain/creatives/traffic-allocation";
import { variantLabel } from "@/lib/domain/creatives/variant-label";
import { NO_DELIVERY } from "@/lib/domain/market/estimate-rules";
import { parseInput } from "@/lib/errors";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { emitCampaignsChanged } from "@/lib/process-bus";
import { spreadDailyBudgetMicros } from "./budget-spread";
import { insertCampaign } from "./campaign-rows";
import { deliveryStatus } from "./campaign-state";
import { createCampaignInputFor, type CampaignCreated, type CampaignCreatePreview } from "./campaigns.schemas";
import { utcDate } from "./dates";
import { countPreview, estimateDailyDelivery } from "./estimate-delivery";

export type CreateCampaignOptions = { clock?: Clock; iconCheck?: IconCheckOptions };

/** Every check of E5 (fields, icon, review) and the estimates, without writing. */
async function prepareCampaign(actor: Actor, input: unknown, now: Date, options: CreateCampaignOptions) {
  const parsed = parseInput(
    createCampaignInputFor(() => utcDate(now)),
    input,
  );
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
          },
          now,
        )
      : NO_DELIVERY;
  return { parsed, review, status, delivery, bidCpmMicros, dailyBudgetMicros, totalBudgetMicros, estimate };
}

/**
 * E5 with `validate_only=true`: runs every check of creation (fields, icon,
 * review) and returns the settings and estimates it would create, writing nothing.
 */
export async function previewCampaign(
  actor: Actor,
  input: unknown,
  options: CreateCampaignOptions = {},
): Promise<CampaignCreatePreview> {
  await countPreview(actor);
  const now = nowDate(options.clock);
  const { parsed, review, status, delivery, dailyBudgetMicros, estimate } = await prepareCampaign(
    actor,
    input,
    now,
    options,
  );
  return {
    validate_only: true,
    campaign: {
      name: parsed.name,
      status,
      delivery_status: delivery,
      moment_types: parsed.moment_types,
      sports: parsed.sports,
      bid_cpm_usd: parsed.bid_cpm_usd,
      daily_budget_usd: microsToUsd(dailyBudgetMicros),
      total_budget_usd: parsed.total_budget_usd,
      start_date: parsed.start_date,
      end_date: parsed.end_date ?? null,
      target_cpa_usd: parsed.target_cpa_usd ?? null,
      postback_url: parsed.postback_url ?? null,
      pacing: parsed.pacing ?? "even",
    },
    creative: { status: review.status, review_reason: review.reason },
    estimated_daily_impressions: estimate.dailyImpressions,
    estimated_daily_spend_usd: microsToUsd(estimate.dailySpendMicros),
    estimate_status: estimate.status,
  };
}

export async function createCampaign(
  actor: Actor,
  input: unknown,
  options: CreateCampaignOptions = {},
): Promise<CampaignCreated> {
  const now = nowDate(options.clock);
  const { parsed, review, status, delivery, bidCpmMicros, dailyBudgetMicros, totalBudgetMicros, estimate } =
    await prepareCampaign(actor, input, now, options);

  const { id, creativeIds } = await insertCampaign({
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
  });
  const creativeId = creativeIds[0]!;
  emitCampaignsChanged([id]);
  return {
    id,
    status,
    delivery_status: delivery,
    estimated_daily_impressions: estimate.dailyImpressions,
    estimated_daily_spend_usd: microsToUsd(estimate.dailySpendMicros),
    estimate_status: estimate.status,
    created_at: now.toISOString(),
    creative: {
      id: creativeId,
      variant_label: variantLabel(0),
      traffic_allocation: trafficAllocation(review.status, review.status === "approved" ? 1 : 0),
      status: review.status,
      review_reason: review.reason,
    },
  };
}
