// The one writer of campaign rows. The campaigns service (createCampaign), the demo seed,
// test factories and the benchmarks describe a campaign in the domain's units
// and get the same row: targeting as JSON arrays, money in micro-dollars,
// creatives in variant order (variant_index 0.., labelled variant_a, variant_b,
// ...). Validation is the caller's (the service parses API input; the others
// write fixed, valid values).
import { db, type Db, type Prisma, type Tx } from "@/lib/db/client";
import type { CreativeStatus } from "@/lib/domain/creatives/creatives.schemas";
import { variantLabel } from "@/lib/domain/creatives/variant-label";
import { newId } from "@/lib/ids";
import type { CampaignStatus, Pacing } from "./campaigns.schemas";

export type NewCreative = {
  id?: string;
  headline: string;
  body: string;
  iconUrl: string;
  actionUrl: string;
  ctaText?: string | null;
  status: CreativeStatus;
  reviewReason?: string | null;
  reviewedAt?: Date | null;
};

export type NewCampaign = {
  /** default: a new cmp_ id */
  id?: string;
  advertiserId: string;
  name: string;
  /** default: active */
  status?: CampaignStatus;
  momentTypes: readonly string[];
  sports: readonly string[];
  bidCpmMicros: bigint;
  dailyBudgetMicros: bigint;
  totalBudgetMicros: bigint;
  targetCpaMicros?: bigint | null;
  postbackUrl?: string | null;
  startDate: string;
  endDate?: string | null;
  /** default: even */
  pacing?: Pacing;
  /** region codes it serves only; default null (everywhere) */
  targetRegions?: readonly string[] | null;
  /** region codes it never serves; default null (none) */
  excludedRegions?: readonly string[] | null;
  /** default: the time of the insert; the creatives get the same */
  createdAt?: Date;
  /** default: the time of the insert; the creatives get the same */
  updatedAt?: Date;
  /** in variant order: the first is the primary creative (variant_a) */
  creatives: readonly NewCreative[];
};

/** A list of region codes as its column stores it (a JSON array; null for none). */
export function regionsJson(regions: readonly string[] | null | undefined): string | null {
  return regions == null ? null : JSON.stringify(regions);
}

/** The row (with its creatives) that `campaign` is stored as. */
export function campaignCreateData(campaign: NewCampaign): Prisma.CampaignUncheckedCreateInput & { id: string } {
  const { createdAt, updatedAt } = campaign;
  return {
    id: campaign.id ?? newId("cmp"),
    advertiserId: campaign.advertiserId,
    name: campaign.name,
    status: campaign.status ?? "active",
    momentTypes: JSON.stringify(campaign.momentTypes),
    sports: JSON.stringify(campaign.sports),
    bidCpmMicros: campaign.bidCpmMicros,
    dailyBudgetMicros: campaign.dailyBudgetMicros,
    totalBudgetMicros: campaign.totalBudgetMicros,
    targetCpaMicros: campaign.targetCpaMicros ?? null,
    postbackUrl: campaign.postbackUrl ?? null,
    startDate: campaign.startDate,
    endDate: campaign.endDate ?? null,
    pacing: campaign.pacing ?? "even",
    targetRegions: regionsJson(campaign.targetRegions),
    excludedRegions: regionsJson(campaign.excludedRegions),
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    creatives: {
      create: campaign.creatives.map((creative, index) => ({
        id: creative.id ?? newId("cr"),
        variantIndex: index,
        variantLabel: variantLabel(index),
        headline: creative.headline,
        body: creative.body,
        iconUrl: creative.iconUrl,
        actionUrl: creative.actionUrl,
        ctaText: creative.ctaText ?? null,
        status: creative.status,
        reviewReason: creative.reviewReason ?? null,
        reviewedAt: creative.reviewedAt ?? null,
        ...(createdAt ? { createdAt } : {}),
        ...(updatedAt ? { updatedAt } : {}),
      })),
    },
  };
}

/**
 * Inserts `campaign` and its creatives (inside `client`'s transaction when it
 * is one); returns the campaign's id and its creatives' ids in variant order.
 */
export async function insertCampaign(
  campaign: NewCampaign,
  client: Db | Tx = db(),
): Promise<{ id: string; creativeIds: string[] }> {
  const id = campaign.id ?? newId("cmp");
  const creatives = campaign.creatives.map((creative) => ({ ...creative, id: creative.id ?? newId("cr") }));
  await client.campaign.create({ data: campaignCreateData({ ...campaign, id, creatives }) });
  return { id, creativeIds: creatives.map((creative) => creative.id) };
}
