// The demo's regions are real ISO codes, and its campaigns' targeting lies within the licence
// of the sportsbooks that run them (a target outside it could never serve).
import { describe, expect, it } from "vitest";
import { isRegionCode, liesIn } from "@/lib/domain/regions/regions";
import { DEMO_CAMPAIGNS, DEMO_LICENSED_REGIONS, RIVALS } from "./demo-campaigns";

const licence = new Set(DEMO_LICENSED_REGIONS);

describe("the demo's regions", () => {
  it("licenses the sportsbooks in valid ISO 3166 codes, each once", () => {
    expect(DEMO_LICENSED_REGIONS.filter((code) => !isRegionCode(code))).toEqual([]);
    expect(licence.size).toBe(DEMO_LICENSED_REGIONS.length);
    expect(DEMO_LICENSED_REGIONS).toEqual(expect.arrayContaining(["US-NJ", "US-NY", "US-PA", "CA-ON"]));
  });

  it("targets and excludes valid codes within the licence", () => {
    const campaigns = [...DEMO_CAMPAIGNS, ...RIVALS.flatMap((rival) => rival.campaigns)];
    const regional = campaigns.filter((campaign) => campaign.targetRegions || campaign.excludedRegions);
    expect(regional.map((campaign) => campaign.name).sort()).toEqual([
      "New Jersey: live-bet boost",
      "Settled bets: next-game promo",
    ]);
    for (const campaign of regional) {
      for (const code of [...(campaign.targetRegions ?? []), ...(campaign.excludedRegions ?? [])]) {
        expect(isRegionCode(code)).toBe(true);
        expect(liesIn(code, licence)).toBe(true);
      }
    }
  });
});
