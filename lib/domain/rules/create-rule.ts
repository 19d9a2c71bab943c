// createRule: an automated rule (docs/decisions/0700). The watched campaigns must be the
// caller's (404 otherwise); a rule whose action can raise spend (resume, or a bid or daily
// budget above a watched campaign's current one) needs confirm_spend_increase, as the dashboard
// confirms an edit that raises spend (docs/decisions/1217). Windows start at the hour of creation.
import type { Actor } from "@/lib/auth/actor";
import { HOUR_MS, nowDate, type Clock } from "@/lib/clock";
import { db, type Tx } from "@/lib/db/client";
import { campaignNotFound } from "@/lib/domain/campaigns/get-campaign";
import { AppError, validationError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange, type FieldValue } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { defineOperation } from "@/lib/operations/operation";
import { ruleOf } from "./rule-rows";
import { createRuleInput, MAX_RULES, ruleView, type CreateRuleInput, type Rule } from "./rules.schemas";

export const createRule = defineOperation({
  name: "createRule",
  access: "campaigns:write",
  write: true,
  history: "rule",
  idempotent: true,
  input: createRuleInput,
  output: ruleView,
  run: (actor, input, { clock }) => ruleCreated(actor, input, { clock }),
});

/** The rule's settings as the history records them (the API's names and units). */
export function ruleFieldValues(rule: Rule): Record<string, FieldValue> {
  return {
    name: rule.name,
    metric: rule.metric,
    comparison: rule.comparison,
    threshold: rule.threshold,
    window_hours: rule.windowHours,
    campaign_ids: rule.campaignIds,
    action: rule.action,
    action_value_usd: rule.actionValueMicros === null ? null : microsToUsd(rule.actionValueMicros),
    enabled: rule.enabled,
  };
}

/** 404 for a watched campaign that is not the caller's. */
export async function assertCampaignsOwned(
  actor: Actor,
  ids: readonly string[] | null,
  client: Tx | ReturnType<typeof db> = db(),
) {
  if (ids === null) return;
  const owned = await client.campaign.findMany({
    where: { advertiserId: actor.advertiserId, id: { in: [...ids] } },
    select: { id: true },
  });
  const found = new Set(owned.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw campaignNotFound(missing);
}

/** Why the rule can raise spend, or null: resume, or a value above a watched campaign's current one. */
export async function spendRaise(
  actor: Actor,
  rule: Pick<Rule, "action" | "actionValueMicros" | "campaignIds">,
): Promise<string | null> {
  if (rule.action === "resume") return "resuming a paused campaign raises its spend";
  if (rule.action !== "set_bid" && rule.action !== "set_daily_budget") return null;
  const what = rule.action === "set_bid" ? "bid" : "daily budget";
  if (rule.campaignIds === null) return `the rule sets the ${what} of every campaign, new ones included`;
  const rows = await db().campaign.findMany({
    where: { advertiserId: actor.advertiserId, id: { in: rule.campaignIds } },
    select: { id: true, bidCpmMicros: true, dailyBudgetMicros: true },
  });
  const value = rule.actionValueMicros ?? 0n;
  const lower = rows.find((row) => (rule.action === "set_bid" ? row.bidCpmMicros : row.dailyBudgetMicros) < value);
  if (!lower) return null;
  const current = rule.action === "set_bid" ? lower.bidCpmMicros : lower.dailyBudgetMicros;
  return `${microsToUsd(value)} is above the current ${what} of ${lower.id} (${microsToUsd(current)})`;
}

/** 422 on confirm_spend_increase when the rule can raise spend and the caller did not confirm it. */
export async function assertSpendConfirmed(
  actor: Actor,
  rule: Pick<Rule, "action" | "actionValueMicros" | "campaignIds">,
  confirmed: boolean | undefined,
): Promise<void> {
  if (confirmed) return;
  const why = await spendRaise(actor, rule);
  if (why)
    throw validationError([
      {
        path: "confirm_spend_increase",
        message: `this rule can raise spend (${why}): send confirm_spend_increase: true to confirm`,
      },
    ]);
}

export async function ruleCreated(
  actor: Actor,
  input: CreateRuleInput,
  options: { clock?: Clock } = {},
): Promise<Rule> {
  const now = nowDate(options.clock);
  const settings = {
    name: input.name,
    metric: input.metric,
    comparison: input.comparison,
    threshold: input.threshold,
    windowHours: input.window_hours,
    campaignIds: input.campaign_ids,
    action: input.action,
    actionValueMicros:
      input.action_value_usd === undefined || input.action_value_usd === null
        ? null
        : usdToMicros(input.action_value_usd),
  };
  await assertCampaignsOwned(actor, settings.campaignIds);
  await assertSpendConfirmed(actor, settings, input.confirm_spend_increase);
  const count = await db().automatedRule.count({ where: { advertiserId: actor.advertiserId, deletedAt: null } });
  if (count >= MAX_RULES)
    throw new AppError("conflict", { detail: `At most ${MAX_RULES} rules per advertiser: delete one first.` });
  const by = await changeActorOf(actor);
  const row = await db().$transaction(async (tx) => {
    const created = await tx.automatedRule.create({
      data: {
        id: newId("rul"),
        advertiserId: actor.advertiserId,
        ...settings,
        campaignIds: settings.campaignIds === null ? null : JSON.stringify(settings.campaignIds),
        enabled: input.enabled ?? true,
        anchorMs: BigInt(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS),
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: createRule.name,
      target: { type: "rule", id: created.id },
      fields: fieldChanges(null, ruleFieldValues(ruleOf(created))),
    });
    return created;
  });
  return ruleOf(row);
}
