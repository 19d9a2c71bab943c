// E2: the moment type catalog with typical CTR ranges measured from delivered
// volume. A range is published only when enough campaigns delivered enough
// impressions of that type (docs/decisions/0007); otherwise it is null.
import { db } from "@/lib/db/client";
import { microsToUsd, round6 } from "@/lib/money";
import { percentile } from "@/lib/stats";
import { MOMENT_TYPES } from "./catalog";
import type { MomentTypeView } from "./moment-types.schemas";

export const CTR_WINDOW_DAYS = 30;
/** a campaign counts toward a type's CTR range with at least this many impressions of it */
export const CTR_MIN_CAMPAIGN_IMPRESSIONS = 500;
/** and a range needs at least this many such campaigns */
export const CTR_MIN_CAMPAIGNS = 3;


/** Per moment type: the 25th and 75th percentile of per-campaign CTR over the window. */
export async function typicalCtrRanges(now = new Date()): Promise<Map<string, { low: number; high: number }>> {
  const since = BigInt(now.getTime() - CTR_WINDOW_DAYS * 86_400_000);
  const groups = await db().hourlyRollup.groupBy({
    by: ["campaignId", "momentType"],
    where: { hourMs: { gte: since } },
    _sum: { impressions: true, clicks: true },
  });
  const ctrsByType = new Map<string, number[]>();
  for (const group of groups) {
    const impressions = Number(group._sum.impressions ?? 0n);
    if (impressions < CTR_MIN_CAMPAIGN_IMPRESSIONS) continue;
    const ctr = Number(group._sum.clicks ?? 0n) / impressions;
    const list = ctrsByType.get(group.momentType) ?? [];
    list.push(ctr);
    ctrsByType.set(group.momentType, list);
  }
  const ranges = new Map<string, { low: number; high: number }>();
  for (const [type, ctrs] of ctrsByType) {
    if (ctrs.length < CTR_MIN_CAMPAIGNS) continue;
    ctrs.sort((a, b) => a - b);
    ranges.set(type, { low: round6(percentile(ctrs, 0.25)!), high: round6(percentile(ctrs, 0.75)!) });
  }
  return ranges;
}

export async function listMomentTypes(options: { now?: Date } = {}): Promise<MomentTypeView[]> {
  const ranges = await typicalCtrRanges(options.now);
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
