import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { seedDemoCampaigns } from "./demo-campaigns";

describe("demo campaigns", () => {
  it("creates deliverable campaigns for the demo advertiser and two rivals, once", async () => {
    const demo = await createTestAdvertiser("Demo");
    const created = await seedDemoCampaigns(demo.advertiserId, new Date("2026-11-22T10:00:00Z"));
    expect(created).toBeGreaterThanOrEqual(5);
    expect(await seedDemoCampaigns(demo.advertiserId)).toBe(0);
    const campaigns = await db().campaign.findMany({ include: { creatives: true } });
    expect(campaigns).toHaveLength(created);
    expect(campaigns.filter((campaign) => campaign.advertiserId === demo.advertiserId).length).toBe(3);
    expect(new Set(campaigns.map((campaign) => campaign.advertiserId)).size).toBe(3);
    for (const campaign of campaigns) {
      expect(campaign.status).toBe("active");
      expect(campaign.startDate).toBe("2026-11-22");
      expect(campaign.creatives.length).toBeGreaterThan(0);
      expect(campaign.creatives.every((creative) => creative.status === "approved")).toBe(true);
    }
  });
});
