// The OpenAPI entries of the automation operations: automated rules (docs/decisions/0700), undo
// from the change history (0702) and saved, scheduled reports (0701).
import { createRuleInput, DRY_RUN_DAYS, ruleIdParams, updateRuleInput } from "@/lib/domain/rules/rules.schemas";
import { undoChangeParams } from "@/lib/history/undo-change";
import {
  saveReportInput,
  savedReportIdParams,
  updateSavedReportInput,
} from "@/lib/domain/saved-reports/saved-reports.schemas";
import { rateLimitText } from "@/lib/rate-limit/policies";
import type { OperationDoc } from "../common";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const rules = ["Rules"];
const reports = ["Reporting"];

const SCHEDULE_TEXT =
  "A schedule (daily, weekly Monday to Sunday, or monthly) is counted in the owner's zone (the member who set it; for " +
  "an API client, the report's zone): a few minutes after each period ends there, the worker emails the CSV of that " +
  "period (the saved campaign and breakdown, in that zone) and the dashboard link to each recipient who is still a " +
  "member, once per period, and records the send in the history (actor report_scheduler). Periods that ended before " +
  "the schedule was set are not sent; nothing is sent when the service has no email configured.";

const RULE_TEXT =
  "A rule watches a metric (spend_usd, impressions, clicks, conversions, ctr, cpa_usd, cpm_usd) of each watched campaign " +
  "over consecutive windows of window_hours hours, counted from the hour the rule was created. Each window is evaluated " +
  "once, a minute after it closes, from the hourly rollups: a campaign whose metric is strictly above (or below) the " +
  "threshold gets the action, at most once per window, even with several workers. A rate of nothing (a CPA without " +
  "conversions, a CTR or CPM without impressions) meets no condition. Each change is in the history (GET /api/ads/changes) " +
  "with the rule as the actor (type system, id rul_…) and its reason, and alerts the members (kind rule_fired). A rule " +
  "never changes a total budget and never sets a daily budget above a campaign's remaining total budget; a bid below " +
  "the floor is skipped with the reason.";

