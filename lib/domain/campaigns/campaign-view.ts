// Stored rows -> the API's views (micro-dollars -> USD numbers, JSON text -> arrays).
import type { CreativeStatus, CreativeView } from "@/lib/domain/creatives/creatives.schemas";
import { trafficAllocation } from "@/lib/domain/creatives/traffic-allocation";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import type { Sport } from "@/lib/domain/sports";
import { microsToUsd } from "@/lib/money";
import type { Campaign, Creative } from "@/lib/db/client";
import type { CampaignDetail, CampaignListItem, CampaignStatus } from "./campaigns.schemas";

export type CampaignRow = Campaign;
export type CreativeRow = Creative;

export function campaignListItemView(row: CampaignRow): CampaignListItem {
  return {
    id: row.id,
    name: row.name,
    status: row.status as CampaignStatus,
    moment_types: JSON.parse(row.momentTypes) as MomentTypeKey[],
    sports: JSON.parse(row.sports) as Sport[],
    bid_cpm_usd: microsToUsd(row.bidCpmMicros),
    daily_budget_usd: microsToUsd(row.dailyBudgetMicros),
    total_budget_usd: microsToUsd(row.totalBudgetMicros),
    spend_to_date_usd: microsToUsd(row.spendMicros),
    impressions_to_date: Number(row.impressions),
    start_date: row.startDate,
    end_date: row.endDate,
    pacing: row.pacing === "asap" ? "asap" : "even",
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function creativeViews(creatives: readonly CreativeRow[], scores: ReadonlyMap<string, number>): CreativeView[] {
  const approved = creatives.filter((creative) => creative.status === "approved").length;
  return [...creatives]
    .sort((a, b) => a.variantIndex - b.variantIndex)
    .map((creative) => ({
      id: creative.id,
      variant_label: creative.variantLabel,
      status: creative.status as CreativeStatus,
      review_reason: creative.reviewReason,
      headline: creative.headline,
      body: creative.body,
      cta_text: creative.ctaText,
      icon_url: creative.iconUrl,
      action_url: creative.actionUrl,
      performance_score: scores.get(creative.id) ?? 0,
      traffic_allocation: trafficAllocation(creative.status, approved),
      created_at: creative.createdAt.toISOString(),
    }));
}

function endedReason(row: CampaignRow): CampaignDetail["ended_reason"] {
  return row.status === "ended" || row.status === "cancelled"
    ? ((row.endedReason as CampaignDetail["ended_reason"]) ?? null)
    : null;
}

export function campaignDetailView(
  row: CampaignRow,
  creatives: readonly CreativeRow[],
  scores: ReadonlyMap<string, number>,
): CampaignDetail {
  const variants = creativeViews(creatives, scores);
  return {
    ...campaignListItemView(row),
    target_cpa_usd: row.targetCpaMicros === null ? null : microsToUsd(row.targetCpaMicros),
    postback_url: row.postbackUrl,
    ended_reason: endedReason(row),
    creative: variants[0]!,
    variants,
  };
}

/** What a campaign's budget day is computed from (lib/delivery/rules/pacing.ts `budgetDay`). */
export type CampaignBudgetState = {
  daily_budget_micros: bigint;
  /** the UTC day `day_spend_micros` belongs to */
  spend_day: string | null;
  day_spend_micros: bigint;
  pacing: "even" | "asap";
  /** even pacing's line starts at the day's start or at the campaign's creation, the later */
  pace_start_ms: number;
};

/** Every field of a campaign but its creatives (GraphQL resolves those per page, in one query). */
export type CampaignRecord = Omit<CampaignDetail, "creative" | "variants"> & { budget_state: CampaignBudgetState };

export function campaignRecordView(row: CampaignRow): CampaignRecord {
  return {
    ...campaignListItemView(row),
    target_cpa_usd: row.targetCpaMicros === null ? null : microsToUsd(row.targetCpaMicros),
    postback_url: row.postbackUrl,
    ended_reason: endedReason(row),
    budget_state: {
      daily_budget_micros: row.dailyBudgetMicros,
      spend_day: row.spendDay,
      day_spend_micros: row.daySpendMicros,
      pacing: row.pacing === "asap" ? "asap" : "even",
      pace_start_ms: row.createdAt.getTime(),
    },
  };
}
