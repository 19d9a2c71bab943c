// Automated rules (docs/decisions/0700): "when <metric> over <window> is <above/below> X for
// <campaigns>, then pause / resume / set bid / set daily budget / notify". The inputs of the rule
// operations (REST, GraphQL, MCP, the dashboard's form) and the REST views of rules, their
// actions and a dry run.
import { z } from "zod";
import { isWholeMicros, MAX_BID_CPM_USD, MIN_DAILY_BUDGET_USD } from "@/lib/domain/campaigns/campaigns.schemas";

export const RULE_METRICS = ["spend_usd", "impressions", "clicks", "conversions", "ctr", "cpa_usd", "cpm_usd"] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];

export const RULE_COMPARISONS = ["above", "below"] as const;
export type RuleComparison = (typeof RULE_COMPARISONS)[number];

export const RULE_ACTIONS = ["pause", "resume", "set_bid", "set_daily_budget", "notify"] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** The windows a rule may look over, in hours: an hour to a week. */
export const RULE_WINDOW_HOURS = [1, 3, 6, 12, 24, 72, 168] as const;

/** Rules per advertiser (deleted ones not counted). */
export const MAX_RULES = 50;
/** Campaigns one rule may name (null names every open campaign). */
export const MAX_RULE_CAMPAIGNS = 100;
/** How far back a dry run looks. */
export const DRY_RUN_DAYS = 7;

export const RULE_METRIC_LABELS: Record<RuleMetric, string> = {
  spend_usd: "Spend (USD)",
  impressions: "Impressions",
  clicks: "Clicks",
  conversions: "Conversions",
  ctr: "Click-through rate (0..1)",
  cpa_usd: "Cost per conversion (USD)",
  cpm_usd: "Average CPM paid (USD)",
};

export const RULE_ACTION_LABELS: Record<RuleAction, string> = {
  pause: "Pause the campaign",
  resume: "Resume the campaign",
  set_bid: "Set the bid (CPM, USD)",
  set_daily_budget: "Set the daily budget (USD)",
  notify: "Notify the members only",
};

const name = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "at most 100 characters")
  .meta({ description: "The rule's name, shown in the history as its actor.", example: "Pause expensive conversions" });

const threshold = z
  .number()
  .min(0, "must be at least 0")
  .max(1_000_000_000, "at most 1000000000")
  .meta({
    description:
      "The value the metric is compared with: USD for spend_usd, cpa_usd and cpm_usd, a count for impressions, clicks " +
      "and conversions, a fraction 0..1 for ctr.",
    example: 40,
  });

const campaignIds = z
  .array(z.string().min(1).max(200))
  .min(1, "name at least one campaign, or send null for every open campaign")
  .max(MAX_RULE_CAMPAIGNS, `at most ${MAX_RULE_CAMPAIGNS} campaigns`)
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a campaign")
  .nullable()
  .meta({
    description:
      "The campaigns the rule watches (cmp_…), or null for every open campaign of the advertiser, new ones included.",
    example: ["cmp_8fJ2nQ4xLbW9cT1mV6pR3z"],
  });

const actionValue = z
  .number()
  .gt(0, "must be greater than 0")
  .max(1_000_000_000, "at most 1000000000")
  .refine(isWholeMicros, "must have at most 6 decimal places")
  .nullable()
  .meta({
    description: `The bid (set_bid, at most ${MAX_BID_CPM_USD}) or daily budget (set_daily_budget, at least ${MIN_DAILY_BUDGET_USD}) in USD; null for the other actions.`,
    example: null,
  });

const confirm = z
  .boolean()
  .optional()
  .meta({
    description:
      "Required (true) when the rule's action can raise spend: resume, or a bid or daily budget above the current one of a " +
      "watched campaign (every set_bid and set_daily_budget rule that watches all campaigns). Without it such a rule is " +
      "refused with 422 on this field, as the dashboard asks before saving a change that raises spend.",
  });

const ruleFields = {
  name,
  metric: z
    .enum(RULE_METRICS)
    .meta({ description: "What the rule measures over its window (from the hourly rollups)." }),
  comparison: z
    .enum(RULE_COMPARISONS)
    .meta({ description: "Acts when the metric is strictly above or below the threshold." }),
  threshold,
  window_hours: z
    .number()
    .int("must be a whole number of hours")
    .refine(
      (hours) => (RULE_WINDOW_HOURS as readonly number[]).includes(hours),
      `must be one of ${RULE_WINDOW_HOURS.join(", ")}`,
    )
    .meta({
      description:
        "The window in hours (1, 3, 6, 12, 24, 72 or 168). Windows follow each other from the hour the rule was created; " +
        "each is evaluated once, when it has closed, and the rule acts at most once per campaign in it.",
      example: 72,
    }),
  campaign_ids: campaignIds,
  action: z
    .enum(RULE_ACTIONS)
    .meta({ description: "What the rule does to each watched campaign that meets the condition." }),
  action_value_usd: actionValue.optional(),
  enabled: z.boolean().optional().meta({ description: "A disabled rule is kept but never evaluated (default true)." }),
  confirm_spend_increase: confirm,
};

