import { describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { seedDemoCampaigns } from "./demo-campaigns";

describe("demo campaigns", () => {
  it("creates deliverable campaigns for the demo advertiser and two rivals, once", async () => {
    const demo = await createTestAdvertiser("Demo");
    const created = await seedDemoCampaigns(demo.advertiserId, { clock: fixedClock("2026-11-22T10:00:00Z") });
    // three for the demo advertiser, two for the first rival, one for the second
    expect(created).toBe(6);
    expect(await seedDemoCampaigns(demo.advertiserId)).toBe(0);
    const campaigns = await db().campaign.findMany({ include: { creatives: true } });
    expect(campaigns).toHaveLength(created);
    expect(campaigns.filter((campaign) => campaign.advertiserId === demo.advertiserId).length).toBe(3);
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
      "Rival: everything, everywhere": 1,
      "Rival: basketball fouls": 1,
      "Exchange: position moves": 1,
    });
  });
});
