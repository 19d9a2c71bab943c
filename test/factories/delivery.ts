// Delivery rows for tests of the areas that read them (conversions, reporting),
// written exactly as the delivery engine's contract in prisma/schema.prisma
// says: one impression per served ad with its click_id, one click row at the
// first click (id = the impression's click_id), hourly rollups that count
// impressions and spend in the hour of served_at and clicks in the hour of
// clicked_at, the campaign's running totals and its advertiser's billing account's spend, all
// in one transaction.
import { db } from "@/lib/db/client";
import { incrementRollups, type RollupDelta } from "@/lib/domain/rollups/increment-rollups";
import { newId } from "@/lib/ids";
import { impressionCostMicros } from "@/lib/money";

export type SeedImpression = {
  /** defaults to the campaign's first creative */
  creativeId?: string;
  momentType?: string;
  sport?: string;
  servedAtMs: number;
  /** default 2 USD CPM */
  clearingCpmMicros?: bigint;
  /** default clearing CPM / 1000 */
  costMicros?: bigint;
  /** when set, the impression was clicked at this time */
  clickedAtMs?: number;
  userId?: string;
  gameId?: string;
  /** the user's region; default none */
  region?: string | null;
};

export type SeededImpression = {
  impressionId: string;
  clickId: string;
  campaignId: string;
  creativeId: string;
  momentType: string;
  sport: string;
  servedAtMs: number;
  costMicros: bigint;
  clickedAtMs?: number;
  region: string | null;
};

type CampaignLike = { id: string; advertiserId: string; creatives: readonly { id: string }[] };

export async function seedDelivery(
  campaign: CampaignLike,
  impressions: readonly SeedImpression[],
): Promise<SeededImpression[]> {
  const seeded: SeededImpression[] = impressions.map((input) => {
    const clearing = input.clearingCpmMicros ?? 2_000_000n;
    return {
      impressionId: newId("imp"),
      clickId: newId("clk"),
      campaignId: campaign.id,
      creativeId: input.creativeId ?? campaign.creatives[0]!.id,
      momentType: input.momentType ?? "close_game",
      sport: input.sport ?? "nba",
      servedAtMs: input.servedAtMs,
      costMicros: input.costMicros ?? impressionCostMicros(clearing),
      clickedAtMs: input.clickedAtMs,
      region: input.region ?? null,
    };
  });
  const deltas: RollupDelta[] = [];
  for (const row of seeded) {
    const key = {
      campaignId: row.campaignId,
      creativeId: row.creativeId,
      momentType: row.momentType,
      sport: row.sport,
      region: row.region,
    };
    deltas.push({ ...key, atMs: row.servedAtMs, impressions: 1, spendMicros: row.costMicros });
    if (row.clickedAtMs !== undefined) deltas.push({ ...key, atMs: row.clickedAtMs, clicks: 1 });
  }
  const clicked = seeded.filter((row) => row.clickedAtMs !== undefined);
  const spend = seeded.reduce((sum, row) => sum + row.costMicros, 0n);

  await db().$transaction(async (tx) => {
    for (let start = 0; start < seeded.length; start += 500) {
      await tx.impression.createMany({
        data: seeded.slice(start, start + 500).map((row, index) => ({
          id: row.impressionId,
          clickId: row.clickId,
          advertiserId: campaign.advertiserId,
          campaignId: row.campaignId,
          creativeId: row.creativeId,
          momentType: row.momentType,
          sport: row.sport,
          gameId: impressions[start + index]!.gameId ?? "game_1",
          userId: impressions[start + index]!.userId ?? `user_${(start + index) % 97}`,
          clearingCpmMicros: impressions[start + index]!.clearingCpmMicros ?? 2_000_000n,
          costMicros: row.costMicros,
          servedAtMs: BigInt(row.servedAtMs),
          region: row.region,
        })),
      });
    }
    for (let start = 0; start < clicked.length; start += 500) {
      await tx.click.createMany({
        data: clicked.slice(start, start + 500).map((row) => ({
          id: row.clickId,
          impressionId: row.impressionId,
          campaignId: row.campaignId,
          creativeId: row.creativeId,
          momentType: row.momentType,
          sport: row.sport,
          clickedAtMs: BigInt(row.clickedAtMs!),
          region: row.region,
        })),
      });
    }
    await incrementRollups(tx, deltas);
    await tx.campaign.update({
      where: { id: campaign.id },
      data: {
        impressions: { increment: seeded.length },
        clicks: { increment: clicked.length },
        spendMicros: { increment: spend },
      },
    });
    // the advertiser's billing account counts every committed impression's cost, as delivery's commit does
    await tx.billingAccount.upsert({
      where: { advertiserId: campaign.advertiserId },
      create: { advertiserId: campaign.advertiserId, spentMicros: spend },
      update: { spentMicros: { increment: spend } },
    });
  });
  return seeded;
}

/** One clicked impression, for conversion tests. */
export async function seedClick(
  campaign: CampaignLike,
  clickedAtMs: number,
  options: Omit<SeedImpression, "servedAtMs" | "clickedAtMs"> = {},
) {
  const [row] = await seedDelivery(campaign, [{ ...options, servedAtMs: clickedAtMs - 5_000, clickedAtMs }]);
  return row!;
}