function actionValueIssues(
  value: { action?: RuleAction; action_value_usd?: number | null },
  ctx: z.RefinementCtx,
): void {
  const needsValue = value.action === "set_bid" || value.action === "set_daily_budget";
  const given = value.action_value_usd !== undefined && value.action_value_usd !== null;
  if (needsValue && !given)
    ctx.addIssue({ code: "custom", path: ["action_value_usd"], message: `is required for ${value.action}` });
  if (!needsValue && given && value.action !== undefined)
    ctx.addIssue({ code: "custom", path: ["action_value_usd"], message: `must be null for ${value.action}` });
  if (value.action === "set_bid" && given && value.action_value_usd! > MAX_BID_CPM_USD)
    ctx.addIssue({
      code: "custom",
      path: ["action_value_usd"],
      message: `must be at most ${MAX_BID_CPM_USD} for a bid`,
    });
  if (value.action === "set_daily_budget" && given && value.action_value_usd! < MIN_DAILY_BUDGET_USD)
    ctx.addIssue({
      code: "custom",
      path: ["action_value_usd"],
      message: `must be at least ${MIN_DAILY_BUDGET_USD} for a daily budget`,
    });
}

export const createRuleInput = z.strictObject(ruleFields).superRefine(actionValueIssues);
export type CreateRuleInput = z.output<typeof createRuleInput>;

/** Everything but the action can change; the action and its value are checked together again. */
export const updateRuleInput = z
  .strictObject({
    id: z.string(),
    name: name.optional(),
    metric: ruleFields.metric.optional(),
    comparison: ruleFields.comparison.optional(),
    threshold: threshold.optional(),
    campaign_ids: campaignIds.optional(),
    action_value_usd: actionValue.optional(),
    enabled: ruleFields.enabled,
    confirm_spend_increase: confirm,
  })
  .meta({ id: "UpdateRuleInput" });
export type UpdateRuleInput = z.output<typeof updateRuleInput>;

export const ruleIdInput = z.strictObject({ id: z.string() });
export const listRulesInput = z.strictObject({});

export const ruleIdParams = z.object({
  id: z.string().meta({ description: "Rule id (rul_…)", example: "rul_4kT9mQ2xLbW9cT1mV6pR3z" }),
});

// ------------------------------------------------------------------ domain objects

export type Rule = {
  id: string;
  name: string;
  metric: RuleMetric;
  comparison: RuleComparison;
  threshold: number;
  windowHours: number;
  campaignIds: string[] | null;
  action: RuleAction;
  actionValueMicros: bigint | null;
  enabled: boolean;
  anchorMs: number;
  createdAt: Date;
  updatedAt: Date;
};

/** What a rule does (or declines to do) to one campaign in one window. */
export type PlannedAction = {
  campaignId: string;
  campaignName: string;
  windowStart: Date;
  windowEnd: Date;
  action: RuleAction;
  /** the metric over the window; null when it is not defined (a CPA without conversions) */
  metricValue: number | null;
  outcome: "applied" | "skipped";
  /** what changed ("bid 2.5 → 3"), or why nothing did */
  detail: string;
};

export type DryRun = { from: Date; to: Date; windows: number; actions: PlannedAction[] };

// ------------------------------------------------------------------ REST views

const isoTime = z.string().meta({ format: "date-time", example: "2026-12-02T10:00:00.000Z" });

export const ruleView = z
  .object({
    id: z.string().meta({ example: "rul_4kT9mQ2xLbW9cT1mV6pR3z" }),
    name: z.string(),
    metric: z.enum(RULE_METRICS),
    comparison: z.enum(RULE_COMPARISONS),
    threshold: z.number(),
    window_hours: z.number().int(),
    campaign_ids: z.array(z.string()).nullable(),
    action: z.enum(RULE_ACTIONS),
    action_value_usd: z.number().nullable(),
    enabled: z.boolean(),
    next_window_end: isoTime.meta({ description: "When the window now open closes (then it is evaluated)." }),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "Rule", description: "An automated rule." });
export type RuleView = z.infer<typeof ruleView>;

export const ruleListView = z
  .object({ rules: z.array(ruleView).meta({ description: "Newest first." }) })
  .meta({ id: "RuleList" });

export const ruleActionView = z
  .object({
    campaign_id: z.string(),
    campaign_name: z.string(),
    window_start: isoTime,
    window_end: isoTime,
    action: z.enum(RULE_ACTIONS),
    metric_value: z.number().nullable().meta({ description: "The metric over the window; null when undefined." }),
    outcome: z.enum(["applied", "skipped"]),
    detail: z.string().meta({ description: "What changed, or why nothing did." }),
  })
  .meta({ id: "RuleAction" });

export const ruleActionListView = z
  .object({ actions: z.array(ruleActionView).meta({ description: "Newest window first, at most 100." }) })
  .meta({ id: "RuleActionList" });

export const dryRunView = z
  .object({
    from: isoTime,
    to: isoTime,
    windows: z.number().int().meta({ description: "How many closed windows of the rule ended in the period." }),
    actions: z.array(ruleActionView).meta({ description: "What the rule would have done, oldest window first." }),
  })
  .meta({ id: "RuleDryRun", description: `What the rule would have done over the last ${DRY_RUN_DAYS} days.` });
