import { describe, expect, it } from "vitest";
import { audienceKey, reaches, type CampaignReach } from "./audience";

const general: CampaignReach = {
  category: "general",
  licensedRegions: null,
  targetRegions: null,
  excludedRegions: null,
};
const sportsbook = (licensed: string[] | null, reach: Partial<CampaignReach> = {}): CampaignReach => ({
  ...general,
  category: "gambling",
  licensedRegions: licensed ? new Set(licensed) : null,
  ...reach,
});
const user = (region: string | null, excludedCategories: ("gambling" | "alcohol")[] = []) => ({
  region,
  excludedCategories,
});

describe("reaches", () => {
  it.each([
    // [what, campaign, user, reaches]
    ["a general campaign reaches anyone", general, user(null), true],
    ["a general campaign, a user excluding gambling", general, user("US-NJ", ["gambling"]), true],
    [
      "an alcohol advertiser, a user excluding alcohol",
      { ...general, category: "alcohol" as const },
      user("US-NJ", ["alcohol"]),
      false,
    ],
    [
      "an alcohol advertiser, a user excluding gambling only",
      { ...general, category: "alcohol" as const },
      user("US-NJ", ["gambling"]),
      true,
    ],
    ["a sportsbook in a licensed state", sportsbook(["US-NJ", "US-PA"]), user("US-NJ"), true],
    ["a sportsbook in an unlicensed state", sportsbook(["US-NJ"]), user("US-NY"), false],
    ["a sportsbook licensed country-wide, a state of it", sportsbook(["CA"]), user("CA-ON"), true],
    ["a sportsbook licensed in a state, the country as the user's region", sportsbook(["US-NJ"]), user("US"), false],
    ["a sportsbook, a user of unknown region", sportsbook(["US"]), user(null), false],
    ["a sportsbook with no licence", sportsbook(null), user("US-NJ"), false],
    ["a sportsbook, a user excluding gambling", sportsbook(["US-NJ"]), user("US-NJ", ["gambling"]), false],
    [
      "a licensed sportsbook targeting a state outside its licence",
      sportsbook(["US-NJ"], { targetRegions: new Set(["US-NY"]) }),
      user("US-NY"),
      false,
    ],
    [
      "a campaign targeting a country, a subdivision of it",
      { ...general, targetRegions: new Set(["US"]) },
      user("US-CO"),
      true,
    ],
    [
      "a campaign targeting a state, a user elsewhere",
      { ...general, targetRegions: new Set(["US-CO"]) },
      user("US-NJ"),
      false,
    ],
    [
      "a targeted campaign, a user of unknown region",
      { ...general, targetRegions: new Set(["US"]) },
      user(null),
      false,
    ],
    [
      "a campaign excluding a state, a user there",
      { ...general, excludedRegions: new Set(["US-NV"]) },
      user("US-NV"),
      false,
    ],
    [
      "a campaign excluding a country, a user in a state of it",
      { ...general, excludedRegions: new Set(["CA"]) },
      user("CA-QC"),
      false,
    ],
    [
      "a campaign excluding a state, a user of unknown region",
      { ...general, excludedRegions: new Set(["US-NV"]) },
      user(null),
      true,
    ],
    [
      "nested subdivisions: Babək lies in Nakhchivan, which lies in Azerbaijan",
      { ...general, targetRegions: new Set(["AZ-NX"]), excludedRegions: new Set(["AZ-BA"]) },
      user("AZ-BAB"),
      true,
    ],
  ] as const)("%s", (_what, campaign, audience, expected) => {
    expect(reaches(campaign, audience)).toBe(expected);
  });
});

describe("audienceKey", () => {
  it("is the same for the same region and categories in any order, and apart otherwise", () => {
    expect(audienceKey(user("US-NJ", ["gambling", "alcohol"]))).toBe(
      audienceKey(user("US-NJ", ["alcohol", "gambling"])),
    );
    const keys = [user(null), user("US-NJ"), user("US-NJ", ["gambling"]), user("US", ["gambling"])].map(audienceKey);
    expect(new Set(keys).size).toBe(4);
  });
});
