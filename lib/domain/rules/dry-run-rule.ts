// dryRunRule: what a rule would have done over the last 7 days (docs/decisions/0700). Each
// window of the rule that closed in that time is evaluated by the worker's own function
// (evaluateWindow) on the same rollup rows, oldest first, each watched campaign as it stood at
// the window's end (its recorded changes since undone, its spend since taken off) with the
// actions the rule would have applied before, until the history records someone else setting
// that field. Nothing is written.
import type { Actor } from "@/lib/auth/actor";
import { DAY_MS, type Clock, systemClock } from "@/lib/clock";
import { defineOperation } from "@/lib/operations/operation";
import { evaluateWindow, latestClosedIndex, windowAt, type HourCounts, type RuleCampaign } from "./evaluate-rule";
import {
  campaignFieldChanges,
  hourCounts,
  ruleCampaignOf,
  watchedCampaigns,
  type CampaignFieldChange,
  type RuleField,
} from "./rule-rows";
import { DRY_RUN_DAYS, dryRunView, ruleIdInput, type DryRun, type PlannedAction, type Rule } from "./rules.schemas";
import { getRuleOrThrow } from "./update-rule";

export const dryRunRule = defineOperation({
  name: "dryRunRule",
  access: "campaigns:read",
  write: false,
  rateLimit: "preview",
  input: ruleIdInput,
  output: dryRunView,
  run: async (actor, input, { clock }) => ruleDryRun(actor, await getRuleOrThrow(actor, input.id), { clock }),
});

/** The dry run of `rule` at the clock's instant. */
export async function ruleDryRun(actor: Actor, rule: Rule, options: { clock?: Clock } = {}): Promise<DryRun> {
  const nowMs = (options.clock ?? systemClock)();
  const fromMs = nowMs - DRY_RUN_DAYS * DAY_MS;
  const last = latestClosedIndex(rule, nowMs);
  const windows = [];
  // every window that ended in the period (windows before the rule's creation included)
  for (let k = last; windowAt(rule, k).endMs > fromMs; k--) windows.unshift(windowAt(rule, k));
  const rows = await watchedCampaigns(actor.advertiserId, rule);
  const current = rows.map(ruleCampaignOf);
  const ids = rows.map((row) => row.id);
  const [counts, changes] = windows.length
    ? await Promise.all([
        hourCounts(ids, windows[0]!.startMs, nowMs),
        campaignFieldChanges(actor.advertiserId, ids, windows[0]!.endMs),
      ])
    : [[], []];
  const actions: PlannedAction[] = [];
  const simulated = new Simulated();
  for (const window of windows) {
    const campaigns = current.map((campaign) =>
      simulated.applied(campaignAt(campaign, changes, counts, window.endMs), changes, window.endMs),
    );
    const evaluated = evaluateWindow(rule, campaigns, counts, window);
    for (const { after } of evaluated)
      if (after)
        simulated.record(
          campaigns.find((campaign) => campaign.id === after.id)!,
          after,
          window.endMs,
        );
    actions.push(...evaluated.map((entry) => entry.planned));
  }
  return { from: new Date(fromMs), to: new Date(nowMs), windows: windows.length, actions };
}

const RULE_FIELDS: readonly RuleField[] = ["status", "bidCpmMicros", "dailyBudgetMicros", "totalBudgetMicros"];

/**
 * `campaign` (as it is now) as it stood at `atMs`: the recorded changes after then undone,
 * newest first, and the spend of the hours since taken off.
 */
export function campaignAt(
  campaign: RuleCampaign,
  changes: readonly CampaignFieldChange[],
  counts: readonly HourCounts[],
  atMs: number,
): RuleCampaign {
  const past: RuleCampaign = { ...campaign };
  for (let index = changes.length - 1; index >= 0; index--) {
    const change = changes[index]!;
    if (change.campaignId !== campaign.id || change.atMs <= atMs) continue;
    for (const field of RULE_FIELDS) {
      const from = change.fields[field]?.from;
      if (from !== undefined) Object.assign(past, { [field]: from });
    }
  }
  for (const row of counts)
    if (row.campaignId === campaign.id && row.hourMs >= atMs) past.spendMicros -= row.spendMicros;
  return past;
}

/** The fields the dry run's own earlier actions set, each held until the history records a change of it. */
class Simulated {
  readonly #held = new Map<string, { campaignId: string; field: RuleField; value: string | bigint; sinceMs: number }>();

  record(before: RuleCampaign, after: RuleCampaign, atMs: number): void {
    for (const field of RULE_FIELDS)
      if (after[field] !== before[field])
        this.#held.set(`${after.id} ${field}`, { campaignId: after.id, field, value: after[field], sinceMs: atMs });
  }

  /** `campaign` at `atMs` with the held fields applied; a field recorded as changed since it was set is let go. */
  applied(campaign: RuleCampaign, changes: readonly CampaignFieldChange[], atMs: number): RuleCampaign {
    let result = campaign;
    for (const [key, held] of this.#held) {
      if (held.campaignId !== campaign.id) continue;
      const overtaken = changes.some(
        (change) =>
          change.campaignId === held.campaignId &&
          change.atMs > held.sinceMs &&
          change.atMs <= atMs &&
          change.fields[held.field] !== undefined,
      );
      if (overtaken) this.#held.delete(key);
      else result = { ...result, [held.field]: held.value };
    }
    return result;
  }
}
