// Where the simulated bettors are and what they exclude (docs/api.md, "Demo traffic and the
// simulator"). Most live where online sports betting is legal, weighted by population; some in
// other US states and Canadian provinces, a few abroad or of unknown region. About one in ten has
// self-excluded from gambling, and a few under-21s are age-gated from alcohol. A bettor keeps
// their profile for as long as they take part.
import type { ExcludableCategory } from "@/lib/domain/regions/regions.schemas";
import { createRng, type Rng } from "@/lib/random";

/** A simulated user: their id, where they are (null: unknown) and the categories they exclude. */
export type BettorProfile = { id: string; region: string | null; excludedCategories: ExcludableCategory[] };

/** Region codes with a weight each (population in millions, rounded). */
type WeightedRegions = readonly (readonly [code: string, weight: number])[];

/**
 * The larger markets where online (mobile) sports betting is legal and live as of 2025: 18 US
 * states and Ontario (iGaming Ontario). Smaller legal states (CT, WV, NH, ...) are left out; the
 * demo sportsbook is licensed in exactly these (lib/demo/seed-demo.ts).
 */
export const LEGAL_BETTING_REGIONS: WeightedRegions = [
  ["US-NY", 20],
  ["US-PA", 13],
  ["US-IL", 13],
  ["US-OH", 12],
  ["US-NC", 11],
  ["US-MI", 10],
  ["US-NJ", 9],
  ["US-VA", 9],
  ["US-AZ", 7],
  ["US-TN", 7],
  ["US-MA", 7],
  ["US-IN", 7],
  ["US-MD", 6],
  ["US-CO", 6],
  ["US-LA", 5],
  ["US-KY", 5],
  ["US-IA", 3],
  ["US-KS", 3],
  ["CA-ON", 16],
];

/** US states without legal online sports betting (2025), and provinces with only a provincial operator. */
export const OTHER_NORTH_AMERICAN_REGIONS: WeightedRegions = [
  ["US-CA", 39],
  ["US-TX", 31],
  ["US-GA", 11],
  ["US-WA", 8],
  ["US-MN", 6],
  ["US-WI", 6],
  ["US-SC", 5],
  ["US-AL", 5],
  ["US-OK", 4],
  ["US-UT", 3],
  ["CA-QC", 9],
  ["CA-BC", 6],
];

/** Bettors abroad: known by their country only. */
export const ABROAD: WeightedRegions = [
  ["GB", 1],
  ["IE", 1],
  ["MX", 1],
  ["DE", 1],
  ["AU", 1],
];

/** The shares of bettors in legal regions, elsewhere in North America, abroad; the rest of unknown region. */
export const REGION_SHARES = { legal: 0.8, northAmerica: 0.12, abroad: 0.04 } as const;
/** The share of bettors who have self-excluded from gambling. */
export const SELF_EXCLUDED_SHARE = 0.1;
/** The share age-gated from alcohol (under 21). */
export const ALCOHOL_EXCLUDED_SHARE = 0.05;

const LEGAL = new Set(LEGAL_BETTING_REGIONS.map(([code]) => code));

function pickWeighted(regions: WeightedRegions, rng: Rng): string {
  const total = regions.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [code, weight] of regions) {
    roll -= weight;
    if (roll < 0) return code;
  }
  return regions[regions.length - 1]![0];
}

/** One bettor's region and exclusions. */
export function drawProfile(rng: Rng): Omit<BettorProfile, "id"> {
  const tier = rng.next();
  const region =
    tier < REGION_SHARES.legal
      ? pickWeighted(LEGAL_BETTING_REGIONS, rng)
      : tier < REGION_SHARES.legal + REGION_SHARES.northAmerica
        ? pickWeighted(OTHER_NORTH_AMERICAN_REGIONS, rng)
        : tier < REGION_SHARES.legal + REGION_SHARES.northAmerica + REGION_SHARES.abroad
          ? pickWeighted(ABROAD, rng)
          : null;
  const excludedCategories: ExcludableCategory[] = [];
  if (rng.chance(SELF_EXCLUDED_SHARE)) excludedCategories.push("gambling");
  if (rng.chance(ALCOHOL_EXCLUDED_SHARE)) excludedCategories.push("alcohol");
  return { region, excludedCategories };
}

/**
 * `sim-user-1`… with profiles drawn from `seed`, on a stream of their own: the games and stakes a
 * seed replays do not depend on the profiles.
 */
export function simulatedProfiles(count: number, seed: number): BettorProfile[] {
  const rng = createRng((seed ^ 0x5bd1e995) >>> 0);
  return Array.from({ length: count }, (_, index) => ({ id: `sim-user-${index + 1}`, ...drawProfile(rng) }));
}

/** How many of `profiles` are where, and how many exclude what. */
export function countProfiles(profiles: readonly Omit<BettorProfile, "id">[]) {
  const counts = { legalRegion: 0, otherRegion: 0, unknownRegion: 0, selfExcluded: 0, alcoholExcluded: 0 };
  for (const profile of profiles) {
    if (profile.region === null) counts.unknownRegion += 1;
    else if (LEGAL.has(profile.region)) counts.legalRegion += 1;
    else counts.otherRegion += 1;
    if (profile.excludedCategories.includes("gambling")) counts.selfExcluded += 1;
    if (profile.excludedCategories.includes("alcohol")) counts.alcoholExcluded += 1;
  }
  return counts;
}
export type ProfileCounts = ReturnType<typeof countProfiles>;
