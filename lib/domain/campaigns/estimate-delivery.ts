// E5's estimates, from the auctions recorded over the trailing 7 days for the
// campaign's (moment type, sport) pairs (docs/decisions/0304):
// - a moment that found no buyer (no_fill) would have been won at the floor;
// - a filled moment whose winning bid was below this bid would have been won,
//   at that winning bid (the second price once this campaign is on top);
// - capped moments (the user's alert cap) could not have been won by anyone.
// Totals are divided by the days of history actually recorded (1 to 7), then
// capped by the daily budget (and the total budget). With no recorded auction
// the honest estimate is 0: nothing is extrapolated from nowhere.
import { DAY_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { floorMicros, isAvailableIn, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import type { Sport } from "@/lib/domain/sports";

export const ESTIMATE_WINDOW_DAYS = 7;

export type DeliveryEstimate = { dailyImpressions: number; dailySpendMicros: bigint };

export type EstimateInput = {
  momentTypes: readonly MomentTypeKey[];
  sports: readonly Sport[];
  bidCpmMicros: bigint;
  dailyBudgetMicros: bigint;
  totalBudgetMicros: bigint;
};

export async function estimateDailyDelivery(input: EstimateInput, now: Date): Promise<DeliveryEstimate> {
  const nowMs = now.getTime();
  const window = { gte: BigInt(nowMs - ESTIMATE_WINDOW_DAYS * DAY_MS), lte: BigInt(nowMs) };
  const first = await db().auction.aggregate({ where: { occurredAtMs: window }, _min: { occurredAtMs: true } });
  const firstMs = first._min.occurredAtMs;
  if (firstMs === null) return { dailyImpressions: 0, dailySpendMicros: 0n };

  const groups = await db().auction.groupBy({
    by: ["momentType", "sport", "outcome"],
    where: {
      occurredAtMs: window,
      momentType: { in: [...input.momentTypes] },
      sport: { in: [...input.sports] },
      OR: [{ outcome: "no_fill" }, { outcome: "filled", winningBidMicros: { lt: input.bidCpmMicros } }],
    },
    _count: { _all: true },
    _sum: { winningBidMicros: true },
  });
  let wins = 0;
  let cpmSumMicros = 0n;
  for (const group of groups) {
    const type = group.momentType as MomentTypeKey;
    if (!isAvailableIn(type, group.sport as Sport)) continue;
    const count = group._count._all;
    wins += count;
    cpmSumMicros +=
      group.outcome === "no_fill" ? BigInt(count) * floorMicros(type) : (group._sum.winningBidMicros ?? 0n);
  }
  const days = Math.min(ESTIMATE_WINDOW_DAYS, Math.max(1, (nowMs - Number(firstMs)) / DAY_MS));
  return estimateFromHistory({
    wins,
    cpmSumMicros,
    days,
    dailyBudgetMicros: input.dailyBudgetMicros,
    totalBudgetMicros: input.totalBudgetMicros,
  });
}

/** Daily rate from `days` of history, capped by the daily budget (and the total, if smaller). Pure. */
export function estimateFromHistory(history: {
  wins: number;
  cpmSumMicros: bigint;
  days: number;
  dailyBudgetMicros: bigint;
  totalBudgetMicros: bigint;
}): DeliveryEstimate {
  let impressions = history.wins / history.days;
  // an impression costs CPM / 1000
  let spend = Number(history.cpmSumMicros) / 1000 / history.days;
  const cap = Number(
    history.dailyBudgetMicros < history.totalBudgetMicros ? history.dailyBudgetMicros : history.totalBudgetMicros,
  );
  if (spend > cap) {
    impressions = (impressions * cap) / spend;
    spend = cap;
  }
  return { dailyImpressions: Math.floor(impressions), dailySpendMicros: BigInt(Math.round(spend)) };
}

/**
 * The estimate for a stored campaign as it stands (or as an update would leave
 * it): 0 unless it is active with an approved creative; otherwise capped by the
 * daily budget and the budget left.
 */
export async function estimateCampaignDelivery(
  campaign: {
    id: string;
    status: string;
    momentTypes: string;
    sports: string;
    bidCpmMicros: bigint;
    dailyBudgetMicros: bigint;
    totalBudgetMicros: bigint;
    spendMicros: bigint;
  },
  now: Date,
): Promise<DeliveryEstimate> {
  const none = { dailyImpressions: 0, dailySpendMicros: 0n };
  if (campaign.status !== "active") return none;
  const approved = await db().creative.count({ where: { campaignId: campaign.id, status: "approved" } });
  const left = campaign.totalBudgetMicros - campaign.spendMicros;
  if (approved === 0 || left <= 0n) return none;
  return estimateDailyDelivery(
    {
      momentTypes: JSON.parse(campaign.momentTypes) as MomentTypeKey[],
      sports: JSON.parse(campaign.sports) as Sport[],
      bidCpmMicros: campaign.bidCpmMicros,
      dailyBudgetMicros: campaign.dailyBudgetMicros,
      totalBudgetMicros: left,
    },
    now,
  );
}
