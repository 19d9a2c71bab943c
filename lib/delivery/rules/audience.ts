// Which campaigns may serve a user (docs/api.md, "Jurisdictions and responsible gambling"):
// never an advertiser whose category the user excludes; a gambling advertiser only in a
// region it is licensed in, never to a user of unknown region; a campaign's own targeting
// (target_regions, excluded_regions) on top. A user with no region matches only campaigns
// that target everywhere.
import { liesIn } from "@/lib/domain/regions/regions";
import type { AdvertiserCategory, ExcludableCategory } from "@/lib/domain/regions/regions.schemas";

/** Who a decision is for: the user's region (null when unknown) and the categories they exclude. */
export type Audience = { region: string | null; excludedCategories: readonly ExcludableCategory[] };

/** What of a campaign decides whom it may serve. */
export type CampaignReach = {
  category: AdvertiserCategory;
  /** a gambling advertiser's licensed regions (none: it serves nobody) */
  licensedRegions: ReadonlySet<string> | null;
  /** null: everywhere */
  targetRegions: ReadonlySet<string> | null;
  excludedRegions: ReadonlySet<string> | null;
};

export function reaches(campaign: CampaignReach, audience: Audience): boolean {
  const { region } = audience;
  if (campaign.category !== "general" && audience.excludedCategories.includes(campaign.category)) return false;
  if (
    campaign.category === "gambling" &&
    (region === null || !campaign.licensedRegions || !liesIn(region, campaign.licensedRegions))
  )
    return false;
  if (campaign.targetRegions && (region === null || !liesIn(region, campaign.targetRegions))) return false;
  if (campaign.excludedRegions && region !== null && liesIn(region, campaign.excludedRegions)) return false;
  return true;
}

/** The key of an audience: users with the same key reach the same campaigns. */
export function audienceKey(audience: Audience): string {
  const excluded = audience.excludedCategories;
  const categories = excluded.length < 2 ? excluded.join() : [...excluded].sort().join();
  return `${audience.region ?? ""}|${categories}`;
}

/** Everybody: no region known, nothing excluded (a decision that names neither). */
export const ANYONE: Audience = Object.freeze({ region: null, excludedCategories: [] });
