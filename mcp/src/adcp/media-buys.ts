// A media buy is one of our campaigns (docs/decisions/1303): media_buy_id is
// the campaign id, and its packages are the products (moment type x sport)
// the campaign targets. Budget, bid and pacing belong to the campaign, so a
// buy made through create_media_buy has one package; a campaign made
// elsewhere for several moment types and sports shows one package per pair,
// sharing its budget.
import type { Campaign, CampaignListItem, CampaignStatus, MomentType } from "../rest-client.ts";
import { CURRENCY, packageId, PRICING_OPTION_ID, productId, targetedPairs } from "./catalog.ts";
import { creativeStatus } from "./creatives.ts";
import { endTimeOf, startTimeOf } from "./dates.ts";
import { overlayOf } from "./targeting.ts";

export const MEDIA_BUY_STATUSES = [
  "pending_creatives",
  "pending_start",
  "active",
  "paused",
  "completed",
  "rejected",
  "canceled",
] as const;
export type MediaBuyStatus = (typeof MEDIA_BUY_STATUSES)[number];

/** AdCP's name for the service's delivery status (getCampaign's delivery_status: the service decides it). */
const MEDIA_BUY_STATUS: Record<Campaign["delivery_status"], MediaBuyStatus> = {
  delivering: "active",
  pending_creatives: "pending_creatives",
  pending_start: "pending_start",
  // held by the advertiser's billing account: not delivering, and resumes by itself
  account_limit_reached: "paused",
  paused: "paused",
  ended: "completed",
  cancelled: "canceled",
};

export function mediaBuyStatus(campaign: Pick<Campaign, "delivery_status">): MediaBuyStatus {
  return MEDIA_BUY_STATUS[campaign.delivery_status];
}

/** Our statuses that can show as the given AdCP statuses (pending_* are active campaigns). */
export function campaignStatusesFor(statuses: readonly MediaBuyStatus[]): CampaignStatus[] {
  const out = new Set<CampaignStatus>();
  for (const status of statuses) {
    if (status === "active" || status === "pending_start" || status === "pending_creatives") out.add("active");
    if (status === "paused") out.add("paused");
    if (status === "completed") out.add("ended");
    if (status === "canceled") out.add("cancelled");
  }
  return [...out];
}

/** AdCP's valid actions for each action the service accepts on the campaign (getCampaign's available_actions). */
const VALID_ACTIONS: Record<Campaign["available_actions"][number], readonly string[]> = {
  pause: ["pause"],
  resume: ["resume"],
  end: [],
  cancel: ["cancel"],
  update: ["update_budget", "increase_budget", "decrease_budget", "extend_flight", "shorten_flight"],
  add_variant: ["sync_creatives"],
};

export function validActions(campaign: Pick<Campaign, "available_actions">): string[] {
  return campaign.available_actions.flatMap((action) => VALID_ACTIONS[action]);
}

/** Changes whenever the campaign's settings change (its updated_at, in milliseconds). */
export function revisionOf(campaign: CampaignListItem): number {
  return Math.max(1, Date.parse(campaign.updated_at));
}

export function packagesOf(
  campaign: CampaignListItem | Campaign,
  catalog: readonly MomentType[],
  options: { snapshotAsOf?: string } = {},
) {
  const pairs = targetedPairs(catalog, campaign.moment_types, campaign.sports);
  const single = pairs.length === 1;
  // the campaign's region lists, which every package shares
  const overlay = overlayOf(campaign);
  const approvals =
    "variants" in campaign
      ? campaign.variants.map((variant) => ({
          creative_id: variant.id,
          approval_status: creativeStatus(variant.status) === "suspended" ? "approved" : creativeStatus(variant.status),
          ...(variant.status === "rejected" && variant.review_reason
            ? { rejection_reason: variant.review_reason }
            : {}),
        }))
      : undefined;
  return pairs.map(({ momentType, sport }) => ({
    package_id: packageId(campaign.id, momentType, sport),
    product_id: productId(momentType, sport),
    pricing_option_id: PRICING_OPTION_ID,
    currency: CURRENCY,
    bid_price: campaign.bid_cpm_usd,
    // the budget is the campaign's: only a one-package buy can say it is this package's
    ...(single ? { budget: campaign.total_budget_usd } : {}),
    pacing: campaign.pacing ?? "even",
    ...(overlay ? { targeting_overlay: overlay } : {}),
    start_time: startTimeOf(campaign.start_date),
    ...(campaign.end_date ? { end_time: endTimeOf(campaign.end_date) } : {}),
    paused: campaign.status === "paused",
    canceled: campaign.status === "cancelled",
    ...(approvals ? { creative_approvals: approvals } : {}),
    ...(options.snapshotAsOf && single
      ? {
          snapshot: {
            as_of: options.snapshotAsOf,
            staleness_seconds: 5,
            impressions: campaign.impressions_to_date,
            spend: campaign.spend_to_date_usd,
            currency: CURRENCY,
          },
        }
      : {}),
  }));
}

/** The media buy view of a campaign (get_media_buys, and the answers of create and update). */
export function mediaBuyOf(
  campaign: Campaign,
  catalog: readonly MomentType[],
  options: { snapshotAsOf?: string } = {},
) {
  const status = mediaBuyStatus(campaign);
  return {
    media_buy_id: campaign.id,
    status,
    currency: CURRENCY,
    total_budget: campaign.total_budget_usd,
    start_time: startTimeOf(campaign.start_date),
    ...(campaign.end_date ? { end_time: endTimeOf(campaign.end_date) } : {}),
    confirmed_at: campaign.created_at,
    revision: revisionOf(campaign),
    created_at: campaign.created_at,
    updated_at: campaign.updated_at,
    valid_actions: validActions(campaign),
    ...(status === "canceled" ? { cancellation: { canceled_at: campaign.updated_at, canceled_by: "buyer" } } : {}),
    packages: packagesOf(campaign, catalog, options),
    ext: {
      sma: {
        name: campaign.name,
        daily_budget_usd: campaign.daily_budget_usd,
        spend_to_date_usd: campaign.spend_to_date_usd,
        impressions_to_date: campaign.impressions_to_date,
      },
    },
  };
}
