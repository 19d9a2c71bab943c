// both databases: aggregates over recorded auctions
// Estimates count only the regions a campaign can serve (docs/decisions/0308): the market
// sample scaled by the share of the lanes' recent impressions in its target regions (outside
// its exclusions), and for a gambling advertiser within its licence whatever the targeting.
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock, HOUR_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { setAdvertiserCategory, setLicensedRegions } from "@/lib/domain/advertisers/set-jurisdiction";
import { newId } from "@/lib/ids";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { deliveryForecast } from "./forecast-delivery";

const NOW = Date.UTC(2026, 2, 10, 12);
const clock = fixedClock(NOW);
const base = {
  moment_types: ["close_game" as const],
  sports: ["nba" as const],
  bid_cpm_usd: 5,
  daily_budget_usd: 100_000,
  total_budget_usd: 1_000_000,
};

beforeAll(async () => {
  // 2,000 auctions of three rivals over the last day, clearing at 1.00
  await db().auction.createMany({
    data: Array.from({ length: 2000 }, (_, i) => ({
      id: newId("auc"),
      momentType: "close_game",
      sport: "nba",
      outcome: "filled",
      bidders: 2,
      winningBidMicros: 1_100_000n,
      clearingCpmMicros: 1_000_000n,
      winnerAdvertiserId: `adv_rival${i % 3}`,
      occurredAtMs: BigInt(NOW - 20 * HOUR_MS + i * 1000),
    })),
  });
  // the lane's impressions by region: half New Jersey, a quarter Ontario, a quarter unknown
  const hourMs = BigInt(NOW - 5 * HOUR_MS - ((NOW - 5 * HOUR_MS) % HOUR_MS));
  await db().hourlyRollup.createMany({
    data: [
      ["US-NJ", 50n],
      ["CA-ON", 25n],
      ["", 25n],
    ].map(([region, impressions]) => ({
      campaignId: "cmp_rival",
      creativeId: "cr_rival",
      momentType: "close_game",
      sport: "nba",
      region: region as string,
      hourMs,
      impressions: impressions as bigint,
    })),
  });
});

describe("estimates by region", () => {
  it("scale by the targeted regions' share; a sportsbook's by its licence", async () => {
    const adv = await createTestAdvertiser("Regional");
    const actor = actorFor(adv.advertiserId, ["campaigns:write"]);
    const everywhere = await deliveryForecast(actor, base, { clock });
    expect(everywhere.status).toBe("estimated");
    const nj = await deliveryForecast(actor, { ...base, target_regions: ["US-NJ"] }, { clock });
    const notOntario = await deliveryForecast(actor, { ...base, excluded_regions: ["CA"] }, { clock });
    expect(nj.dailyImpressions).toBeCloseTo(everywhere.dailyImpressions / 2, -1);
    expect(notOntario.dailyImpressions).toBeCloseTo((everywhere.dailyImpressions * 3) / 4, -1);

    await setAdvertiserCategory(adv.advertiserId, "gambling");
    await setLicensedRegions(adv.advertiserId, "US-NJ");
    // untargeted, a sportsbook still reaches only its licence (never the unknown quarter)
    expect((await deliveryForecast(actor, base, { clock })).dailyImpressions).toBe(nj.dailyImpressions);
    await setLicensedRegions(adv.advertiserId, "none");
    expect(await deliveryForecast(actor, base, { clock })).toMatchObject({
      status: "insufficient_volume",
      dailyImpressions: 0,
    });
  });
});
