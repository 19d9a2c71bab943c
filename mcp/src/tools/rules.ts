// Automated rules (the service's docs/decisions/0700): list, create, dry run, enable or disable,
// delete. Every rule lives behind the REST API; these tools only translate.
import { z } from "zod";
import { confirm, defineTool, idempotencyKey } from "../tool.ts";
import { campaignId, completedWrite } from "./shapes.ts";

const ruleId = z.string().min(1).max(100).describe('Rule id, e.g. "rul_4kT9mQ2xLbW9cT1mV6pR3z".');

const ruleOut = z.looseObject({
  id: z.string(),
  name: z.string(),
  metric: z.string(),
  comparison: z.string(),
  threshold: z.number(),
  window_hours: z.number(),
  campaign_ids: z.array(z.string()).nullable(),
  action: z.string(),
  action_value_usd: z.number().nullable(),
  enabled: z.boolean(),
  next_window_end: z.string(),
});

const actionOut = z.looseObject({
  campaign_id: z.string(),
  campaign_name: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  action: z.string(),
  metric_value: z.number().nullable(),
  outcome: z.string(),
  detail: z.string(),
});

const HOW =
  "A rule watches a metric of each watched campaign over consecutive windows of window_hours hours (from the hour it " +
  "was created); each window is evaluated once when it closes, and a campaign whose metric is strictly above (or " +
  "below) the threshold gets the action, at most once per window. Metrics: spend_usd, impressions, clicks, " +
  "conversions, ctr (0..1), cpa_usd (cost per conversion; never met without conversions), cpm_usd. Actions: pause, " +
  "resume, set_bid, set_daily_budget (action_value_usd), notify. What a rule changes is in list_changes with the rule " +
  "as the actor. A rule never changes a total budget nor sets a daily budget above the remaining total budget.";

export const listRules = defineTool({
  name: "list_rules",
  title: "List automated rules",
  description: `The advertiser's automated rules, newest first. ${HOW}`,
  input: {},
  output: { rules: z.array(ruleOut) },
  operations: ["listRules"],
  run: async (_args, { api }) => api.read("listRules"),
});

export const createRule = defineTool({
  name: "create_rule",
  title: "Create an automated rule",
  description:
    `${HOW} A rule that can raise spend (resume; a bid or daily budget above a watched campaign's current one, or on ` +
    "every campaign) is refused until you call again with confirm: true: tell the user what it can raise first. Run " +
    "dry_run_rule afterwards to show what it would have done over the last 7 days.",
  input: {
    name: z.string().min(1).max(100),
    metric: z.enum(["spend_usd", "impressions", "clicks", "conversions", "ctr", "cpa_usd", "cpm_usd"]),
    comparison: z.enum(["above", "below"]),
    threshold: z.number().min(0).describe("USD for spend_usd, cpa_usd and cpm_usd; a count; a fraction for ctr."),
    window_hours: z.number().int().describe("1, 3, 6, 12, 24, 72 or 168."),
    campaign_ids: z
      .array(campaignId)
      .min(1)
      .max(100)
      .nullable()
      .describe("The campaigns to watch; null for every open campaign."),
    action: z.enum(["pause", "resume", "set_bid", "set_daily_budget", "notify"]),
    action_value_usd: z.number().positive().nullable().optional().describe("The bid (CPM) or daily budget, USD."),
    enabled: z.boolean().optional(),
    confirm,
    idempotency_key: idempotencyKey,
  },
  output: { status: z.string(), replayed: z.boolean().optional(), rule: ruleOut.optional() },
  operations: ["createRule"],
  fieldMap: (path) => (path === "confirm_spend_increase" ? "confirm" : path),
  run: async ({ confirm: confirmed, idempotency_key, ...body }, { api }) =>
    completedWrite(
      "rule",
      await api.write(
        "createRule",
        { body: { ...body, confirm_spend_increase: confirmed ?? false } },
        { idempotencyKey: idempotency_key },
      ),
    ),
});

export const setRuleEnabled = defineTool({
  name: "set_rule_enabled",
  title: "Enable or disable an automated rule",
  description:
    "Turns a rule on or off (a disabled rule is kept but never evaluated). Enabling a rule that can raise spend needs " +
    "confirm: true.",
  input: { rule_id: ruleId, enabled: z.boolean(), confirm, idempotency_key: idempotencyKey },
  output: { status: z.string(), replayed: z.boolean().optional(), rule: ruleOut.optional() },
  operations: ["updateRule"],
  fieldMap: (path) => (path === "confirm_spend_increase" ? "confirm" : path),
  run: async ({ rule_id, enabled, confirm: confirmed, idempotency_key }, { api }) =>
    completedWrite(
      "rule",
      await api.write(
        "updateRule",
        { path: { id: rule_id }, body: { enabled, confirm_spend_increase: confirmed ?? false } },
        { idempotencyKey: idempotency_key },
      ),
    ),
});

export const deleteRule = defineTool({
  name: "delete_rule",
  title: "Delete an automated rule",
  description:
    "Stops and removes an automated rule for good; what it already did stays in the change history (list_changes).",
  input: { rule_id: ruleId, idempotency_key: idempotencyKey },
  output: { status: z.string(), replayed: z.boolean().optional(), rule: ruleOut.optional() },
  operations: ["deleteRule"],
  destructive: true,
  run: async ({ rule_id, idempotency_key }, { api }) =>
    completedWrite(
      "rule",
      await api.write("deleteRule", { path: { id: rule_id } }, { idempotencyKey: idempotency_key }),
    ),
});

export const dryRunRule = defineTool({
  name: "dry_run_rule",
  title: "Dry run of an automated rule",
  description:
    "What a rule would have done over the last 7 days: each of its windows that closed then, evaluated oldest first on " +
    "the recorded delivery, with the outcome per campaign (applied: what would change; skipped: why not). Nothing " +
    "changes. Counts as a preview (limited per minute).",
  input: { rule_id: ruleId },
  output: { from: z.string(), to: z.string(), windows: z.number(), actions: z.array(actionOut) },
  operations: ["dryRunRule"],
  run: async ({ rule_id }, { api }) => api.read("dryRunRule", { path: { id: rule_id } }),
});

export const listRuleActions = defineTool({
  name: "list_rule_actions",
  title: "What an automated rule did",
  description:
    "What a rule did: its outcomes per campaign and window, newest window first (at most 100), applied (what changed) " +
    "or skipped (why nothing did).",
  input: { rule_id: ruleId },
  output: { actions: z.array(actionOut) },
  operations: ["listRuleActions"],
  run: async ({ rule_id }, { api }) => api.read("listRuleActions", { path: { id: rule_id } }),
});
