// A campaign's and a creative's fields as the change history records them
// (docs/decisions/1008): the REST API's names and units (USD numbers, ISO
// dates), so a row reads as the difference of two E6 answers. Only settings an
// advertiser or the system changes are recorded, never counters (spend,
// impressions: they move with every impression).
import type { Tx } from "@/lib/db/client";
import { fieldChanges, recordChange, type ChangeActor, type FieldValue } from "@/lib/history/changes";
import { microsToUsd } from "@/lib/money";
import { regionsOf, type CampaignRow, type CreativeRow } from "./campaign";

type CampaignSettings = Pick<
  CampaignRow,
  | "name"
  | "status"
  | "bidCpmMicros"
  | "dailyBudgetMicros"
  | "totalBudgetMicros"
  | "targetCpaMicros"
  | "endDate"
  | "postbackUrl"
  | "pacing"
  | "targetRegions"
  | "excludedRegions"
  | "endedReason"
>;

const usdOrNull = (micros: bigint | null): number | null => (micros === null ? null : microsToUsd(micros));

/** The settings E7 can change, and why delivery stopped. */
export function campaignFieldValues(row: CampaignSettings): Record<string, FieldValue> {
  return {
    name: row.name,
    status: row.status,
    bid_cpm_usd: microsToUsd(row.bidCpmMicros),
    daily_budget_usd: microsToUsd(row.dailyBudgetMicros),
    total_budget_usd: microsToUsd(row.totalBudgetMicros),
    target_cpa_usd: usdOrNull(row.targetCpaMicros),
    end_date: row.endDate,
    postback_url: row.postbackUrl,
    pacing: row.pacing,
    target_regions: regionsOf(row.targetRegions),
    excluded_regions: regionsOf(row.excludedRegions),
    // stated only once delivery stopped, as E6's ended_reason
    ended_reason: row.status === "ended" || row.status === "cancelled" ? row.endedReason : null,
  };
}

/** Everything a new campaign was created with (its primary creative is a change of its own). */
export function createdCampaignFieldValues(
  row: CampaignSettings & Pick<CampaignRow, "momentTypes" | "sports" | "startDate">,
): Record<string, FieldValue> {
  const { ended_reason: _none, ...settings } = campaignFieldValues(row);
  return {
    ...settings,
    moment_types: JSON.parse(row.momentTypes) as string[],
    sports: JSON.parse(row.sports) as string[],
    start_date: row.startDate,
  };
}

/** A creative as E6 shows it: its text, links, label and the review's verdict. */
export function creativeFieldValues(
  row: Pick<
    CreativeRow,
    "variantLabel" | "headline" | "body" | "ctaText" | "iconUrl" | "actionUrl" | "status" | "reviewReason"
  >,
): Record<string, FieldValue> {
  return {
    variant_label: row.variantLabel,
    headline: row.headline,
    body: row.body,
    cta_text: row.ctaText,
    icon_url: row.iconUrl,
    action_url: row.actionUrl,
    status: row.status,
    review_reason: row.reviewReason,
  };
}

/**
 * Records a new campaign and each of its creatives in the history, inside `tx`, the
 * transaction that inserted them (createCampaign, duplicateCampaign).
 */
export async function recordCampaignCreated(
  tx: Tx,
  change: { advertiserId: string; atMs: number; actor: ChangeActor; operation: string; campaignId: string },
): Promise<void> {
  const { campaignId, ...recorded } = change;
  const row = await tx.campaign.findUniqueOrThrow({ where: { id: campaignId }, include: { creatives: true } });
  await recordChange(tx, {
    ...recorded,
    target: { type: "campaign", id: campaignId },
    campaignId,
    fields: fieldChanges(null, createdCampaignFieldValues(row)),
  });
  for (const creative of row.creatives) {
    await recordChange(tx, {
      ...recorded,
      target: { type: "creative", id: creative.id },
      campaignId,
      fields: fieldChanges(null, creativeFieldValues(creative)),
    });
  }
}
