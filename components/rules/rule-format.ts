// A rule in words, as the rules pages show it ("Cost per conversion (USD) over 3 days above 40: pause").
import type { RuleActionKind, RuleComparison, RuleMetric } from "@/graphql/__generated__/client/graphql";
import { RULE_ACTION_LABELS, RULE_METRIC_LABELS, type RuleAction } from "@/lib/domain/rules/rules.schemas";

function windowWords(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? "1 day" : `${hours / 24} days`;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

export function ruleSummary(rule: {
  metric: RuleMetric;
  comparison: RuleComparison;
  threshold: number;
  windowHours: number;
  action: RuleActionKind;
  actionValueUsd?: string | null;
}): string {
  const metric = RULE_METRIC_LABELS[rule.metric.toLowerCase() as keyof typeof RULE_METRIC_LABELS];
  const action = RULE_ACTION_LABELS[rule.action.toLowerCase() as RuleAction];
  const value = rule.actionValueUsd ? ` to ${rule.actionValueUsd}` : "";
  return `When ${metric} over ${windowWords(rule.windowHours)} is ${rule.comparison.toLowerCase()} ${rule.threshold}: ${action.toLowerCase()}${value}.`;
}
