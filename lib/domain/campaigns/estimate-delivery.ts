// createCampaign's estimates and those of the previews (docs/decisions/0304), from the
// auctions recorded over the trailing 7 days on the campaign's lanes (its moment
// types in the selected sports where they exist), without the caller's own
// auctions and without the demo's (sandbox) ones. Only clearing prices are read,
// never a winning bid; the arithmetic (the price grid, the bid's bucket, the
// rounding) is lib/domain/market/estimate-rules.ts. A campaign with region targeting (or
// of a gambling advertiser, bound to its licence) counts only its regions' share of that
// sample: auctions carry no region, so the share is that of the lanes' impressions
// (hourly rollups, by the users' region) in the same window.
//
// The sample of one advertiser's lane set is kept ESTIMATE_CACHE_MS: every bid,
// budget and repeated preview within that time is answered without a query.
// Previews (createCampaign and updateCampaign with validate_only, their GraphQL twins, the MCP tools
// through REST) count against the per-advertiser `preview` limit as their
// operations declare (previewCampaignCreate, previewCampaignUpdate), so every
// transport shares one count.
import { DAY_MS, fixedClock, MINUTE_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import {
  bandOf,
  estimateFromSample,
  NO_DELIVERY,
  type DeliveryEstimate,
  type EstimateSample,
} from "@/lib/domain/market/estimate-rules";
import { regionsOf } from "@/lib/domain/campaigns/campaign";
import { MARKET_WINDOW_DAYS } from "@/lib/domain/market/market.schemas";
import { floorMicros, isAvailableIn, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { liesIn } from "@/lib/domain/regions/regions";
import type { Sport } from "@/lib/domain/sports";
import { keyedTtlMemo } from "@/lib/ttl-memo";

export type { DeliveryEstimate } from "@/lib/domain/market/estimate-rules";

export const ESTIMATE_CACHE_MS = MINUTE_MS;
/** Lane sets kept at once (one small summary each); the oldest computed is dropped first. */
const ESTIMATE_CACHE_ENTRIES = 1000;

export type EstimateInput = {
  momentTypes: readonly MomentTypeKey[];
  sports: readonly Sport[];
  bidCpmMicros: bigint;
  dailyBudgetMicros: bigint;
  totalBudgetMicros: bigint;
  /** null or omitted: everywhere */
  targetRegions?: readonly string[] | null;
  excludedRegions?: readonly string[] | null;
};

/** The lanes a campaign targets, as "type:sport" in a stable order. */
function lanesOf(momentTypes: readonly MomentTypeKey[], sports: readonly Sport[]): string[] {
  const lanes: string[] = [];
  for (const type of momentTypes)
    for (const sport of sports) if (isAvailableIn(type, sport)) lanes.push(`${type}:${sport}`);
  return [...new Set(lanes)].sort();
}

/** The cache key: the advertiser (its auctions are left out) and the lanes. */
function sampleKey(advertiserId: string, lanes: readonly string[]): string {
  return `${advertiserId}|${lanes.join(",")}`;
}

/** The sample behind an estimate (computed from the key alone: one module-level function, no closure per call). */
async function loadSample(nowMs: number, key: string): Promise<EstimateSample> {
  const [advertiserId, laneList] = key.split("|") as [string, string];
  const lanes = laneList.split(",").map((lane) => {
    const [momentType, sport] = lane.split(":") as [string, string];
    return { momentType, sport };
  });
  const window = { gte: BigInt(nowMs - MARKET_WINDOW_DAYS * DAY_MS), lte: BigInt(nowMs) };
  const [first, groups] = await Promise.all([
    // how long this install has recorded real auctions (a young install is not diluted by empty days)
    db().auction.aggregate({ where: { occurredAtMs: window, sandbox: false }, _min: { occurredAtMs: true } }),
    db().auction.groupBy({
      by: ["momentType", "outcome", "winnerAdvertiserId", "clearingCpmMicros"],
      where: {
        occurredAtMs: window,
        sandbox: false,
        OR: lanes,
        AND: [
          {
            OR: [
              { outcome: "no_fill" },
              // a filled auction counts only with its winner known and not the caller
              {
                outcome: "filled",
                clearingCpmMicros: { gt: 0n },
                AND: [{ winnerAdvertiserId: { not: null } }, { winnerAdvertiserId: { not: advertiserId } }],
              },
            ],
          },
        ],
      },
      _sum: { auctionCount: true },
    }),
  ]);
  const byBand = new Map<number, number>();
  const winners = new Set<string>();
  let auctions = 0;
  const noFill = { count: 0, floorSumMicros: 0 };
  for (const group of groups) {
    const count = group._sum.auctionCount ?? 0;
    if (group.outcome === "no_fill") {
      noFill.count += count;
      noFill.floorSumMicros += count * Number(floorMicros(group.momentType as MomentTypeKey));
      continue;
    }
    auctions += count;
    winners.add(group.winnerAdvertiserId!);
    const band = bandOf(Number(group.clearingCpmMicros));
    byBand.set(band, (byBand.get(band) ?? 0) + count);
  }
  const firstMs = first._min.occurredAtMs;
  const days = firstMs === null ? 1 : Math.min(MARKET_WINDOW_DAYS, Math.max(1, (nowMs - Number(firstMs)) / DAY_MS));
  return {
    auctions,
    advertisers: winners.size,
    filledByBand: [...byBand].sort((a, b) => a[0] - b[0]),
    noFill,
    days,
  };
}

const samples = keyedTtlMemo<EstimateSample>(ESTIMATE_CACHE_MS, ESTIMATE_CACHE_ENTRIES);

/** The lanes' impressions over the window by the users' region ("" for none), from the rollups. */
async function loadRegionMix(nowMs: number, key: string): Promise<Map<string, number>> {
  const lanes = key.split(",").map((lane) => {
    const [momentType, sport] = lane.split(":") as [string, string];
    return { momentType, sport };
  });
  const groups = await db().hourlyRollup.groupBy({
    by: ["region"],
    where: { hourMs: { gte: BigInt(nowMs - MARKET_WINDOW_DAYS * DAY_MS), lte: BigInt(nowMs) }, OR: lanes },
    _sum: { impressions: true },
  });
  return new Map(groups.map((group) => [group.region, Number(group._sum.impressions ?? 0n)]));
}

const regionMixes = keyedTtlMemo<Map<string, number>>(ESTIMATE_CACHE_MS, ESTIMATE_CACHE_ENTRIES);

/**
 * The share (0..1) of the lanes' recent impressions whose users lie in the targeted regions and outside the
 * excluded ones: the part of the sample a region-targeted campaign could win. A user of unknown region
 * counts only for a campaign without target regions. `licensed` (a gambling advertiser's licence; null: none)
 * narrows it as delivery does: only users in the licence, never one of unknown region.
 */
export function regionShare(
  mix: ReadonlyMap<string, number>,
  target: readonly string[] | null,
  excluded: readonly string[] | null,
  licensed?: readonly string[] | null,
): number {
  const targets = target ? new Set(target) : null;
  const exclusions = excluded ? new Set(excluded) : null;
  const licence = licensed === undefined ? undefined : new Set(licensed ?? []);
  let total = 0;
  let matched = 0;
  for (const [region, count] of mix) {
    total += count;
    if (licence && (region === "" || !liesIn(region, licence))) continue;
    if (targets && (region === "" || !liesIn(region, targets))) continue;
    if (exclusions && region !== "" && liesIn(region, exclusions)) continue;
    matched += count;
  }
  return total === 0 ? 0 : matched / total;
}

/** The sample with every auction count scaled by `share` (the targeted regions' part of it). */
function scaledSample(sample: EstimateSample, share: number): EstimateSample {
  const scale = (count: number) => Math.round(count * share);
  return {
    ...sample,
    auctions: scale(sample.auctions),
    filledByBand: sample.filledByBand.map(([band, count]) => [band, scale(count)] as const),
    noFill: { count: scale(sample.noFill.count), floorSumMicros: Math.round(sample.noFill.floorSumMicros * share) },
  };
}

/** The daily estimate for `advertiserId` creating (or running) a campaign with these settings at `now`. */
export async function estimateDailyDelivery(
  advertiserId: string,
  input: EstimateInput,
  now: Date,
): Promise<DeliveryEstimate> {
  const lanes = lanesOf(input.momentTypes, input.sports);
  if (lanes.length === 0) return estimateFromSample(EMPTY_SAMPLE, input);
  const clock = fixedClock(now.getTime());
  const sample = await samples.get(sampleKey(advertiserId, lanes), loadSample, clock);
  const target = input.targetRegions ?? null;
  const excluded = input.excludedRegions ?? null;
  // a gambling advertiser serves only its licensed regions whatever the targeting
  const advertiser = await db().advertiser.findUnique({
    where: { id: advertiserId },
    select: { category: true, licensedRegions: true },
  });
  const licensed = advertiser?.category === "gambling" ? regionsOf(advertiser.licensedRegions) : undefined;
  if (target === null && excluded === null && licensed === undefined) return estimateFromSample(sample, input);
  const mix = await regionMixes.get(lanes.join(","), loadRegionMix, clock);
  return estimateFromSample(scaledSample(sample, regionShare(mix, target, excluded, licensed)), input);
}

const EMPTY_SAMPLE: EstimateSample = {
  auctions: 0,
  advertisers: 0,
  filledByBand: [],
  noFill: { count: 0, floorSumMicros: 0 },
  days: 1,
};

/**
 * The estimate for a stored campaign as it stands (or as an update would leave
 * it): estimated 0 unless it is active with an approved creative and budget left
 * (it would not deliver, whatever the market); otherwise capped by the daily
 * budget and the budget left.
 */
export async function estimateCampaignDelivery(
  campaign: {
    id: string;
    advertiserId: string;
    status: string;
    momentTypes: string;
    sports: string;
    bidCpmMicros: bigint;
    dailyBudgetMicros: bigint;
    totalBudgetMicros: bigint;
    spendMicros: bigint;
    targetRegions: string | null;
    excludedRegions: string | null;
  },
  now: Date,
): Promise<DeliveryEstimate> {
  if (campaign.status !== "active") return NO_DELIVERY;
  const approved = await db().creative.count({ where: { campaignId: campaign.id, status: "approved" } });
  const left = campaign.totalBudgetMicros - campaign.spendMicros;
  if (approved === 0 || left <= 0n) return NO_DELIVERY;
  return estimateDailyDelivery(
    campaign.advertiserId,
    {
      momentTypes: JSON.parse(campaign.momentTypes) as MomentTypeKey[],
      sports: JSON.parse(campaign.sports) as Sport[],
      bidCpmMicros: campaign.bidCpmMicros,
      dailyBudgetMicros: campaign.dailyBudgetMicros,
      totalBudgetMicros: left,
      targetRegions: regionsOf(campaign.targetRegions),
      excludedRegions: regionsOf(campaign.excludedRegions),
    },
    now,
  );
}
