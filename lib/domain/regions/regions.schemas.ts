// The inputs that name regions and categories (docs/api.md, "Jurisdictions"): one schema each,
// reused by REST, GraphQL, MCP, the dashboard and the OpenAPI document.
import { z } from "zod";
import { isRegionCode } from "./regions";

/** ISO 3166-1 alpha-2 (US) or ISO 3166-2 (US-NJ), as the iso-3166 list has it. */
export const regionCode = z
  .string()
  .refine(
    isRegionCode,
    "must be an ISO 3166-1 alpha-2 country code or an ISO 3166-2 subdivision code, e.g. US or US-NJ",
  )
  .meta({
    description: "An ISO 3166-1 alpha-2 country code (US) or ISO 3166-2 subdivision code (US-NJ).",
    example: "US-NJ",
  });

/** The most regions one list may name. */
export const MAX_REGIONS = 200;

/** A list of distinct regions (a country contains all its subdivisions). */
export const regionList = z
  .array(regionCode)
  .min(1, "must name at least one region (null for none)")
  .max(MAX_REGIONS, `at most ${MAX_REGIONS} regions`)
  .superRefine((codes, context) => {
    const first = new Map<string, number>();
    codes.forEach((code, index) => {
      const earlier = first.get(code);
      if (earlier === undefined) first.set(code, index);
      else context.addIssue({ code: "custom", path: [index], message: `duplicate of [${earlier}]` });
    });
  });

/** What an advertiser sells, as ad policies class it: gambling advertisers serve only their licensed regions. */
export const ADVERTISER_CATEGORIES = ["general", "gambling", "alcohol"] as const;
export type AdvertiserCategory = (typeof ADVERTISER_CATEGORIES)[number];

/** The categories a publisher may exclude for a user (self-exclusion, age gates). */
export const EXCLUDABLE_CATEGORIES = ["gambling", "alcohol"] as const;
export type ExcludableCategory = (typeof EXCLUDABLE_CATEGORIES)[number];

export const excludedCategories = z
  .array(z.enum(EXCLUDABLE_CATEGORIES))
  .max(EXCLUDABLE_CATEGORIES.length)
  .refine((values) => new Set(values).size === values.length, "each category once")
  .meta({
    description:
      "Advertiser categories this user must never see (the publisher's self-exclusions and age gates): gambling, alcohol.",
  });
