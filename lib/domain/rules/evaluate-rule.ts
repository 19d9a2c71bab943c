// The one evaluation of an automated rule (docs/decisions/0700), pure: which window has closed at
// an instant, the metric over it from the hourly rollups' rows, and what the rule does to each
// watched campaign. The worker (run-rules.ts) and the dry run (dry-run-rule.ts) both call it, the
// dry run with each past window's end as its clock and the campaigns as the rule would have left
// them, so a dry run is what the rule then does on the same rows.
import { HOUR_MS, MINUTE_MS } from "@/lib/clock";
import { floorIssue, MIN_DAILY_BUDGET_USD } from "@/lib/domain/campaigns/campaigns.schemas";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { microsToUsd, usdToMicros } from "@/lib/money";
import type { PlannedAction, Rule, RuleMetric } from "./rules.schemas";

/** A window is evaluated this long after it closes (rollups show an impression within seconds). */
export const RULE_GRACE_MS = MINUTE_MS;

export type RuleWindow = { startMs: number; endMs: number };

/** One rollup row of a watched campaign: an hour's counts. */
export type HourCounts = {
  campaignId: string;
  hourMs: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: bigint;
};

type Sums = Omit<HourCounts, "campaignId" | "hourMs">;

/** What the evaluation reads of a campaign, and what an action changes. */
export type RuleCampaign = {
  id: string;
  name: string;
  status: string;
  bidCpmMicros: bigint;
  dailyBudgetMicros: bigint;
  totalBudgetMicros: bigint;
  spendMicros: bigint;
  momentTypes: readonly MomentTypeKey[];
};

type RuleShape = Pick<
  Rule,
  "metric" | "comparison" | "threshold" | "windowHours" | "action" | "actionValueMicros" | "anchorMs"
>;

export function windowMs(rule: Pick<Rule, "windowHours">): number {
  return rule.windowHours * HOUR_MS;
}

/** The rule's window k: [anchor + k·W, anchor + (k+1)·W). */
export function windowAt(rule: Pick<Rule, "windowHours" | "anchorMs">, k: number): RuleWindow {
  const length = windowMs(rule);
  return { startMs: rule.anchorMs + k * length, endMs: rule.anchorMs + (k + 1) * length };
}

/** The index of the latest window evaluable at `nowMs` (closed at least RULE_GRACE_MS ago); may be negative. */
export function latestClosedIndex(rule: Pick<Rule, "windowHours" | "anchorMs">, nowMs: number): number {
  return Math.floor((nowMs - RULE_GRACE_MS - rule.anchorMs) / windowMs(rule)) - 1;
}

/** When the window open at `nowMs` closes. */
export function nextWindowEnd(rule: Pick<Rule, "windowHours" | "anchorMs">, nowMs: number): number {
  return windowAt(rule, Math.floor((nowMs - rule.anchorMs) / windowMs(rule))).endMs;
}

