// The rule reads: the advertiser's rules (newest first), one rule, and what a rule did (its
// rule_actions rows, newest window first).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { defineOperation } from "@/lib/operations/operation";
import { ruleOf } from "./rule-rows";
import {
  listRulesInput,
  ruleActionListView,
  ruleIdInput,
  ruleListView,
  ruleView,
  type PlannedAction,
  type Rule,
  type RuleAction,
} from "./rules.schemas";
import { getRuleOrThrow } from "./update-rule";

export const listRules = defineOperation({
  name: "listRules",
  access: "campaigns:read",
  write: false,
  input: listRulesInput,
  output: ruleListView,
  run: (actor) => rulesOf(actor),
});

export const getRule = defineOperation({
  name: "getRule",
  access: "campaigns:read",
  write: false,
  input: ruleIdInput,
  output: ruleView,
  run: (actor, input) => getRuleOrThrow(actor, input.id),
});

export const listRuleActions = defineOperation({
  name: "listRuleActions",
  access: "campaigns:read",
  write: false,
  input: ruleIdInput,
  output: ruleActionListView,
  run: (actor, input) => ruleActions(actor, input.id),
});

export async function rulesOf(actor: Actor): Promise<Rule[]> {
  const rows = await db().automatedRule.findMany({
    where: { advertiserId: actor.advertiserId, deletedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(ruleOf);
}

/** What the rule did, newest window first (at most 100 rows). */
export async function ruleActions(actor: Actor, id: string): Promise<PlannedAction[]> {
  await getRuleOrThrow(actor, id);
  const rows = await db().ruleAction.findMany({
    where: { ruleId: id, advertiserId: actor.advertiserId },
    orderBy: [{ windowStartMs: "desc" }, { id: "asc" }],
    take: 100,
  });
  const names = await db().campaign.findMany({
    where: { id: { in: [...new Set(rows.map((row) => row.campaignId))] } },
    select: { id: true, name: true },
  });
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    campaignId: row.campaignId,
    campaignName: nameOf.get(row.campaignId) ?? row.campaignId,
    windowStart: new Date(Number(row.windowStartMs)),
    windowEnd: new Date(Number(row.windowEndMs)),
    action: row.action as RuleAction,
    metricValue: row.metricValue,
    outcome: row.outcome === "applied" ? "applied" : "skipped",
    detail: row.detail,
  }));
}
