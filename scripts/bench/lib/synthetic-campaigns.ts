// Synthetic campaigns for the benchmarks: varied targeting, bids and budgets.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { insertCampaign } from "@/lib/domain/campaigns/campaign-rows";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { SPORTS } from "@/lib/domain/sports";
import type { CampaignRow } from "@/lib/delivery/store/delivery-store";
import type { NewCampaign } from "@/lib/domain/campaigns/campaign-rows";
import { variantLabel } from "@/lib/domain/creatives/variant-label";
import { newId } from "@/lib/ids";
import { createRng } from "@/lib/random";

export function syntheticCampaigns(count: number, advertisers: number, seed = 1): CampaignRow[] {
  const rng = createRng(seed);
  const advertiserIds = Array.from({ length: advertisers }, () => newId("adv"));
  return Array.from({ length: count }, (_, index) => {
    const types = new Set<string>();
    const typeCount = rng.int(1, 4);
    while (types.size < typeCount) types.add(rng.pick(MOMENT_TYPE_KEYS));
    const sports = new Set<string>();
    const sportCount = rng.int(1, 3);
    while (sports.size < sportCount) sports.add(rng.pick(SPORTS));
    // ids shaped like real ones (prefix + 22 base62 characters)
    const id = newId("cmp");
    return {
      id,
      advertiserId: advertiserIds[index % advertisers]!,
      status: "active",
      momentTypes: JSON.stringify([...types]),
      sports: JSON.stringify([...sports]),
      bidMicros: rng.int(600, 5000) * 1000,
      dailyBudgetMicros: 1_000_000_000_000,
      totalBudgetMicros: 10_000_000_000_000,
      spendMicros: 0,
      spendDay: null,
      daySpendMicros: 0,
      startDate: "2026-01-01",
      endDate: null,
      pacing: index % 2 ? "even" : "asap",
      sandbox: false,
      targetRegions: null,
      excludedRegions: null,
      category: "general",
      licensedRegions: null,
      account: null,
      createdAtMs: Date.UTC(2026, 0, 1),
      creatives: Array.from({ length: rng.int(1, 3) }, (_, variant) => ({
        id: `cr_${id.slice(4)}${variant}`,
        campaignId: id,
        variantIndex: variant,
        variantLabel: variantLabel(variant),
        headline: "Your bet is live",
        body: "Tap for the next line. Play responsibly.",
        iconUrl: "https://cdn.example.com/icon.png",
        actionUrl: "https://book.example.com/promo",
        ctaText: "Bet now",
      })),
    };
  });
}

/** The same campaign for the campaign-row writer (approved creatives, pacing asap: the decisions bench runs no pacing). */
export function newCampaignOf(row: CampaignRow): NewCampaign {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    name: row.id,
    momentTypes: JSON.parse(row.momentTypes) as string[],
    sports: JSON.parse(row.sports) as string[],
    bidCpmMicros: BigInt(row.bidMicros),
    dailyBudgetMicros: BigInt(row.dailyBudgetMicros),
    totalBudgetMicros: BigInt(row.totalBudgetMicros),
    startDate: row.startDate,
    pacing: "asap",
    creatives: row.creatives.map((creative) => ({
      id: creative.id,
      headline: creative.headline,
      body: creative.body,
      iconUrl: creative.iconUrl,
      actionUrl: creative.actionUrl,
      ctaText: creative.ctaText,
      status: "approved",
    })),
  };
}

/**
 * Writes the campaigns (through `toNew`, newCampaignOf by default) and their advertisers; a quarter of the
 * advertisers get a webhook endpoint for impression.served and click.recorded, so that their impressions and
 * clicks write outbox events as in production.
 */
export async function seedSyntheticCampaigns(
  campaigns: CampaignRow[],
  toNew: (row: CampaignRow) => NewCampaign = newCampaignOf,
): Promise<void> {
  const advertisers = [...new Set(campaigns.map((campaign) => campaign.advertiserId))];
  await db().advertiser.createMany({ data: advertisers.map((id) => ({ id, name: id, email: `${id}@bench.test` })) });
  for (const campaign of campaigns) await insertCampaign(toNew(campaign));
  await db().webhookEndpoint.createMany({
    data: advertisers
      .filter((_, index) => index % 4 === 0)
      .map((advertiserId) => ({
        id: randomUUID(),
        advertiserId,
        url: "https://hooks.example.com/sma",
        events: JSON.stringify(["impression.served", "click.recorded"]),
        secret: "0".repeat(64),
      })),
  });
}