export const automationDocs = {
  listRules: {
    summary: "List automated rules",
    description: `The advertiser's rules, newest first (deleted ones left out). ${RULE_TEXT}`,
    tags: rules,
    returns: "The rules",
  },
  createRule: {
    summary: "Create an automated rule",
    description:
      `${RULE_TEXT} A rule that can raise spend (resume; set_bid or set_daily_budget above the current value of a ` +
      "watched campaign, or on every campaign) is refused (422 on confirm_spend_increase) unless confirm_spend_increase " +
      "is true. A watched campaign that is not the caller's is 404.",
    tags: rules,
    requestBody: { required: true, content: json(createRuleInput) },
    returns: "The rule",
    errors: ["bad_request", "validation_failed", "not_found", "conflict"],
  },
  getRule: {
    summary: "Get an automated rule",
    description: "One rule. Another advertiser's rule, or a deleted one, is 404.",
    tags: rules,
    requestParams: { path: ruleIdParams },
    returns: "The rule",
    errors: ["not_found"],
  },
  updateRule: {
    summary: "Update an automated rule",
    description:
      "Changes the given settings (the window and the action stay; create another rule for another). The merged rule is " +
      "checked as a new one; a change that lets it raise spend (its value, its campaigns, enabling it) needs " +
      "confirm_spend_increase again. Windows already evaluated are not evaluated again.",
    tags: rules,
    requestParams: { path: ruleIdParams },
    requestBody: { required: true, content: json(updateRuleInput.omit({ id: true })) },
    returns: "The rule",
    errors: ["bad_request", "validation_failed", "not_found"],
  },
  deleteRule: {
    summary: "Delete an automated rule",
    description: "The rule stops at once; what it did stays in the history. A second delete is 404.",
    tags: rules,
    requestParams: { path: ruleIdParams },
    returns: "The rule as it was, disabled",
    errors: ["not_found"],
  },
  listRuleActions: {
    summary: "What a rule did",
    description:
      "The rule's outcomes per campaign and window, newest window first (at most 100): applied (what changed) or skipped " +
      "(why nothing did: already paused, below the floor, above the remaining total budget).",
    tags: rules,
    requestParams: { path: ruleIdParams },
    returns: "The actions",
    errors: ["not_found"],
  },
  dryRunRule: {
    summary: "Dry run of an automated rule",
    description:
      `What the rule would have done over the last ${DRY_RUN_DAYS} days: every window of the rule that closed in that ` +
      "time, evaluated oldest first by the worker's own function on the same rollups, the watched campaigns starting as " +
      "they are now and carrying each applied action to the next window. Nothing is written. Counts against " +
      `${rateLimitText("preview", "previews")} per advertiser.`,
    tags: rules,
    requestParams: { path: ruleIdParams },
    returns: "The dry run",
    errors: ["not_found"],
  },
  undoChange: {
    summary: "Undo a change",
    description:
      "Puts a campaign's settings back as they were before one change of the history: its name, status (between active " +
      "and paused), bid, budgets, target CPA, end date, pacing, postback URL or regions, whoever made the change. " +
      "Refused with 409 conflict and the reason when the change cannot be undone (another kind of target, an end or a " +
      "cancellation) or when the campaign has moved on since: every field the change set must still hold the value it " +
      "set. The undo runs the update's checks (floors, minimums, transitions, licences) and is itself a change " +
      "(operation undoChange, reason `undoes chg_…`), which can be undone in turn.",
    tags: ["History"],
    requestParams: { path: undoChangeParams },
    returns: "The campaign after the undo",
    errors: ["not_found", "conflict", "validation_failed", "invalid_transition", "region_not_licensed"],
  },
  listSavedReports: {
    summary: "List saved reports",
    description: `The advertiser's saved reports, newest first, with their schedules and the last period emailed. ${SCHEDULE_TEXT}`,
    tags: reports,
    returns: "The saved reports",
  },
  saveReport: {
    summary: "Save a report",
    description:
      "Saves a report of the dashboard's /reports page by name: the campaign (or null for all campaigns), the dates, the " +
      "zone, the breakdown and the granularity, checked as E9 (or the all-campaigns report) checks them. " +
      `${SCHEDULE_TEXT} A campaign that is not the caller's is 404; a recipient who is not a member is 422.`,
    tags: reports,
    requestBody: { required: true, content: json(saveReportInput) },
    returns: "The saved report",
    errors: ["bad_request", "validation_failed", "not_found", "conflict"],
  },
  updateSavedReport: {
    summary: "Rename or reschedule a saved report",
    description: `Changes the name, the schedule (null stops it) or the recipients. ${SCHEDULE_TEXT}`,
    tags: reports,
    requestParams: { path: savedReportIdParams },
    requestBody: { required: true, content: json(updateSavedReportInput.omit({ id: true })) },
    returns: "The saved report",
    errors: ["bad_request", "validation_failed", "not_found"],
  },
  sendSavedReportNow: {
    summary: "Send a scheduled report now",
    description:
      "Asks the worker to email the report's last ended period now (within seconds), as its schedule would: the same " +
      "CSV, link and recipients, and the period is then not sent again. Answers 202 with the saved report; the send " +
      "shows in last_sent_period and in the history. A report without a schedule is 409 conflict.",
    tags: reports,
    requestParams: { path: savedReportIdParams },
    returns: "Accepted: the worker sends it",
    errors: ["not_found", "conflict"],
  },
  deleteSavedReport: {
    summary: "Delete a saved report",
    description: "Deletes it and stops its schedule. A second delete is 404.",
    tags: reports,
    requestParams: { path: savedReportIdParams },
    returns: "The saved report as it was",
    errors: ["not_found"],
  },
} satisfies Record<string, OperationDoc>;
