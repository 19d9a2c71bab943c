// The worker's pass over the automated rules (docs/decisions/0700). For each enabled rule, the
// latest window that has closed is evaluated once: the rule_runs row, unique per rule and window,
// is inserted first in the transaction that writes the window's actions (the campaigns' changes,
// their history rows with the rule as the actor, the webhook events, the rule_actions rows the
// alerts derive from). A second worker on the same window fails on that row and writes nothing;
// a campaign changed between the read and the write (its version moved) makes the whole window
// decided again on fresh rows.
import { db, type Tx } from "@/lib/db/client";
import type { CampaignRow } from "@/lib/domain/campaigns/campaign";
import { campaignFieldValues } from "@/lib/domain/campaigns/campaign-changes";
import { isUniqueViolation } from "@/lib/errors";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { sortableId } from "@/lib/ids";
import { microsToUsd } from "@/lib/money";
import { emitCampaignsChanged } from "@/lib/process-events";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import { evaluateWindow, latestClosedIndex, windowAt, type RuleWindow } from "./evaluate-rule";
import { hourCounts, ruleActor, ruleCampaignOf, ruleOf, watchedCampaigns } from "./rule-rows";
import type { PlannedAction, Rule } from "./rules.schemas";

/** The history's operation for a change a rule made. */
export const APPLY_RULE_OPERATION = "applyRule";

const ATTEMPTS = 3;

class CampaignMoved extends Error {}

export type WindowOutcome = { status: "evaluated"; actions: PlannedAction[] } | { status: "already_evaluated" };

/** Evaluates `rule`'s `window` and commits what it does, once across workers. */
export async function runRuleWindow(
  advertiserId: string,
  rule: Rule,
  window: RuleWindow,
  nowMs: number,
): Promise<WindowOutcome> {
  for (let attempt = 1; ; attempt++) {
    const existing = await db().ruleRun.findUnique({
      where: { ruleId_windowStartMs: { ruleId: rule.id, windowStartMs: BigInt(window.startMs) } },
      select: { id: true },
    });
    if (existing) return { status: "already_evaluated" };
    const rows = await watchedCampaigns(advertiserId, rule);
    const counts = await hourCounts(
      rows.map((row) => row.id),
      window.startMs,
      window.endMs,
    );
    const evaluated = evaluateWindow(rule, rows.map(ruleCampaignOf), counts, window);
    const byId = new Map(rows.map((row) => [row.id, row]));
    try {
      const changed = await db().$transaction(async (tx) => {
        const runId = sortableId("rrn", nowMs);
        // first: a second worker on this window stops here (unique), before touching a campaign
        await tx.ruleRun.create({
          data: {
            id: runId,
            ruleId: rule.id,
            advertiserId,
            windowStartMs: BigInt(window.startMs),
            windowEndMs: BigInt(window.endMs),
            evaluatedAt: new Date(nowMs),
          },
        });
        const touched: string[] = [];
        for (const { planned, after } of evaluated) {
          const row = byId.get(planned.campaignId)!;
          if (planned.outcome === "applied" && after) {
            await applyToCampaign(tx, advertiserId, rule, row, after, planned, nowMs);
            touched.push(row.id);
          }
          await tx.ruleAction.create({
            data: {
              id: sortableId("rac", nowMs),
              runId,
              ruleId: rule.id,
              advertiserId,
              campaignId: planned.campaignId,
              windowStartMs: BigInt(window.startMs),
              windowEndMs: BigInt(window.endMs),
              action: planned.action,
              metricValue: planned.metricValue,
              outcome: planned.outcome,
              detail: planned.detail,
              createdAt: new Date(nowMs),
            },
          });
        }
        return touched;
      });
      if (changed.length) emitCampaignsChanged(changed);
      return { status: "evaluated", actions: evaluated.map((entry) => entry.planned) };
    } catch (error) {
      if (isUniqueViolation(error)) return { status: "already_evaluated" };
      if (error instanceof CampaignMoved && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}

/** Writes one applied action: the campaign (conditional on the version read), its history row and events. */
async function applyToCampaign(
  tx: Tx,
  advertiserId: string,
  rule: Rule,
  row: CampaignRow,
  after: ReturnType<typeof ruleCampaignOf>,
  planned: PlannedAction,
  nowMs: number,
): Promise<void> {
  const now = new Date(nowMs);
  const data = { status: after.status, bidCpmMicros: after.bidCpmMicros, dailyBudgetMicros: after.dailyBudgetMicros };
  const result = await tx.campaign.updateMany({
    where: { id: row.id, advertiserId, version: row.version, status: row.status },
    data: { ...data, version: { increment: 1 }, updatedAt: now },
  });
  if (result.count === 0) throw new CampaignMoved();
  await recordChange(tx, {
    advertiserId,
    atMs: nowMs,
    actor: ruleActor(rule),
    operation: APPLY_RULE_OPERATION,
    target: { type: "campaign", id: row.id },
    campaignId: row.id,
    fields: fieldChanges(campaignFieldValues(row), campaignFieldValues({ ...row, ...data })),
    reason: ruleReason(rule, planned),
  });
  if (after.bidCpmMicros !== row.bidCpmMicros) {
    await enqueueEvent(tx, {
      advertiserId,
      type: "campaign.bid_adjusted",
      data: {
        campaign_id: row.id,
        old_bid_cpm_usd: microsToUsd(row.bidCpmMicros),
        new_bid_cpm_usd: microsToUsd(after.bidCpmMicros),
        reason: "rule",
      },
      createdAtMs: nowMs,
    });
  }
}

/** Why, in the history's words: the condition and the window. */
export function ruleReason(
  rule: Pick<Rule, "metric" | "comparison" | "threshold" | "windowHours">,
  planned: PlannedAction,
) {
  return (
    `${rule.metric} ${planned.metricValue} ${rule.comparison} ${rule.threshold} over ${rule.windowHours} h ` +
    `(${planned.windowStart.toISOString()} to ${planned.windowEnd.toISOString()})`
  );
}

/** One pass: every enabled rule's latest closed window (from its first), evaluated once. Returns the windows evaluated. */
export async function runDueRules(nowMs: number): Promise<number> {
  const rules = await db().automatedRule.findMany({
    where: { enabled: true, deletedAt: null },
    orderBy: { id: "asc" },
  });
  let evaluated = 0;
  for (const row of rules) {
    const rule = ruleOf(row);
    const k = latestClosedIndex(rule, nowMs);
    if (k < 0) continue;
    const outcome = await runRuleWindow(row.advertiserId, rule, windowAt(rule, k), nowMs);
    if (outcome.status === "evaluated") evaluated++;
  }
  return evaluated;
}
