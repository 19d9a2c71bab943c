// Stored rows -> the API's views (micro-dollars -> USD numbers, JSON text -> arrays).
import type { CreativeStatus, CreativeView } from "@/lib/domain/creatives/creatives.schemas";
import { trafficAllocation } from "@/lib/domain/creatives/traffic-allocation";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import type { Sport } from "@/lib/domain/sports";
import { evenPacingAllowance, utcDay } from "@/lib/domain/delivery/pacing";
import { microsToUsd } from "@/lib/money";
import type { Campaign, Creative } from "@/prisma/generated/sqlite/client";
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

/** A campaign's day against its daily budget (UTC day of `nowMs`). */
export type CampaignTodayView = {
  date: string;
  spend_usd: number;
  daily_budget_usd: number;
  /** what even pacing lets it have spent by now (the engine's line, 15-minute lead included); null for asap */
  pacing_allowance_usd: number | null;
  remaining_usd: number;
};

/** Every field of a campaign but its creatives (GraphQL resolves those per page, in one query). */
export type CampaignRecord = Omit<CampaignDetail, "creative" | "variants"> & {
  pacing: "even" | "asap";
  today: CampaignTodayView;
};

export function campaignTodayView(row: CampaignRow, nowMs: number): CampaignTodayView {
  const date = utcDay(nowMs);
  const spent = row.spendDay === date ? row.daySpendMicros : 0n;
  const daily = row.dailyBudgetMicros;
  const allowance =
    row.pacing === "asap"
      ? null
      : BigInt(Math.floor(evenPacingAllowance(Number(daily), nowMs, row.createdAt.getTime())));
  return {
    date,
    spend_usd: microsToUsd(spent),
    daily_budget_usd: microsToUsd(daily),
    pacing_allowance_usd: allowance === null ? null : microsToUsd(allowance),
    remaining_usd: microsToUsd(spent >= daily ? 0n : daily - spent),
  };
}

export function campaignRecordView(row: CampaignRow, nowMs: number): CampaignRecord {
  return {
    ...campaignListItemView(row),
    target_cpa_usd: row.targetCpaMicros === null ? null : microsToUsd(row.targetCpaMicros),
    postback_url: row.postbackUrl,
    ended_reason: endedReason(row),
    pacing: row.pacing === "asap" ? "asap" : "even",
    today: campaignTodayView(row, nowMs),
  };
}
