// Database-independent parts of committing a delivery batch: grouping,
// outbox payloads, rollup deltas and the lifecycle thresholds.
import { mergeRollupDeltas, type RollupDelta } from "@/lib/domain/rollups/increment-rollups";
import { outboxRow, type OutboxRow } from "@/lib/webhooks/outbox";
import { isoTime, microsToUsdNumber } from "../rules/money-fast";
import type { CampaignSpend, ClickRecord, ClickTarget, ImpressionRecord } from "../records";

/** Impressions grouped by campaign, campaigns in id order (a fixed lock order on PostgreSQL). */
export function groupByCampaign(impressions: readonly ImpressionRecord[]): [string, ImpressionRecord[]][] {
  const groups = new Map<string, ImpressionRecord[]>();
  for (const impression of impressions) {
    const group = groups.get(impression.campaignId);
    if (group) group.push(impression);
    else groups.set(impression.campaignId, [impression]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function impressionEvent(impression: ImpressionRecord): OutboxRow {
  return outboxRow({
    advertiserId: impression.advertiserId,
    type: "impression.served",
    data: {
      impression_id: impression.impressionId,
      campaign_id: impression.campaignId,
      creative_id: impression.creativeId,
      moment_type: impression.momentType,
      sport: impression.sport,
      clearing_cpm_usd: microsToUsdNumber(impression.clearingCpmMicros),
      cost_usd: microsToUsdNumber(impression.costMicros),
      served_at: isoTime(impression.servedAtMs),
    },
    createdAtMs: impression.servedAtMs,
  });
}

export function clickEvent(click: ClickRecord): OutboxRow {
  return outboxRow({
    advertiserId: click.advertiserId,
    type: "click.recorded",
    data: {
      click_id: click.clickId,
      impression_id: click.impressionId,
      campaign_id: click.campaignId,
      creative_id: click.creativeId,
      clicked_at: isoTime(click.clickedAtMs),
    },
    createdAtMs: click.clickedAtMs,
  });
}

export function impressionRollups(impressions: readonly ImpressionRecord[], clicks: readonly ClickRecord[]) {
  const deltas: RollupDelta[] = [];
  for (const impression of impressions) {
    deltas.push({
      campaignId: impression.campaignId,
      creativeId: impression.creativeId,
      momentType: impression.momentType,
      sport: impression.sport,
      atMs: impression.servedAtMs,
      impressions: 1,
      spendMicros: BigInt(impression.costMicros),
    });
  }
  for (const click of clicks) {
    deltas.push({
      campaignId: click.campaignId,
      creativeId: click.creativeId,
      momentType: click.momentType,
      sport: click.sport,
      atMs: click.clickedAtMs,
      clicks: 1,
    });
  }
  return mergeRollupDeltas(deltas);
}

/** Counters of a campaign right after its spend was advanced in the batch. */
export type SpentCampaign = {
  id: string;
  advertiserId: string;
  spendMicros: bigint;
  totalBudgetMicros: bigint;
  budget50Set: boolean;
  budget90Set: boolean;
};

/** A row of the click lookup (impression joined with its creative), the same columns on both databases. */
export type ClickRow = {
  click_id: string;
  id: string;
  advertiser_id: string;
  campaign_id: string;
  creative_id: string;
  moment_type: string;
  sport: string;
  action_url: string;
};

export function clickTarget(row: ClickRow | undefined): ClickTarget | null {
  if (!row) return null;
  return {
    clickId: row.click_id,
    impressionId: row.id,
    advertiserId: row.advertiser_id,
    campaignId: row.campaign_id,
    creativeId: row.creative_id,
    momentType: row.moment_type,
    sport: row.sport,
    actionUrl: row.action_url,
  };
}

/** What the conditional spend update returned, normalized from either driver's types. */
export type SpendUpdate = {
  advertiserId: string;
  status: string;
  spendMicros: bigint;
  totalBudgetMicros: bigint;
  spendDay: string | null;
  daySpendMicros: bigint;
  budget50Set: boolean;
  budget90Set: boolean;
};

/** Records a campaign's committed spend for the batch result and its lifecycle checks. */
export function noteSpend(
  campaigns: CampaignSpend[],
  spent: SpentCampaign[],
  campaignId: string,
  update: SpendUpdate,
): void {
  campaigns.push({
    id: campaignId,
    status: update.status,
    spendMicros: Number(update.spendMicros),
    spendDay: update.spendDay,
    daySpendMicros: Number(update.daySpendMicros),
  });
  spent.push({
    id: campaignId,
    advertiserId: update.advertiserId,
    spendMicros: update.spendMicros,
    totalBudgetMicros: update.totalBudgetMicros,
    budget50Set: update.budget50Set,
    budget90Set: update.budget90Set,
  });
}

export type LifecycleStep = "budget_50pct" | "budget_90pct" | "ended";

/** Which lifecycle transitions the new spend crosses (each is then applied with a conditional update). */
export function lifecycleSteps(campaign: SpentCampaign): LifecycleStep[] {
  const steps: LifecycleStep[] = [];
  const { spendMicros: spend, totalBudgetMicros: total } = campaign;
  if (!campaign.budget50Set && spend * 2n >= total) steps.push("budget_50pct");
  if (!campaign.budget90Set && spend * 10n >= total * 9n) steps.push("budget_90pct");
  if (spend >= total) steps.push("ended");
  return steps;
}

export function budgetEvent(
  campaign: SpentCampaign,
  type: "campaign.budget_50pct" | "campaign.budget_90pct",
  nowMs: number,
): OutboxRow {
  return outboxRow({
    advertiserId: campaign.advertiserId,
    type,
    data: {
      campaign_id: campaign.id,
      spend_to_date_usd: microsToUsdNumber(Number(campaign.spendMicros)),
      total_budget_usd: microsToUsdNumber(Number(campaign.totalBudgetMicros)),
    },
    createdAtMs: nowMs,
  });
}

export function endedEvent(
  campaignId: string,
  advertiserId: string,
  reason: "budget_exhausted" | "end_date",
  nowMs: number,
): OutboxRow {
  return outboxRow({
    advertiserId,
    type: "campaign.ended",
    data: { campaign_id: campaignId, reason },
    createdAtMs: nowMs,
  });
}

/** DateTime text as Prisma stores it in SQLite. */
export function sqliteDateTime(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+00:00");
}
