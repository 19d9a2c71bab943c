// Regions: ISO 3166-1 alpha-2 country codes (US, CA) and ISO 3166-2 subdivision codes
// (US-NJ, CA-ON), from the maintained list of the iso-3166 package (no hand-typed list).
// A country contains all its subdivisions, and a subdivision those under it (GB-BFS lies
// in GB-NIR, which lies in GB). Pure: the delivery hot path and the browser use it too.
import { iso31661, iso31662 } from "iso-3166";

export type Region = {
  code: string;
  name: string;
  /** the code of the region it lies in, null for a country */
  parent: string | null;
};

const REGIONS = new Map<string, Region>();
for (const country of iso31661) REGIONS.set(country.alpha2, { code: country.alpha2, name: country.name, parent: null });
for (const subdivision of iso31662)
  REGIONS.set(subdivision.code, { code: subdivision.code, name: subdivision.name, parent: subdivision.parent });

export function isRegionCode(code: string): boolean {
  return REGIONS.has(code);
}

export function regionOf(code: string): Region | undefined {
  return REGIONS.get(code);
}

/** The region's display name ("New Jersey"), or the code itself for a code the list does not know. */
export function regionName(code: string): string {
  return REGIONS.get(code)?.name ?? code;
}

/** The region and the regions it lies in, innermost first: US-NJ, US. */
export function regionAndAncestors(code: string): string[] {
  const chain: string[] = [];
  for (let region = REGIONS.get(code); region; region = region.parent ? REGIONS.get(region.parent) : undefined) {
    chain.push(region.code);
  }
  return chain;
}

/** Whether `code` lies in one of `regions` (is one of them, or lies under one). */
export function liesIn(code: string, regions: ReadonlySet<string>): boolean {
  for (let region = REGIONS.get(code); region; region = region.parent ? REGIONS.get(region.parent) : undefined) {
    if (regions.has(region.code)) return true;
  }
  return false;
}

/** The subdivisions directly under a country or region, by name (a picker's groups). */
export function subdivisionsOf(code: string): Region[] {
  return [...REGIONS.values()]
    .filter((region) => region.parent === code)
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** Every country, by name. */
export function countries(): Region[] {
  return [...REGIONS.values()]
    .filter((region) => region.parent === null)
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}
