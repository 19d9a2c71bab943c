// Stored rows -> the domain's campaigns and creatives: camelCase, integer
// micro-dollars, Dates, targeting as arrays (docs/decisions/1005). REST
// presents them through lib/http/views/campaigns.ts; GraphQL reads them as
// they are.
import type { Campaign as CampaignRow, Creative as CreativeRow } from "@/lib/db/client";
import type { CreativeStatus } from "@/lib/domain/creatives/creatives.schemas";
import { trafficAllocation } from "@/lib/domain/creatives/traffic-allocation";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import type { Sport } from "@/lib/domain/sports";
import type { CampaignAction, CampaignStatus, DeliveryStatus, Pacing } from "./campaigns.schemas";
import type { BudgetState } from "./pacing";

export type { CampaignRow, CreativeRow };

export const ENDED_REASONS = ["budget_exhausted", "end_date", "advertiser"] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];

/**
 * The reason of a bid_adjustments row that a member or an API client wrote (a manual bid change);
 * every other row is the target-CPA controller's, whose reasons start cpa_above_target or
 * cpa_below_target. Only the controller's rows make a bid_adjusted alert (docs/decisions/1230).
 */
export const ADVERTISER_BID_REASON = "advertiser";

export type Creative = {
  id: string;
  campaignId: string;
  /** variant_a, variant_b, ... in order of creation */
  variantLabel: string;
  status: CreativeStatus;
  reviewReason: string | null;
  headline: string;
  body: string;
  ctaText: string | null;
  iconUrl: string;
  actionUrl: string;
  /** probability (0..1) that it has the highest true CTR among the approved variants */
  performanceScore: number;
  /** 1/N across N approved variants, 0 otherwise */
  trafficAllocation: number;
  createdAt: Date;
};

/** A campaign without its creatives (listCampaigns's items, GraphQL's Campaign: creatives are loaded per page). */
export type Campaign = {
  id: string;
  name: string;
  status: CampaignStatus;
  momentTypes: MomentTypeKey[];
  sports: Sport[];
  bidCpmMicros: bigint;
  dailyBudgetMicros: bigint;
  totalBudgetMicros: bigint;
  /** null: CPA auto-bidding off */
  targetCpaMicros: bigint | null;
  spendToDateMicros: bigint;
  impressionsToDate: number;
  /** first clicks recorded (a repeated click counts once), advanced as clicks are recorded */
  clicksToDate: number;
  /** conversions recorded (postbacks), advanced as they are recorded */
  conversionsToDate: number;
  startDate: string;
  /** null: open-ended */
  endDate: string | null;
  pacing: Pacing;
  /** region codes the campaign serves only; null: everywhere (docs/api.md, "Jurisdictions") */
  targetRegions: string[] | null;
  /** region codes the campaign never serves; null: none */
  excludedRegions: string[] | null;
  postbackUrl: string | null;
  /** why delivery stopped; null while the campaign can run */
  endedReason: EndedReason | null;
  createdAt: Date;
  updatedAt: Date;
  /** the day's spend against the budget and the pacing line (lib/domain/campaigns/pacing.ts) */
  budgetState: BudgetState;
};

/** A campaign with every creative, variant_a first (getCampaign, and what updateCampaign and cancel answer). */
/** A campaign with its creatives, whether it delivers now and what it accepts now (decision 1311). */
export type CampaignWithCreatives = Campaign & {
  creatives: Creative[];
  deliveryStatus: DeliveryStatus;
  availableActions: CampaignAction[];
};

function endedReason(row: CampaignRow): EndedReason | null {
  return row.status === "ended" || row.status === "cancelled"
    ? ((row.endedReason as EndedReason | null) ?? null)
    : null;
}

/** A stored JSON list of region codes; null stays null. */
export function regionsOf(json: string | null): string[] | null {
  return json === null ? null : (JSON.parse(json) as string[]);
}

export function campaignOf(row: CampaignRow): Campaign {
  const pacing: Pacing = row.pacing === "asap" ? "asap" : "even";
  return {
    id: row.id,
    name: row.name,
    status: row.status as CampaignStatus,
    momentTypes: JSON.parse(row.momentTypes) as MomentTypeKey[],
    sports: JSON.parse(row.sports) as Sport[],
    bidCpmMicros: row.bidCpmMicros,
    dailyBudgetMicros: row.dailyBudgetMicros,
    totalBudgetMicros: row.totalBudgetMicros,
    targetCpaMicros: row.targetCpaMicros,
    spendToDateMicros: row.spendMicros,
    impressionsToDate: Number(row.impressions),
    clicksToDate: Number(row.clicks),
    conversionsToDate: Number(row.conversions),
    startDate: row.startDate,
    endDate: row.endDate,
    pacing,
    targetRegions: regionsOf(row.targetRegions),
    excludedRegions: regionsOf(row.excludedRegions),
    postbackUrl: row.postbackUrl,
    endedReason: endedReason(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    budgetState: {
      dailyBudgetMicros: row.dailyBudgetMicros,
      spendDay: row.spendDay,
      daySpendMicros: row.daySpendMicros,
      pacing,
      paceStartMs: row.createdAt.getTime(),
    },
  };
}

/** A campaign's creatives in variant order, with their scores and the traffic split of the approved ones. */
export function creativesOf(rows: readonly CreativeRow[], scores: ReadonlyMap<string, number>): Creative[] {
  const approved = rows.filter((creative) => creative.status === "approved").length;
  return [...rows]
    .sort((a, b) => a.variantIndex - b.variantIndex)
    .map((creative) => ({
      id: creative.id,
      campaignId: creative.campaignId,
      variantLabel: creative.variantLabel,
      status: creative.status as CreativeStatus,
      reviewReason: creative.reviewReason,
      headline: creative.headline,
      body: creative.body,
      ctaText: creative.ctaText,
      iconUrl: creative.iconUrl,
      actionUrl: creative.actionUrl,
      performanceScore: scores.get(creative.id) ?? 0,
      trafficAllocation: trafficAllocation(creative.status, approved),
      createdAt: creative.createdAt,
    }));
}
