// The simulated bettors' regions are real ISO codes, weighted toward where online sports
// betting is legal, and a seed draws the same people.
import { describe, expect, it } from "vitest";
import { isRegionCode, liesIn } from "@/lib/domain/regions/regions";
import { createRng } from "@/lib/random";
import {
  ABROAD,
  countProfiles,
  drawProfile,
  LEGAL_BETTING_REGIONS,
  OTHER_NORTH_AMERICAN_REGIONS,
  simulatedProfiles,
} from "./jurisdictions";

const LISTS = { LEGAL_BETTING_REGIONS, OTHER_NORTH_AMERICAN_REGIONS, ABROAD };
const legal = new Set(LEGAL_BETTING_REGIONS.map(([code]) => code));

describe("the simulator's regions", () => {
  it.each(Object.entries(LISTS))("%s names valid ISO 3166 codes, each once, with positive weights", (_, list) => {
    const codes = list.map(([code]) => code);
    expect(codes.filter((code) => !isRegionCode(code))).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [, weight] of list) expect(weight).toBeGreaterThan(0);
  });

  it("puts no other region inside a legal one, nor a legal one inside another", () => {
    for (const [code] of [...OTHER_NORTH_AMERICAN_REGIONS, ...ABROAD]) expect(liesIn(code, legal)).toBe(false);
    for (const code of legal) expect(liesIn(code, new Set([...legal].filter((other) => other !== code)))).toBe(false);
  });
});

describe("drawn profiles", () => {
  const draws = 20_000;
  const rng = createRng(1);
  const profiles = Array.from({ length: draws }, () => drawProfile(rng));
  const share = (count: number) => count / draws;

  it("are 80% in legal betting regions, 16% elsewhere and 4% of unknown region", () => {
    const counts = countProfiles(profiles);
    expect(Math.abs(share(counts.legalRegion) - 0.8)).toBeLessThan(0.015);
    expect(Math.abs(share(counts.otherRegion) - 0.16)).toBeLessThan(0.015);
    expect(Math.abs(share(counts.unknownRegion) - 0.04)).toBeLessThan(0.01);
  });

  it("weight the legal regions by population: New York far ahead of Kansas", () => {
    const inRegion = (code: string) => profiles.filter((profile) => profile.region === code).length;
    // weights 20 and 3 of 169, of the 80% in legal regions
    expect(Math.abs(share(inRegion("US-NY")) - (0.8 * 20) / 169)).toBeLessThan(0.01);
    expect(inRegion("US-NY") / inRegion("US-KS")).toBeGreaterThan(4);
    expect(inRegion("US-NY") / inRegion("US-KS")).toBeLessThan(10);
    for (const code of legal) expect(inRegion(code)).toBeGreaterThan(0);
  });

  it("self-exclude from gambling one time in ten, and exclude alcohol one in twenty", () => {
    const counts = countProfiles(profiles);
    expect(Math.abs(share(counts.selfExcluded) - 0.1)).toBeLessThan(0.01);
    expect(Math.abs(share(counts.alcoholExcluded) - 0.05)).toBeLessThan(0.01);
    // both may hold: each category once, in a fixed order
    expect(profiles.some((profile) => profile.excludedCategories.length === 2)).toBe(true);
    expect(profiles.every((profile) => profile.excludedCategories.join() !== "alcohol,gambling")).toBe(true);
  });

  it("are the same for a seed (sim-user-1…), and differ for another", () => {
    const a = simulatedProfiles(500, 7);
    expect(a.map((profile) => profile.id).slice(0, 2)).toEqual(["sim-user-1", "sim-user-2"]);
    expect(simulatedProfiles(500, 7)).toEqual(a);
    expect(simulatedProfiles(500, 8)).not.toEqual(a);
    const counts = countProfiles(a);
    expect(counts.legalRegion).toBeGreaterThan(500 * 0.7);
    expect(counts.selfExcluded).toBeGreaterThan(500 * 0.05);
    expect(counts.selfExcluded).toBeLessThan(500 * 0.15);
  });
});
