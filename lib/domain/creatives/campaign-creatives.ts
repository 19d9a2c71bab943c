// The creatives of many campaigns at once, with their scores and delivered
// results, in two queries whatever the number of campaigns (GraphQL's
// per-request loaders). The numbers are computed by the same functions as getCampaign
// (creativesOf, scoresOf) and getCreativePerformance (creativePerformanceOf).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { creativesOf, type Creative, type CreativeRow } from "@/lib/domain/campaigns/campaign";
import { creativePerformanceOf, type CreativeSums } from "@/lib/domain/reporting/get-creative-performance";
import type { CreativePerformance } from "@/lib/domain/reporting/reporting.schemas";
import { scoresOf } from "./performance-score";

export type CampaignCreatives = {
  /** variant_a first, as getCampaign's `variants` */
  creatives: Creative[];
  /** getCreativePerformance's numbers by creative id */
  performance: Map<string, CreativePerformance>;
};

const zero = (): CreativeSums => ({ impressions: 0n, clicks: 0n, conversions: 0n, spendMicros: 0n });

/** By campaign id, for the campaigns of `ids` the actor's advertiser owns (others are absent). */
export async function loadCampaignCreatives(
  actor: Actor,
  ids: readonly string[],
): Promise<Map<string, CampaignCreatives>> {
  const campaignIds = [...new Set(ids)];
  const [rows, sums] = await Promise.all([
    db().creative.findMany({
      where: { campaignId: { in: campaignIds }, campaign: { advertiserId: actor.advertiserId } },
      orderBy: [{ campaignId: "asc" }, { variantIndex: "asc" }],
    }),
    db().hourlyRollup.groupBy({
      by: ["campaignId", "creativeId"],
      where: { campaignId: { in: campaignIds } },
      _sum: { impressions: true, clicks: true, conversions: true, spendMicros: true },
    }),
  ]);
  const delivered = new Map<string, CreativeSums>(
    sums.map((row) => [
      row.creativeId,
      {
        impressions: row._sum.impressions ?? 0n,
        clicks: row._sum.clicks ?? 0n,
        conversions: row._sum.conversions ?? 0n,
        spendMicros: row._sum.spendMicros ?? 0n,
      },
    ]),
  );
  const byCampaign = new Map<string, CreativeRow[]>();
  for (const row of rows) byCampaign.set(row.campaignId, [...(byCampaign.get(row.campaignId) ?? []), row]);

  const result = new Map<string, CampaignCreatives>();
  for (const [campaignId, creatives] of byCampaign) {
    const approved = creatives.filter((creative) => creative.status === "approved").length;
    result.set(campaignId, {
      creatives: creativesOf(creatives, scoresOf(creatives, delivered)),
      performance: new Map(
        creatives.map((creative) => [
          creative.id,
          creativePerformanceOf(creative, delivered.get(creative.id) ?? zero(), approved),
        ]),
      ),
    });
  }
  return result;
}

/** The campaign of each creative of `ids` the actor's advertiser owns (others are absent). */
export async function findCreativeCampaigns(actor: Actor, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db().creative.findMany({
    where: { id: { in: [...new Set(ids)] }, campaign: { advertiserId: actor.advertiserId } },
    select: { id: true, campaignId: true },
  });
  return new Map(rows.map((row) => [row.id, row.campaignId]));
}
