// listMomentTypes: the moment type catalog with typical CTR ranges measured from delivered
// volume. A range is published only when enough campaigns of enough distinct
// advertisers delivered enough impressions of that type over the market window
// (docs/decisions/0007: the market sample rule of lib/domain/market, 7 days, 3
// advertisers; each campaign's impressions are auctions it won); otherwise it
// is null. Demo (sandbox) advertisers' campaigns never count. Computed at most
// once a minute per process.
import { z } from "zod";
import { DAY_MS, MINUTE_MS, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { isPublishable, MARKET_WINDOW_DAYS } from "@/lib/domain/market/market.schemas";
import { round6 } from "@/lib/money";
import { defineOperation } from "@/lib/operations/operation";
import { percentile } from "@/lib/stats";
import { ttlMemo } from "@/lib/ttl-memo";
import { MOMENT_TYPES } from "./catalog";
import { CTR_MIN_CAMPAIGN_IMPRESSIONS, type MomentType, momentTypeView } from "./moment-types.schemas";

export const CTR_WINDOW_DAYS = MARKET_WINDOW_DAYS;
export const CTR_CACHE_MS = MINUTE_MS;

/** Per moment type: the 25th and 75th percentile of per-campaign CTR over the window. */
async function typicalCtrRanges(nowMs: number): Promise<Map<string, { low: number; high: number }>> {
  const since = BigInt(nowMs - CTR_WINDOW_DAYS * DAY_MS);
  const groups = await db().hourlyRollup.groupBy({
    by: ["campaignId", "momentType"],
    where: { hourMs: { gte: since } },
    _sum: { impressions: true, clicks: true },
  });
  const qualifying = groups.filter((group) => Number(group._sum.impressions ?? 0n) >= CTR_MIN_CAMPAIGN_IMPRESSIONS);
  // the demo's campaigns (sandbox advertisers) never count; nor a campaign whose owner is unknown
  const owners = new Map(
    (
      await db().campaign.findMany({
        where: {
          id: { in: [...new Set(qualifying.map((group) => group.campaignId))] },
          advertiser: { sandbox: false },
        },
        select: { id: true, advertiserId: true },
      })
    ).map((campaign) => [campaign.id, campaign.advertiserId]),
  );
  const byType = new Map<string, { ctrs: number[]; advertisers: Set<string>; impressions: number }>();
  for (const group of qualifying) {
    const owner = owners.get(group.campaignId);
    if (owner === undefined) continue;
    const impressions = Number(group._sum.impressions ?? 0n);
    const ctr = Number(group._sum.clicks ?? 0n) / impressions;
    const entry = byType.get(group.momentType) ?? { ctrs: [], advertisers: new Set<string>(), impressions: 0 };
    entry.ctrs.push(ctr);
    entry.advertisers.add(owner);
    entry.impressions += impressions;
    byType.set(group.momentType, entry);
  }
  const ranges = new Map<string, { low: number; high: number }>();
  for (const [type, { ctrs, advertisers, impressions }] of byType) {
    // every impression is an auction its campaign's advertiser won
    if (!isPublishable({ auctions: impressions, advertisers: advertisers.size })) continue;
    ctrs.sort((a, b) => a - b);
    ranges.set(type, { low: round6(percentile(ctrs, 0.25)!), high: round6(percentile(ctrs, 0.75)!) });
  }
  return ranges;
}

const rangesMemo = ttlMemo(CTR_CACHE_MS, typicalCtrRanges);

/** listMomentTypes: public; no query parameter is read. */
export const listMomentTypes = defineOperation({
  name: "listMomentTypes",
  access: "public",
  write: false,
  input: z.object({}),
  output: z.array(momentTypeView),
  run: (_actor, _input, { clock }) => momentTypes({ clock }),
});

/** The 11 moment types, in the catalog's order, with their typical CTR ranges where the market sample allows one. */
export async function momentTypes(options: { clock?: Clock } = {}): Promise<MomentType[]> {
  const ranges = await rangesMemo.get(options.clock);
  return MOMENT_TYPES.map((type) => {
    const range = ranges.get(type.key);
    return {
      key: type.key,
      displayName: type.displayName,
      description: type.description,
      floorCpmMicros: type.floorCpmMicros,
      typicalCtrLow: range?.low ?? null,
      typicalCtrHigh: range?.high ?? null,
      availableSports: [...type.availableSports],
    };
  });
}
