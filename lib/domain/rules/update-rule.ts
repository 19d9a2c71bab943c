// updateRule and deleteRule. An update is checked as a creation is (the watched campaigns, the
// action's value, the spend confirmation when the merged rule can raise spend); the rule's
// windows keep their anchor, so a window already evaluated is not evaluated again. A deleted
// rule is kept (its actions and history stay readable) but never evaluated or listed.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError, parseInput } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { defineOperation } from "@/lib/operations/operation";
import { assertCampaignsOwned, assertSpendConfirmed, ruleFieldValues } from "./create-rule";
import { ruleOf } from "./rule-rows";
import {
  createRuleInput,
  ruleIdInput,
  ruleView,
  updateRuleInput,
  type Rule,
  type UpdateRuleInput,
} from "./rules.schemas";

export const updateRule = defineOperation({
  name: "updateRule",
  access: "campaigns:write",
  write: true,
  history: "rule",
  idempotent: true,
  input: updateRuleInput,
  output: ruleView,
  run: (actor, input, { clock }) => ruleUpdated(actor, input, { clock }),
});

export const deleteRule = defineOperation({
  name: "deleteRule",
  access: "campaigns:write",
  write: true,
  history: "rule",
  idempotent: true,
  input: ruleIdInput,
  output: ruleView,
  run: (actor, input, { clock }) => ruleDeleted(actor, input.id, { clock }),
});

export function ruleNotFound(): AppError {
  return new AppError("not_found", { detail: "No rule with this id." });
}

/** The caller's rule (not deleted), or 404. */
export async function getRuleOrThrow(actor: Actor, id: string): Promise<Rule> {
  const row = await db().automatedRule.findFirst({ where: { id, advertiserId: actor.advertiserId, deletedAt: null } });
  if (!row) throw ruleNotFound();
  return ruleOf(row);
}

export async function ruleUpdated(
  actor: Actor,
  input: UpdateRuleInput,
  options: { clock?: Clock } = {},
): Promise<Rule> {
  const now = nowDate(options.clock);
  const rule = await getRuleOrThrow(actor, input.id);
  // the merged rule passes the creation's checks (the action and its value together)
  const merged = parseInput(createRuleInput, {
    name: input.name ?? rule.name,
    metric: input.metric ?? rule.metric,
    comparison: input.comparison ?? rule.comparison,
    threshold: input.threshold ?? rule.threshold,
    window_hours: rule.windowHours,
    campaign_ids: input.campaign_ids === undefined ? rule.campaignIds : input.campaign_ids,
    action: rule.action,
    action_value_usd:
      input.action_value_usd !== undefined
        ? input.action_value_usd
        : rule.actionValueMicros === null
          ? null
          : microsToUsd(rule.actionValueMicros),
    enabled: input.enabled ?? rule.enabled,
  });
  const next: Rule = {
    ...rule,
    name: merged.name,
    metric: merged.metric,
    comparison: merged.comparison,
    threshold: merged.threshold,
    campaignIds: merged.campaign_ids,
    actionValueMicros:
      merged.action_value_usd === undefined || merged.action_value_usd === null
        ? null
        : usdToMicros(merged.action_value_usd),
    enabled: merged.enabled ?? true,
  };
  const fields = fieldChanges(ruleFieldValues(rule), ruleFieldValues(next));
  if (Object.keys(fields).length === 0) return rule;
  await assertCampaignsOwned(actor, next.campaignIds);
  // confirming again only when this change is what can raise spend (a new value, new campaigns, enabling)
  if (fields.action_value_usd || fields.campaign_ids || (fields.enabled && next.enabled))
    await assertSpendConfirmed(actor, next, input.confirm_spend_increase);
  const by = await changeActorOf(actor);
  const row = await db().$transaction(async (tx) => {
    const updated = await tx.automatedRule.update({
      where: { id: rule.id },
      data: {
        name: next.name,
        metric: next.metric,
        comparison: next.comparison,
        threshold: next.threshold,
        campaignIds: next.campaignIds === null ? null : JSON.stringify(next.campaignIds),
        actionValueMicros: next.actionValueMicros,
        enabled: next.enabled,
        updatedAt: now,
      },
    });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: updateRule.name,
      target: { type: "rule", id: rule.id },
      fields,
    });
    return updated;
  });
  return ruleOf(row);
}

export async function ruleDeleted(actor: Actor, id: string, options: { clock?: Clock } = {}): Promise<Rule> {
  const now = nowDate(options.clock);
  const rule = await getRuleOrThrow(actor, id);
  const by = await changeActorOf(actor);
  await db().$transaction(async (tx) => {
    await tx.automatedRule.update({ where: { id }, data: { deletedAt: now, enabled: false, updatedAt: now } });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: deleteRule.name,
      target: { type: "rule", id },
      fields: fieldChanges(ruleFieldValues(rule), null),
    });
  });
  return { ...rule, enabled: false, updatedAt: now };
}
