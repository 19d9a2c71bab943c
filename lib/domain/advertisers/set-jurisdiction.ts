// The operator's settings of an advertiser that decide whom its campaigns may serve (docs/api.md,
// "Jurisdictions"): its category (general, gambling, alcohol) and, for gambling, its licensed
// regions. Set by the operator CLI only (set-advertiser-category, set-licensed-regions); each
// change is a row of the advertiser's change history in the same transaction. The write bumps
// the advertiser's updated_at, which every delivery engine's signature check sees; this
// process's engine reloads before its next decision (emitCampaignsChanged).
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { regionsOf } from "@/lib/domain/campaigns/campaign";
import { regionList, ADVERTISER_CATEGORIES, type AdvertiserCategory } from "@/lib/domain/regions/regions.schemas";
import { AppError, parseInput } from "@/lib/errors";
import { fieldChanges, recordChange, SYSTEM_ACTORS, type FieldValue } from "@/lib/history/changes";
import { emitCampaignsChanged } from "@/lib/process-events";
import { z } from "zod";

export type AdvertiserJurisdiction = {
  advertiserId: string;
  category: AdvertiserCategory;
  /** null: none */
  licensedRegions: string[] | null;
};

const categoryInput = z.enum(ADVERTISER_CATEGORIES, "must be general, gambling or alcohol");

function fieldValues(row: { category: string; licensedRegions: string | null }): Record<string, FieldValue> {
  return { category: row.category, licensed_regions: regionsOf(row.licensedRegions) };
}

async function update(
  advertiserId: string,
  operation: string,
  data: { category?: string; licensedRegions?: string | null },
  clock?: Clock,
): Promise<AdvertiserJurisdiction> {
  const now = nowDate(clock);
  const row = await db().$transaction(async (tx) => {
    const before = await tx.advertiser.findUnique({ where: { id: advertiserId } });
    if (!before) throw new AppError("not_found", { detail: `No advertiser ${advertiserId}.` });
    const after = await tx.advertiser.update({ where: { id: advertiserId }, data: { ...data, updatedAt: now } });
    const fields = fieldChanges(fieldValues(before), fieldValues(after));
    if (Object.keys(fields).length > 0) {
      await recordChange(tx, {
        advertiserId,
        atMs: now.getTime(),
        actor: SYSTEM_ACTORS.operator,
        operation,
        target: { type: "advertiser", id: advertiserId },
        fields,
      });
    }
    return after;
  });
  // its campaigns' reach follows the advertiser's: this process reloads them before its next decision
  const campaigns = await db().campaign.findMany({ where: { advertiserId }, select: { id: true } });
  if (campaigns.length > 0) emitCampaignsChanged(campaigns.map((campaign) => campaign.id));
  return jurisdictionOf(row);
}

export function jurisdictionOf(row: {
  id: string;
  category: string;
  licensedRegions: string | null;
}): AdvertiserJurisdiction {
  return {
    advertiserId: row.id,
    category: (ADVERTISER_CATEGORIES as readonly string[]).includes(row.category)
      ? (row.category as AdvertiserCategory)
      : "general",
    licensedRegions: regionsOf(row.licensedRegions),
  };
}

/** npm run admin -- set-advertiser-category --advertiser ID --category general|gambling|alcohol */
export function setAdvertiserCategory(
  advertiserId: string,
  category: string,
  options: { clock?: Clock } = {},
): Promise<AdvertiserJurisdiction> {
  const parsed = parseInput(z.strictObject({ category: categoryInput }), { category }).category;
  return update(advertiserId, "setAdvertiserCategory", { category: parsed }, options.clock);
}

/**
 * npm run admin -- set-licensed-regions --advertiser ID --regions "US-NJ US-PA": the codes separated by
 * spaces or commas; "" or "none" removes every licence (a gambling advertiser then serves nobody).
 */
export function setLicensedRegions(
  advertiserId: string,
  regions: string,
  options: { clock?: Clock } = {},
): Promise<AdvertiserJurisdiction> {
  const codes = regions
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== "");
  const none = codes.length === 0 || (codes.length === 1 && codes[0] === "NONE");
  const list = none ? null : parseInput(z.strictObject({ regions: regionList }), { regions: codes }).regions;
  return update(
    advertiserId,
    "setLicensedRegions",
    { licensedRegions: list === null ? null : JSON.stringify(list) },
    options.clock,
  );
}
