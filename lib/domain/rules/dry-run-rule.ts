// dryRunRule: what a rule would have done over the last 7 days (docs/decisions/0700). Each
// window of the rule that closed in that time is evaluated by the worker's own function
// (evaluateWindow) on the same rollup rows, oldest first, the watched campaigns starting as they
// are now and carrying each applied action to the next window, as the worker's writes would.
// Nothing is written.
import type { Actor } from "@/lib/auth/actor";
import { DAY_MS, type Clock, systemClock } from "@/lib/clock";
import { defineOperation } from "@/lib/operations/operation";
import { evaluateWindow, latestClosedIndex, windowAt, type RuleCampaign } from "./evaluate-rule";
import { hourCounts, ruleCampaignOf, watchedCampaigns } from "./rule-rows";
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
  let campaigns: RuleCampaign[] = rows.map(ruleCampaignOf);
  const counts = windows.length
    ? await hourCounts(
        rows.map((row) => row.id),
        windows[0]!.startMs,
        windows[windows.length - 1]!.endMs,
      )
    : [];
  const actions: PlannedAction[] = [];
  for (const window of windows) {
    const evaluated = evaluateWindow(rule, campaigns, counts, window);
    const after = new Map(evaluated.flatMap(({ after: next }) => (next ? [[next.id, next] as const] : [])));
    campaigns = campaigns.map((campaign) => after.get(campaign.id) ?? campaign);
    actions.push(...evaluated.map((entry) => entry.planned));
  }
  return { from: new Date(fromMs), to: new Date(nowMs), windows: windows.length, actions };
}
