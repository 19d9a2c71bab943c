// Stored rules -> the domain's rules, the campaigns a rule watches and the rollup rows it reads.
import { db, type AutomatedRule, type Db, type Tx } from "@/lib/db/client";
import type { CampaignRow } from "@/lib/domain/campaigns/campaign";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import type { ChangeActor } from "@/lib/history/changes";
import { usdToMicros } from "@/lib/money";
import type { HourCounts, RuleCampaign } from "./evaluate-rule";
import type { Rule, RuleAction, RuleComparison, RuleMetric } from "./rules.schemas";

export function ruleOf(row: AutomatedRule): Rule {
  return {
    id: row.id,
    name: row.name,
    metric: row.metric as RuleMetric,
    comparison: row.comparison as RuleComparison,
    threshold: row.threshold,
    windowHours: row.windowHours,
    campaignIds: row.campaignIds === null ? null : (JSON.parse(row.campaignIds) as string[]),
    action: row.action as RuleAction,
    actionValueMicros: row.actionValueMicros,
    enabled: row.enabled,
    anchorMs: Number(row.anchorMs),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The history's actor for what a rule does: the rule itself, by id and name (docs/decisions/0700). */
export function ruleActor(rule: Pick<Rule, "id" | "name">): ChangeActor {
  return { type: "system", id: rule.id, name: `Rule: ${rule.name}`, handle: null };
}

export function ruleCampaignOf(row: CampaignRow): RuleCampaign {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    bidCpmMicros: row.bidCpmMicros,
    dailyBudgetMicros: row.dailyBudgetMicros,
    totalBudgetMicros: row.totalBudgetMicros,
    spendMicros: row.spendMicros,
    momentTypes: JSON.parse(row.momentTypes) as MomentTypeKey[],
  };
}

/** The open campaigns (active or paused) the rule watches, oldest first. */
export async function watchedCampaigns(
  advertiserId: string,
  rule: Pick<Rule, "campaignIds">,
  client: Db | Tx = db(),
): Promise<CampaignRow[]> {
  return client.campaign.findMany({
    where: {
      advertiserId,
      status: { in: ["active", "paused"] },
      ...(rule.campaignIds === null ? {} : { id: { in: rule.campaignIds } }),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The hourly rollups of `campaignIds` in [startMs, endMs), summed per campaign and hour. */
export async function hourCounts(
  campaignIds: readonly string[],
  startMs: number,
  endMs: number,
  client: Db | Tx = db(),
): Promise<HourCounts[]> {
  if (campaignIds.length === 0) return [];
  const groups = await client.hourlyRollup.groupBy({
    by: ["campaignId", "hourMs"],
    where: { campaignId: { in: [...campaignIds] }, hourMs: { gte: BigInt(startMs), lt: BigInt(endMs) } },
    _sum: { impressions: true, clicks: true, conversions: true, spendMicros: true },
  });
  return groups.map((group) => ({
    campaignId: group.campaignId,
    hourMs: Number(group.hourMs),
    impressions: Number(group._sum.impressions ?? 0n),
    clicks: Number(group._sum.clicks ?? 0n),
    conversions: Number(group._sum.conversions ?? 0n),
    spendMicros: group._sum.spendMicros ?? 0n,
  }));
}

/** A recorded change of the campaign fields a rule reads (status, bid, budgets), in micros. */
export type CampaignFieldChange = {
  campaignId: string;
  atMs: number;
  fields: Partial<Record<RuleField, { from: string | bigint; to: string | bigint }>>;
};

/** The RuleCampaign fields the history can restore, by the history's field names. */
const RULE_FIELDS = {
  status: "status",
  bid_cpm_usd: "bidCpmMicros",
  daily_budget_usd: "dailyBudgetMicros",
  total_budget_usd: "totalBudgetMicros",
} as const;
export type RuleField = (typeof RULE_FIELDS)[keyof typeof RULE_FIELDS];

function ruleFieldValue(field: RuleField, value: unknown): string | bigint | undefined {
  if (field === "status") return typeof value === "string" ? value : undefined;
  return typeof value === "number" && Number.isFinite(value) ? usdToMicros(value) : undefined;
}

/** The recorded changes of those fields of `campaignIds` after `sinceMs`, oldest first. */
export async function campaignFieldChanges(
  advertiserId: string,
  campaignIds: readonly string[],
  sinceMs: number,
  client: Db | Tx = db(),
): Promise<CampaignFieldChange[]> {
  if (campaignIds.length === 0) return [];
  const rows = await client.change.findMany({
    where: {
      advertiserId,
      campaignId: { in: [...campaignIds] },
      targetType: "campaign",
      atMs: { gt: BigInt(sinceMs) },
    },
    orderBy: [{ atMs: "asc" }, { id: "asc" }],
    select: { targetId: true, atMs: true, fields: true },
  });
  return rows.flatMap((row) => {
    const recorded = JSON.parse(row.fields) as Record<string, { from?: unknown; to?: unknown }>;
    const fields: CampaignFieldChange["fields"] = {};
    for (const [name, field] of Object.entries(RULE_FIELDS)) {
      const change = recorded[name];
      const from = ruleFieldValue(field, change?.from);
      const to = ruleFieldValue(field, change?.to);
      if (from !== undefined && to !== undefined) fields[field] = { from, to };
    }
    return Object.keys(fields).length ? [{ campaignId: row.targetId, atMs: Number(row.atMs), fields }] : [];
  });
}
