// The REST views of campaigns and creatives (listCampaigns to addCreativeVariant, cancel, the validate_only
// previews): snake_case, USD numbers, instants as ISO 8601 text, in the key
// order the API has always answered, as the OpenAPI document's schemas
// (lib/domain/campaigns/campaigns.schemas.ts) describe them.
import type { Campaign, CampaignWithCreatives, Creative } from "@/lib/domain/campaigns/campaign";
import {
  PREVIEW_FIELD_NAMES,
  type CampaignCreatedView,
  type CampaignCreatePreviewView,
  type CampaignListItemView,
  type CampaignListView,
  type CampaignUpdatePreviewView,
  type CampaignView,
} from "@/lib/domain/campaigns/campaigns.schemas";
import type { CampaignCreated, CampaignCreatePreview } from "@/lib/domain/campaigns/create-campaign";
import type { CampaignList } from "@/lib/domain/campaigns/list-campaigns";
import type { CampaignUpdatePreview } from "@/lib/domain/campaigns/update-campaign";
import type { VariantCreated } from "@/lib/domain/creatives/add-creative-variant";
import type { CreativeView, VariantCreatedView } from "@/lib/domain/creatives/creatives.schemas";
import type { DeliveryEstimate } from "@/lib/domain/market/estimate-rules";
import { microsToUsd } from "@/lib/money";

const usdOrNull = (micros: bigint | null): number | null => (micros === null ? null : microsToUsd(micros));

export function campaignListItemView(campaign: Campaign): CampaignListItemView {
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    moment_types: campaign.momentTypes,
    sports: campaign.sports,
    bid_cpm_usd: microsToUsd(campaign.bidCpmMicros),
    daily_budget_usd: microsToUsd(campaign.dailyBudgetMicros),
    total_budget_usd: microsToUsd(campaign.totalBudgetMicros),
    spend_to_date_usd: microsToUsd(campaign.spendToDateMicros),
    impressions_to_date: campaign.impressionsToDate,
    clicks_to_date: campaign.clicksToDate,
    conversions_to_date: campaign.conversionsToDate,
    start_date: campaign.startDate,
    end_date: campaign.endDate,
    pacing: campaign.pacing,
    target_regions: campaign.targetRegions,
    excluded_regions: campaign.excludedRegions,
    created_at: campaign.createdAt.toISOString(),
    updated_at: campaign.updatedAt.toISOString(),
  };
}

export function campaignListView(list: CampaignList): CampaignListView {
  const { page, perPage, total } = list.pagination;
  return { campaigns: list.campaigns.map(campaignListItemView), pagination: { page, per_page: perPage, total } };
}

export function creativeView(creative: Creative): CreativeView {
  return {
    id: creative.id,
    variant_label: creative.variantLabel,
    status: creative.status,
    review_reason: creative.reviewReason,
    headline: creative.headline,
    body: creative.body,
    cta_text: creative.ctaText,
    icon_url: creative.iconUrl,
    action_url: creative.actionUrl,
    performance_score: creative.performanceScore,
    traffic_allocation: creative.trafficAllocation,
    created_at: creative.createdAt.toISOString(),
  };
}

/** getCampaign (and what updateCampaign and cancel answer): the campaign, its primary creative and every variant. */
export function campaignView(campaign: CampaignWithCreatives): CampaignView {
  const variants = campaign.creatives.map(creativeView);
  return {
    ...campaignListItemView(campaign),
    target_cpa_usd: usdOrNull(campaign.targetCpaMicros),
    postback_url: campaign.postbackUrl,
    ended_reason: campaign.endedReason,
    creative: variants[0]!,
    variants,
    delivery_status: campaign.deliveryStatus,
    available_actions: campaign.availableActions,
  };
}

function estimateView(estimate: DeliveryEstimate) {
  return {
    estimated_daily_impressions: estimate.dailyImpressions,
    estimated_daily_spend_usd: microsToUsd(estimate.dailySpendMicros),
    estimate_status: estimate.status,
  };
}

export function campaignCreatedView(created: CampaignCreated): CampaignCreatedView {
  return {
    id: created.id,
    status: created.status,
    delivery_status: created.deliveryStatus,
    ...estimateView(created.estimate),
    created_at: created.createdAt.toISOString(),
    creative: variantCreatedView(created.creative),
  };
}

export function campaignCreatePreviewView(preview: CampaignCreatePreview): CampaignCreatePreviewView {
  const { campaign } = preview;
  return {
    validate_only: true,
    campaign: {
      name: campaign.name,
      status: campaign.status,
      delivery_status: campaign.deliveryStatus,
      moment_types: campaign.momentTypes,
      sports: campaign.sports,
      bid_cpm_usd: microsToUsd(campaign.bidCpmMicros),
      daily_budget_usd: microsToUsd(campaign.dailyBudgetMicros),
      total_budget_usd: microsToUsd(campaign.totalBudgetMicros),
      start_date: campaign.startDate,
      end_date: campaign.endDate,
      target_cpa_usd: usdOrNull(campaign.targetCpaMicros),
      postback_url: campaign.postbackUrl,
      pacing: campaign.pacing,
      target_regions: campaign.targetRegions,
      excluded_regions: campaign.excludedRegions,
    },
    creative: { status: preview.creative.status, review_reason: preview.creative.reviewReason },
    ...estimateView(preview.estimate),
  };
}

/** A preview's value as REST shows it: amounts in USD. */
function changeValue(value: unknown): unknown {
  return typeof value === "bigint" ? microsToUsd(value) : value;
}

export function campaignUpdatePreviewView(preview: CampaignUpdatePreview): CampaignUpdatePreviewView {
  const current = estimateView(preview.currentEstimate);
  return {
    validate_only: true,
    changes: preview.changes.map((change) => ({
      field: PREVIEW_FIELD_NAMES[change.field],
      from: changeValue(change.from),
      to: changeValue(change.to),
    })),
    raises_spend: preview.raisesSpend,
    campaign: campaignView(preview.campaign),
    ...estimateView(preview.estimate),
    current_estimated_daily_impressions: current.estimated_daily_impressions,
    current_estimated_daily_spend_usd: current.estimated_daily_spend_usd,
    current_estimate_status: current.estimate_status,
  };
}

export function variantCreatedView(variant: VariantCreated | CampaignCreated["creative"]): VariantCreatedView {
  return {
    id: variant.id,
    variant_label: variant.variantLabel,
    traffic_allocation: variant.trafficAllocation,
    status: variant.status,
    review_reason: variant.reviewReason,
  };
}
