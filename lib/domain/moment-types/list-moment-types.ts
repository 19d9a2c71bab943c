// E2: the moment type catalog with typical CTR ranges measured from delivered
// volume. A range is published only when enough campaigns of enough distinct
// advertisers delivered enough impressions of that type (docs/decisions/0007);
// otherwise it is null. Computed at most once a minute per process.
import { DAY_MS, MINUTE_MS, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { microsToUsd, round6 } from "@/lib/money";
import { percentile } from "@/lib/stats";
import { ttlMemo } from "@/lib/ttl-memo";
import { MOMENT_TYPES } from "./catalog";
import type { MomentTypeView } from "./moment-types.schemas";

export const CTR_WINDOW_DAYS = 30;
/** a campaign counts toward a type's CTR range with at least this many impressions of it */
export const CTR_MIN_CAMPAIGN_IMPRESSIONS = 500;
/** and a range needs such campaigns from at least this many advertisers (no one advertiser's results are disclosed) */
export const CTR_MIN_ADVERTISERS = 3;
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
  const owners = new Map(
    (
      await db().campaign.findMany({
        where: { id: { in: [...new Set(qualifying.map((group) => group.campaignId))] } },
        select: { id: true, advertiserId: true },
      })
    ).map((campaign) => [campaign.id, campaign.advertiserId]),
  );
  const byType = new Map<string, { ctrs: number[]; advertisers: Set<string> }>();
  for (const group of qualifying) {
    const ctr = Number(group._sum.clicks ?? 0n) / Number(group._sum.impressions ?? 0n);
    const entry = byType.get(group.momentType) ?? { ctrs: [], advertisers: new Set<string>() };
    entry.ctrs.push(ctr);
    entry.advertisers.add(owners.get(group.campaignId) ?? group.campaignId);
    byType.set(group.momentType, entry);
  }
  const ranges = new Map<string, { low: number; high: number }>();
  for (const [type, { ctrs, advertisers }] of byType) {
    if (advertisers.size < CTR_MIN_ADVERTISERS) continue;
    ctrs.sort((a, b) => a - b);
    ranges.set(type, { low: round6(percentile(ctrs, 0.25)!), high: round6(percentile(ctrs, 0.75)!) });
  }
  return ranges;
}

const rangesMemo = ttlMemo(CTR_CACHE_MS, typicalCtrRanges);

export function resetMomentTypesCacheForTests(): void {
  rangesMemo.clear();
}

export async function listMomentTypes(options: { clock?: Clock } = {}): Promise<MomentTypeView[]> {
  const ranges = await rangesMemo.get(options.clock);
  return MOMENT_TYPES.map((type) => {
    const range = ranges.get(type.key);
    return {
      key: type.key,
      display_name: type.displayName,
      description: type.description,
      floor_cpm_usd: microsToUsd(type.floorCpmMicros),
      typical_ctr_low: range?.low ?? null,
      typical_ctr_high: range?.high ?? null,
      available_sports: [...type.availableSports],
    };
  });
}
