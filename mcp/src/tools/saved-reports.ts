// Saved and scheduled reports (the service's docs/decisions/0701): list, save (optionally on a
// schedule) and delete. Every rule lives behind the REST API; these tools only translate.
import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { campaignId, completedWrite, isoDate } from "./shapes.ts";

const savedReportOut = z.looseObject({
  id: z.string(),
  name: z.string(),
  campaign_id: z.string().nullable(),
  path: z.string(),
  schedule: z.string().nullable(),
  schedule_timezone: z.string(),
  recipient_ids: z.array(z.string()),
  last_sent_period: z.string().nullable(),
});

const SCHEDULE =
  "A schedule (daily, weekly Monday to Sunday, monthly) is counted in the owner's zone: a few minutes after each period " +
  "ends, the CSV of that period and the dashboard link are emailed to the recipients (members of the advertiser), once " +
  "per period.";

export const listSavedReports = defineTool({
  name: "list_saved_reports",
  title: "List saved reports",
  description: `The advertiser's saved reports (newest first), with the dashboard path that opens each, its schedule and the last period emailed. ${SCHEDULE}`,
  input: {},
  output: { saved_reports: z.array(savedReportOut) },
  operations: ["listSavedReports"],
  run: async (_args, { api }) => api.read("listSavedReports"),
});

export const saveReport = defineTool({
  name: "save_report",
  title: "Save a report",
  description:
    "Saves a report by name: one campaign (or null for all campaigns), dates, zone and breakdown, as get_campaign_report " +
    `takes them; optionally on a schedule. ${SCHEDULE} With an API key there is no default recipient: give recipient_ids.`,
  input: {
    name: z.string().min(1).max(100),
    campaign_id: campaignId.nullable(),
    start_date: isoDate,
    end_date: isoDate,
    timezone: z.string().max(100).optional().describe("IANA zone, default UTC."),
    breakdown: z
      .enum(["campaign", "day", "moment_type", "sport", "creative", "hour_of_day", "region"])
      .optional()
      .describe("campaign: all-campaigns reports only; creative and region: one campaign's."),
    schedule: z.enum(["daily", "weekly", "monthly"]).nullable().optional(),
    recipient_ids: z.array(z.string().min(1).max(100)).max(20).optional().describe("Members (usr_…) to email it to."),
    idempotency_key: idempotencyKey,
  },
  output: { status: z.string(), replayed: z.boolean().optional(), saved_report: savedReportOut.optional() },
  operations: ["saveReport"],
  run: async ({ idempotency_key, ...body }, { api }) =>
    completedWrite("saved_report", await api.write("saveReport", { body }, { idempotencyKey: idempotency_key })),
});

export const sendSavedReportNow = defineTool({
  name: "send_saved_report_now",
  title: "Email a scheduled report now",
  description:
    "Emails a scheduled report's last ended period (yesterday, last week or last month in its owner's zone) to its " +
    "recipients within seconds, as the schedule would; that period is then not sent again. The report must have a schedule.",
  input: {
    saved_report_id: z.string().min(1).max(100).describe('Saved report id, e.g. "srp_4kT9mQ2xLbW9cT1mV6pR3z".'),
    idempotency_key: idempotencyKey,
  },
  output: { status: z.string(), replayed: z.boolean().optional(), saved_report: savedReportOut.optional() },
  operations: ["sendSavedReportNow"],
  run: async ({ saved_report_id, idempotency_key }, { api }) =>
    completedWrite(
      "saved_report",
      await api.write("sendSavedReportNow", { path: { id: saved_report_id } }, { idempotencyKey: idempotency_key }),
    ),
});

export const deleteSavedReport = defineTool({
  name: "delete_saved_report",
  title: "Delete a saved report",
  description: "Deletes a saved report and stops its schedule for good; the reports already emailed stay sent.",
  input: {
    saved_report_id: z.string().min(1).max(100).describe('Saved report id, e.g. "srp_4kT9mQ2xLbW9cT1mV6pR3z".'),
    idempotency_key: idempotencyKey,
  },
  output: { status: z.string(), replayed: z.boolean().optional(), saved_report: savedReportOut.optional() },
  operations: ["deleteSavedReport"],
  destructive: true,
  run: async ({ saved_report_id, idempotency_key }, { api }) =>
    completedWrite(
      "saved_report",
      await api.write("deleteSavedReport", { path: { id: saved_report_id } }, { idempotencyKey: idempotency_key }),
    ),
});
