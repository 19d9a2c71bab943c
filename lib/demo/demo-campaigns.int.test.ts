import { describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { DEMO_LICENSED_REGIONS, seedDemoCampaigns } from "./demo-campaigns";

describe("demo campaigns", () => {
  it("creates deliverable campaigns for the demo advertiser and two rivals, once", async () => {
    const demo = await createTestAdvertiser("Demo");
    const created = await seedDemoCampaigns(demo.advertiserId, { clock: fixedClock("2026-11-22T10:00:00Z") });
    // four for the demo advertiser, two for the first rival, one for the second
    expect(created).toBe(7);
    expect(await seedDemoCampaigns(demo.advertiserId)).toBe(0);
    const campaigns = await db().campaign.findMany({ include: { creatives: true } });
    expect(campaigns).toHaveLength(created);
    expect(campaigns.filter((campaign) => campaign.advertiserId === demo.advertiserId).length).toBe(4);
    expect(new Set(campaigns.map((campaign) => campaign.advertiserId)).size).toBe(3);
    for (const campaign of campaigns) {
      expect(campaign.status).toBe("active");
      expect(campaign.startDate).toBe("2026-11-22");
      expect(campaign.creatives.every((creative) => creative.status === "approved")).toBe(true);
    }
    expect(Object.fromEntries(campaigns.map((campaign) => [campaign.name, campaign.creatives.length]))).toEqual({
      "Close finishes: live odds boost": 2,
      "Settled bets: next-game promo": 1,
      "Props and totals tracker": 1,
      "New Jersey: live-bet boost": 1,
      "Rival: everything, everywhere": 1,
      "Rival: basketball fouls": 1,
      "Exchange: position moves": 1,
    });
  });

  it("targets New Jersey with one demo campaign and leaves Ontario out of another; the rival sportsbook is licensed", async () => {
    const regions = await db().campaign.findMany({
      select: { name: true, targetRegions: true, excludedRegions: true },
    });
    const regional = regions.filter((campaign) => campaign.targetRegions !== null || campaign.excludedRegions !== null);
    expect(regional.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "New Jersey: live-bet boost", targetRegions: '["US-NJ"]', excludedRegions: null },
      { name: "Settled bets: next-game promo", targetRegions: null, excludedRegions: '["CA-ON"]' },
    ]);
    const rivals = await db().advertiser.findMany({
      where: { email: { startsWith: "rival-" } },
      select: { email: true, sandbox: true, category: true, licensedRegions: true },
      orderBy: { email: "asc" },
    });
    expect(rivals).toEqual([
      {
        email: "rival-1@sportsmomentads.test",
        sandbox: true,
        category: "gambling",
        licensedRegions: JSON.stringify(DEMO_LICENSED_REGIONS),
      },
      { email: "rival-2@sportsmomentads.test", sandbox: true, category: "general", licensedRegions: null },
    ]);
  });
});
