// The report page's state lives in its URL (?campaign=&start=&end=&tz=&breakdown=&granularity=
// &compare=) so that a report is a link to share; `campaign=all` is the all-campaigns report.
// Read here with E9's own zod schema, or the all-campaigns report's
// (lib/domain/reporting/reporting.schemas.ts): the same rules and messages as the API,
// shown next to the fields they concern, in words for people (components/form-errors.ts).
// A zone under an older or linked name (Asia/Calcutta, a link shared years ago) is read
// as its canonical IANA zone (time-zones.ts).
import { DateTime } from "luxon";
import { advertiserReportQuery, MAX_HOURLY_DAYS, reportQuery } from "@/lib/domain/reporting/reporting.schemas";
import { humanError } from "@/components/form-errors";
import { canonicalTimeZone } from "./time-zones";

export const REPORT_BREAKDOWNS = [
  "CAMPAIGN",
  "DAY",
  "MOMENT_TYPE",
  "SPORT",
  "CREATIVE",
  "HOUR_OF_DAY",
  "REGION",
] as const;
export type ReportBreakdownKey = (typeof REPORT_BREAKDOWNS)[number];

export const BREAKDOWN_LABELS: Record<ReportBreakdownKey, string> = {
  CAMPAIGN: "Campaign",
  DAY: "Day",
  MOMENT_TYPE: "Moment type",
  SPORT: "Sport",
  CREATIVE: "Creative",
  HOUR_OF_DAY: "Hour of day",
  REGION: "Region",
};

/** The `campaign` of the all-campaigns report. */
export const ALL_CAMPAIGNS = "all";

export type ReportParams = {
  campaign: string | null;
  start: string;
  end: string;
  tz: string;
  breakdown: ReportBreakdownKey;
  /** HOUR for ranges the hourly series allows (up to MAX_HOURLY_DAYS) when asked, otherwise DAY */
  granularity: "DAY" | "HOUR";
  /** totals beside the previous period's (`compare=previous`) */
  compare: boolean;
};

export type ReportParamErrors = Partial<Record<"campaign" | "start" | "end" | "tz" | "breakdown" | "compare", string>>;

type Search = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** Days of the default range. */
export const DEFAULT_RANGE_DAYS = 7;

/** The last DEFAULT_RANGE_DAYS local days, today included, in `tz`. */
export function defaultRange(nowMs: number, tz: string): { start: string; end: string } {
  const today = DateTime.fromMillis(nowMs, { zone: tz });
  const zoned = today.isValid ? today : DateTime.fromMillis(nowMs, { zone: "UTC" });
  return { start: zoned.minus({ days: DEFAULT_RANGE_DAYS - 1 }).toISODate()!, end: zoned.toISODate()! };
}

const FIELD: Record<string, keyof ReportParamErrors> = {
  start_date: "start",
  end_date: "end",
  timezone: "tz",
  breakdown: "breakdown",
  compare: "compare",
};

/** The page's parameters with defaults, and getCampaignReport's refusals by field (the page then shows no report). */
export function readReportParams(
  search: Search,
  nowMs: number,
  /** the zone without ?tz=: the user's from Settings (UTC unless they chose one) */
  defaultTz = "UTC",
): { params: ReportParams; errors: ReportParamErrors } {
  const asked = first(search.tz) ?? defaultTz;
  const tz = canonicalTimeZone(asked) ?? asked;
  const range = defaultRange(nowMs, tz);
  const start = first(search.start) ?? range.start;
  const end = first(search.end) ?? range.end;
  const campaign = first(search.campaign) ?? null;
  const all = campaign === ALL_CAMPAIGNS;
  const rawBreakdown = first(search.breakdown) ?? (all ? "CAMPAIGN" : "DAY");
  const compare = first(search.compare) === "previous";
  const errors: ReportParamErrors = {};
  const breakdown = (REPORT_BREAKDOWNS as readonly string[]).includes(rawBreakdown)
    ? (rawBreakdown as ReportBreakdownKey)
    : ((errors.breakdown = "Choose one of the listed breakdowns"), "DAY");
  if (breakdown === "CAMPAIGN" && !all) errors.breakdown = "Break down by campaign in the all-campaigns report";
  if (breakdown === "CREATIVE" && all) errors.breakdown = "Break down by creative in one campaign's report";
  if (breakdown === "REGION" && all) errors.breakdown = "Break down by region in one campaign's report";
  const parsed = (all ? advertiserReportQuery : reportQuery).safeParse({
    start_date: start,
    end_date: end,
    timezone: tz,
    ...(!errors.breakdown && { breakdown: breakdown.toLowerCase() }),
    ...(compare && { compare: "previous_period" }),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = humanError(String(issue.path[0]), issue.message);
    }
  }
  const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  const granularity = first(search.granularity) === "HOUR" && days <= MAX_HOURLY_DAYS ? "HOUR" : "DAY";
  return { params: { campaign, start, end, tz, breakdown, granularity, compare }, errors };
}

/** The query string of a report page (defaults written out, so the link stays the same report tomorrow). */
export function reportHref(params: ReportParams): string {
  const query = new URLSearchParams();
  if (params.campaign) query.set("campaign", params.campaign);
  query.set("start", params.start);
  query.set("end", params.end);
  query.set("tz", params.tz);
  query.set("breakdown", params.breakdown);
  if (params.granularity === "HOUR") query.set("granularity", "HOUR");
  if (params.compare) query.set("compare", "previous");
  return `/reports?${query.toString()}`;
}

export type DatePreset = { key: string; label: string; start: string; end: string };

/** Google Ads' date ranges, as local dates in `tz` at `nowMs`: today, yesterday, the last 7 and 30 days, this month and the last. */
export function datePresets(nowMs: number, tz: string): DatePreset[] {
  const now = DateTime.fromMillis(nowMs, { zone: tz });
  const today = (now.isValid ? now : DateTime.fromMillis(nowMs, { zone: "UTC" })).startOf("day");
  const day = (value: DateTime) => value.toISODate()!;
  const lastMonth = today.minus({ months: 1 });
  return [
    { key: "today", label: "Today", start: day(today), end: day(today) },
    { key: "yesterday", label: "Yesterday", start: day(today.minus({ days: 1 })), end: day(today.minus({ days: 1 })) },
    { key: "last-7", label: "Last 7 days", start: day(today.minus({ days: 6 })), end: day(today) },
    { key: "last-30", label: "Last 30 days", start: day(today.minus({ days: 29 })), end: day(today) },
    { key: "month-to-date", label: "Month to date", start: day(today.startOf("month")), end: day(today) },
    {
      key: "last-month",
      label: "Last month",
      start: day(lastMonth.startOf("month")),
      end: day(lastMonth.endOf("month")),
    },
  ];
}

/**
 * The one preset a range is, when it is one: the first in the list's order, so that on the 1st of a month
 * "Today" is highlighted and not "Month to date" as well (both are that one day).
 */
export function currentPreset(presets: readonly DatePreset[], range: { start: string; end: string }): string | null {
  return presets.find((preset) => preset.start === range.start && preset.end === range.end)?.key ?? null;
}

/**
 * A figure's change against the previous period, as a fraction (0.25 = up 25 %); null when the previous period
 * had none (no percentage of nothing).
 */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}
