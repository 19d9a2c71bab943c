// Stored rows -> the API's views (micro-dollars -> USD numbers, JSON text -> arrays).
import type { CreativeStatus, CreativeView } from "@/lib/domain/creatives/creatives.schemas";
import { trafficAllocation } from "@/lib/domain/creatives/traffic-allocation";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import type { Sport } from "@/lib/domain/sports";
import { microsToUsd } from "@/lib/money";
import type { Campaign, Creative } from "@/lib/db/client";
import type { CampaignDetail, CampaignListItem, CampaignStatus } from "./campaigns.schemas";
import { availableActions, deliveryStatus } from "./campaign-state";
import { budgetDay, type BudgetState } from "./pacing";

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

/** The detail view on `today` (UTC date): whether it delivers depends on the start date. */
export function campaignDetailView(
  row: CampaignRow,
  creatives: readonly CreativeRow[],
  scores: ReadonlyMap<string, number>,
  today: string,
): CampaignDetail {
  const variants = creativeViews(creatives, scores);
  const status = row.status as CampaignStatus;
  return {
    ...campaignListItemView(row),
    target_cpa_usd: row.targetCpaMicros === null ? null : microsToUsd(row.targetCpaMicros),
    postback_url: row.postbackUrl,
    ended_reason: endedReason(row),
    creative: variants[0]!,
    variants,
    delivery_status: deliveryStatus(
      {
        status,
        startDate: row.startDate,
        approvedCreatives: creatives.filter((creative) => creative.status === "approved").length,
      },
      today,
    ),
    available_actions: availableActions(status, creatives.length),
  };
}

/** A campaign's budget day as the API shows it (GraphQL's Campaign.today). */
export type CampaignTodayView = {
  date: string;
  spend_usd: number;
  daily_budget_usd: number;
  /** null for asap pacing, which has no line */
  pacing_allowance_usd: number | null;
  remaining_usd: number;
};

/** The budget day of `nowMs` (lib/domain/campaigns/pacing.ts, the engine's own day) in USD. */
export function campaignTodayView(state: BudgetState, nowMs: number): CampaignTodayView {
  const day = budgetDay(state, nowMs);
  return {
    date: day.date,
    spend_usd: microsToUsd(day.spendMicros),
    daily_budget_usd: microsToUsd(day.dailyBudgetMicros),
    pacing_allowance_usd: day.pacingAllowanceMicros === null ? null : microsToUsd(day.pacingAllowanceMicros),
    remaining_usd: microsToUsd(day.remainingMicros),
  };
}

/** Every field of a campaign but its creatives (GraphQL resolves those per page, in one query). */
export type CampaignRecord = Omit<CampaignDetail, "creative" | "variants" | "delivery_status" | "available_actions"> & {
  /** read by campaignTodayView when a caller asks for the day (its keys are camelCase already) */
  budget_state: BudgetState;
};

export function campaignRecordView(row: CampaignRow): CampaignRecord {
  return {
    ...campaignListItemView(row),
    target_cpa_usd: row.targetCpaMicros === null ? null : microsToUsd(row.targetCpaMicros),
    postback_url: row.postbackUrl,
    ended_reason: endedReason(row),
    budget_state: {
      dailyBudgetMicros: row.dailyBudgetMicros,
      spendDay: row.spendDay,
      daySpendMicros: row.daySpendMicros,
      pacing: row.pacing === "asap" ? "asap" : "even",
      paceStartMs: row.createdAt.getTime(),
    },
  };
}
