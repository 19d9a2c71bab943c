// AdCP's targeting_overlay and our campaign's region lists (docs/api.md, "Jurisdictions"):
// geo_countries (ISO 3166-1) and geo_regions (ISO 3166-2) together are target_regions,
// geo_countries_exclude and geo_regions_exclude together are excluded_regions, both ways. The
// service checks the codes (422 validation_failed) and a gambling advertiser's licence (422
// region_not_licensed, AdCP POLICY_VIOLATION). Other geographic dimensions (metros, postal areas,
// proximity) cannot be honoured: a buy naming them is refused rather than run wider than asked.
import { z } from "zod";
import type { Campaign } from "../rest-client.ts";
import { ToolInputError } from "../tool.ts";

const codes = (what: string) => z.array(z.string()).optional().describe(what);

export const targetingOverlay = z
  .looseObject({
    geo_countries: codes("Serve only users in these countries (ISO 3166-1 alpha-2, e.g. US, CA)."),
    geo_regions: codes("Serve only users in these states or provinces (ISO 3166-2, e.g. US-NJ, CA-ON)."),
    geo_countries_exclude: codes("Never serve users in these countries."),
    geo_regions_exclude: codes("Never serve users in these states or provinces."),
  })
  .describe(
    "Where the buy may serve: geo_countries and geo_regions together are the only regions served (omitted: " +
      "everywhere), the _exclude lists never served. A user whose region the publisher does not know matches only a " +
      "buy without geo_countries and geo_regions. A gambling advertiser may target only its licensed regions " +
      "(get_products lists them); it never serves outside them. Other geographic targeting is not offered.",
  );
export type TargetingOverlay = z.infer<typeof targetingOverlay>;

const UNSUPPORTED = [
  "geo_metros",
  "geo_metros_exclude",
  "geo_postal_areas",
  "geo_postal_areas_exclude",
  "geo_proximity",
  "store_catchments",
];

/** target_regions and excluded_regions from an overlay (null: no list); refuses geography it cannot honour. */
export function regionsFromOverlay(
  overlay: TargetingOverlay,
  field: string,
): { target_regions: string[] | null; excluded_regions: string[] | null } {
  for (const key of UNSUPPORTED) {
    if (overlay[key] !== undefined)
      throw new ToolInputError(`${key} is not offered: target countries and regions (ISO 3166) instead.`, {
        field: `${field}.${key}`,
        adcpCode: "UNSUPPORTED_FEATURE",
        suggestion: "Use geo_countries and geo_regions (and their _exclude lists).",
      });
  }
  const join = (a?: string[], b?: string[]) =>
    a === undefined && b === undefined ? null : [...(a ?? []), ...(b ?? [])];
  return {
    target_regions: join(overlay.geo_countries, overlay.geo_regions),
    excluded_regions: join(overlay.geo_countries_exclude, overlay.geo_regions_exclude),
  };
}

/** The overlay a campaign's region lists read back as (absent lists, absent keys; undefined without any). */
export function overlayOf(
  campaign: Pick<Campaign, "target_regions" | "excluded_regions">,
): Record<string, string[]> | undefined {
  const overlay: Record<string, string[]> = {};
  const split = (list: string[] | null | undefined, countries: string, regions: string) => {
    if (!list) return;
    const country = list.filter((code) => !code.includes("-"));
    const region = list.filter((code) => code.includes("-"));
    if (country.length) overlay[countries] = country;
    if (region.length) overlay[regions] = region;
  };
  split(campaign.target_regions, "geo_countries", "geo_regions");
  split(campaign.excluded_regions, "geo_countries_exclude", "geo_regions_exclude");
  return Object.keys(overlay).length ? overlay : undefined;
}

/** API field paths (target_regions[3]) -> the overlay's (for errors). */
export function overlayField(path: string, at: string): string | undefined {
  if (path.startsWith("target_regions")) return `${at}.targeting_overlay`;
  if (path.startsWith("excluded_regions")) return `${at}.targeting_overlay`;
  return undefined;
}
