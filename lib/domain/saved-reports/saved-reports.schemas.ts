// Saved and scheduled reports (docs/decisions/0701): a report of the /reports page saved by
// name (its URL state: campaign or all campaigns, dates, zone, breakdown, granularity) and,
// optionally, a schedule on which the worker emails the CSV of the period just ended, in the
// owner's zone, to chosen members.
import { z } from "zod";
import { ADVERTISER_BREAKDOWNS, BREAKDOWNS, GRANULARITIES } from "@/lib/domain/reporting/reporting.schemas";

export const REPORT_SCHEDULES = ["daily", "weekly", "monthly"] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];

export const REPORT_SCHEDULE_LABELS: Record<ReportSchedule, string> = {
  daily: "Daily (the day before)",
  weekly: "Weekly (the week before, Monday to Sunday)",
  monthly: "Monthly (the month before)",
};

/** Saved reports per advertiser. */
export const MAX_SAVED_REPORTS = 100;
/** Members one report is emailed to. */
export const MAX_REPORT_RECIPIENTS = 20;

const ANY_BREAKDOWN = [...new Set([...BREAKDOWNS, ...ADVERTISER_BREAKDOWNS])] as [string, ...string[]];

const name = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "at most 100 characters")
  .meta({ description: "The report's name.", example: "Weekly NBA by sport" });

const schedule = z
  .enum(REPORT_SCHEDULES)
  .nullable()
  .meta({
    description:
      "null: not emailed. daily, weekly (Monday to Sunday) or monthly: after each such period ends in the schedule's " +
      "zone (the owner's), the CSV of that period is emailed to the recipients, once per period.",
  });

const recipientIds = z
  .array(z.string().min(1).max(100))
  .max(MAX_REPORT_RECIPIENTS, `at most ${MAX_REPORT_RECIPIENTS} members`)
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a member")
  .meta({
    description:
      "The members (usr_…) the scheduled report is emailed to; each must be a member of the advertiser. Default: the " +
      "member saving it.",
    example: ["usr_4kT9mQ2xLbW9cT1mV6pR3z"],
  });

export const saveReportInput = z.strictObject({
  name,
  campaign_id: z
    .string()
    .min(1)
    .max(200)
    .nullable()
    .meta({ description: "The campaign (cmp_…), or null for the all-campaigns report.", example: null }),
  start_date: z.iso
    .date()
    .meta({ description: "The report's first local date (the page's start).", example: "2026-11-24" }),
  end_date: z.iso.date().meta({ description: "Its last local date (the page's end).", example: "2026-11-30" }),
  timezone: z.string().min(1).max(100).default("UTC").meta({ description: "The report's IANA zone.", example: "UTC" }),
  breakdown: z
    .enum(ANY_BREAKDOWN)
    .optional()
    .meta({ description: "The rows' key, as E9's breakdown (campaign: the all-campaigns report only)." }),
  granularity: z.enum(GRANULARITIES).optional().meta({ description: "The chart's points: day (default) or hour." }),
  schedule: schedule.optional(),
  recipient_ids: recipientIds.optional(),
});
export type SaveReportInput = z.output<typeof saveReportInput>;

export const updateSavedReportInput = z.strictObject({
  id: z.string(),
  name: name.optional(),
  schedule: schedule.optional(),
  recipient_ids: recipientIds.optional(),
});
export type UpdateSavedReportInput = z.output<typeof updateSavedReportInput>;

export const savedReportIdInput = z.strictObject({ id: z.string() });
export const listSavedReportsInput = z.strictObject({});

export const savedReportIdParams = z.object({
  id: z.string().meta({ description: "Saved report id (srp_…)", example: "srp_4kT9mQ2xLbW9cT1mV6pR3z" }),
});

/** The /reports page's query a saved report opens with (decision 1211's parameters). */
export type ReportState = {
  campaignId: string | null;
  startDate: string;
  endDate: string;
  timezone: string;
  breakdown: string | null;
  granularity: string | null;
};

export type SavedReport = {
  id: string;
  name: string;
  state: ReportState;
  /** the dashboard path that opens it (/reports?…) */
  path: string;
  schedule: ReportSchedule | null;
  /** the zone the schedule's periods are counted in */
  timeZone: string;
  recipientIds: string[];
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  /** the last period emailed (2026-11-30, 2026-W48, 2026-11) and when */
  lastSent: { period: string; at: Date } | null;
};

const isoTime = z.string().meta({ format: "date-time", example: "2026-12-02T10:00:00.000Z" });

export const savedReportView = z
  .object({
    id: z.string().meta({ example: "srp_4kT9mQ2xLbW9cT1mV6pR3z" }),
    name: z.string(),
    campaign_id: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string(),
    timezone: z.string(),
    breakdown: z.string().nullable(),
    granularity: z.string().nullable(),
    path: z.string().meta({ description: "The dashboard page that shows it.", example: "/reports?campaign=all" }),
    schedule: z.enum(REPORT_SCHEDULES).nullable(),
    schedule_timezone: z.string().meta({ description: "The zone its periods are counted in (the owner's)." }),
    recipient_ids: z.array(z.string()),
    last_sent_period: z.string().nullable(),
    last_sent_at: isoTime.nullable(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "SavedReport" });

export const savedReportListView = z
  .object({ saved_reports: z.array(savedReportView).meta({ description: "Newest first." }) })
  .meta({ id: "SavedReportList" });