/** A campaign's counts over a window (rows outside it are ignored). */
export function windowSums(rows: readonly HourCounts[], campaignId: string, window: RuleWindow): Sums {
  const sums: Sums = { impressions: 0, clicks: 0, conversions: 0, spendMicros: 0n };
  for (const row of rows) {
    if (row.campaignId !== campaignId || row.hourMs < window.startMs || row.hourMs >= window.endMs) continue;
    sums.impressions += row.impressions;
    sums.clicks += row.clicks;
    sums.conversions += row.conversions;
    sums.spendMicros += row.spendMicros;
  }
  return sums;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The metric over the sums; null when it is not defined (a rate of nothing). */
export function metricValue(metric: RuleMetric, sums: Sums): number | null {
  const spend = microsToUsd(sums.spendMicros);
  switch (metric) {
    case "spend_usd":
      return spend;
    case "impressions":
      return sums.impressions;
    case "clicks":
      return sums.clicks;
    case "conversions":
      return sums.conversions;
    case "ctr":
      return sums.impressions === 0 ? null : round6(sums.clicks / sums.impressions);
    case "cpa_usd":
      return sums.conversions === 0 ? null : round6(spend / sums.conversions);
    case "cpm_usd":
      return sums.impressions === 0 ? null : round6((spend / sums.impressions) * 1000);
  }
}

export function conditionMet(rule: Pick<Rule, "comparison" | "threshold">, value: number | null): boolean {
  if (value === null) return false;
  return rule.comparison === "above" ? value > rule.threshold : value < rule.threshold;
}

/** A campaign after an applied action (the dry run carries it to the next window). */
export type Evaluated = { planned: PlannedAction; after: RuleCampaign | null };

function usd(micros: bigint): string {
  return String(microsToUsd(micros));
}

/** What the rule does to `campaign` in `window`, or null when the condition is not met. */
export function evaluateCampaign(
  rule: RuleShape,
  campaign: RuleCampaign,
  rows: readonly HourCounts[],
  window: RuleWindow,
): Evaluated | null {
  const value = metricValue(rule.metric, windowSums(rows, campaign.id, window));
  if (!conditionMet(rule, value)) return null;
  const base = {
    campaignId: campaign.id,
    campaignName: campaign.name,
    windowStart: new Date(window.startMs),
    windowEnd: new Date(window.endMs),
    action: rule.action,
    metricValue: value,
  };
  const skipped = (detail: string): Evaluated => ({ planned: { ...base, outcome: "skipped", detail }, after: null });
  const applied = (detail: string, after: RuleCampaign | null): Evaluated => ({
    planned: { ...base, outcome: "applied", detail },
    after,
  });
  const open = campaign.status === "active" || campaign.status === "paused";
  if (!open) return skipped(`the campaign is ${campaign.status}`);
  const target = rule.actionValueMicros;
  switch (rule.action) {
    case "notify":
      return applied(`${rule.metric} ${value} is ${rule.comparison} ${rule.threshold}: members notified`, null);
    case "pause":
      return campaign.status === "active"
        ? applied("status active → paused", { ...campaign, status: "paused" })
        : skipped("already paused");
    case "resume":
      return campaign.status === "paused"
        ? applied("status paused → active", { ...campaign, status: "active" })
        : skipped("already active");
    case "set_bid": {
      if (target === null) return skipped("no bid set on the rule");
      if (target === campaign.bidCpmMicros) return skipped(`bid already ${usd(target)}`);
      const floor = floorIssue(campaign.momentTypes, target);
      if (floor) return skipped(`bid ${usd(target)} refused: ${floor}`);
      return applied(`bid ${usd(campaign.bidCpmMicros)} → ${usd(target)}`, { ...campaign, bidCpmMicros: target });
    }
    case "set_daily_budget": {
      if (target === null) return skipped("no daily budget set on the rule");
      if (target === campaign.dailyBudgetMicros) return skipped(`daily budget already ${usd(target)}`);
      if (target < usdToMicros(MIN_DAILY_BUDGET_USD)) return skipped(`below the minimum of ${MIN_DAILY_BUDGET_USD}`);
      const remaining = campaign.totalBudgetMicros - campaign.spendMicros;
      // a rule never lifts spend past a budget the advertiser set: the total stays the ceiling
      if (target > campaign.dailyBudgetMicros && target > remaining)
        return skipped(
          `daily budget ${usd(target)} would exceed the remaining total budget (${usd(remaining)}); a rule never raises spend past the total budget`,
        );
      return applied(`daily budget ${usd(campaign.dailyBudgetMicros)} → ${usd(target)}`, {
        ...campaign,
        dailyBudgetMicros: target,
      });
    }
  }
}

/** Every watched campaign's outcome in one window (campaigns whose condition is not met have none). */
export function evaluateWindow(
  rule: RuleShape,
  campaigns: readonly RuleCampaign[],
  rows: readonly HourCounts[],
  window: RuleWindow,
): Evaluated[] {
  const out: Evaluated[] = [];
  for (const campaign of campaigns) {
    const evaluated = evaluateCampaign(rule, campaign, rows, window);
    if (evaluated) out.push(evaluated);
  }
  return out;
}
