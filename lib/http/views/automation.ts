// The REST views of the automation operations (snake_case, USD numbers, ISO instants):
// automated rules, their actions and dry runs, saved reports.
import { systemClock } from "@/lib/clock";
import { nextWindowEnd } from "@/lib/domain/rules/evaluate-rule";
import type { DryRun, PlannedAction, Rule, RuleView } from "@/lib/domain/rules/rules.schemas";
import type { SavedReport } from "@/lib/domain/saved-reports/saved-reports.schemas";
import { microsToUsd } from "@/lib/money";

export function ruleView(rule: Rule, nowMs = systemClock()): RuleView {
  return {
    id: rule.id,
    name: rule.name,
    metric: rule.metric,
    comparison: rule.comparison,
    threshold: rule.threshold,
    window_hours: rule.windowHours,
    campaign_ids: rule.campaignIds,
    action: rule.action,
    action_value_usd: rule.actionValueMicros === null ? null : microsToUsd(rule.actionValueMicros),
    enabled: rule.enabled,
    next_window_end: new Date(nextWindowEnd(rule, nowMs)).toISOString(),
    created_at: rule.createdAt.toISOString(),
    updated_at: rule.updatedAt.toISOString(),
  };
}

export function ruleListView(rules: readonly Rule[]) {
  return { rules: rules.map((rule) => ruleView(rule)) };
}

export function ruleActionView(action: PlannedAction) {
  return {
    campaign_id: action.campaignId,
    campaign_name: action.campaignName,
    window_start: action.windowStart.toISOString(),
    window_end: action.windowEnd.toISOString(),
    action: action.action,
    metric_value: action.metricValue,
    outcome: action.outcome,
    detail: action.detail,
  };
}

export function ruleActionListView(actions: readonly PlannedAction[]) {
  return { actions: actions.map(ruleActionView) };
}

export function dryRunView(run: DryRun) {
  return {
    from: run.from.toISOString(),
    to: run.to.toISOString(),
    windows: run.windows,
    actions: run.actions.map(ruleActionView),
  };
}

export function savedReportView(report: SavedReport) {
  return {
    id: report.id,
    name: report.name,
    campaign_id: report.state.campaignId,
    start_date: report.state.startDate,
    end_date: report.state.endDate,
    timezone: report.state.timezone,
    breakdown: report.state.breakdown,
    granularity: report.state.granularity,
    path: report.path,
    schedule: report.schedule,
    schedule_timezone: report.timeZone,
    recipient_ids: report.recipientIds,
    last_sent_period: report.lastSent?.period ?? null,
    last_sent_at: report.lastSent?.at.toISOString() ?? null,
    created_at: report.createdAt.toISOString(),
    updated_at: report.updatedAt.toISOString(),
  };
}

export function savedReportListView(reports: readonly SavedReport[]) {
  return { saved_reports: reports.map(savedReportView) };
}
