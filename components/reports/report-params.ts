// The report page's state lives in its URL (?campaign=&start=&end=&tz=&breakdown=&granularity=)
// so that a report is a link to share. Read here with getCampaignReport's own zod schema
// (lib/domain/reporting/reporting.schemas.ts): the same rules and messages as the API,
// shown next to the fields they concern, in words for people (components/form-errors.ts).
// A zone under an older or linked name (Asia/Calcutta, a link shared years ago) is read
// as its canonical IANA zone (time-zones.ts).
import { DateTime } from "luxon";
import { MAX_HOURLY_DAYS, reportQuery } from "@/lib/domain/reporting/reporting.schemas";
import { humanError } from "@/components/form-errors";
import { canonicalTimeZone } from "./time-zones";

export const REPORT_BREAKDOWNS = ["DAY", "MOMENT_TYPE", "SPORT", "CREATIVE", "HOUR_OF_DAY"] as const;
export type ReportBreakdownKey = (typeof REPORT_BREAKDOWNS)[number];

export const BREAKDOWN_LABELS: Record<ReportBreakdownKey, string> = {
  DAY: "Day",
  MOMENT_TYPE: "Moment type",
  SPORT: "Sport",
  CREATIVE: "Creative",
  HOUR_OF_DAY: "Hour of day",
};

export type ReportParams = {
  campaign: string | null;
  start: string;
  end: string;
  tz: string;
  breakdown: ReportBreakdownKey;
  /** HOUR for ranges the hourly series allows (up to MAX_HOURLY_DAYS) when asked, otherwise DAY */
  granularity: "DAY" | "HOUR";
};

export type ReportParamErrors = Partial<Record<"campaign" | "start" | "end" | "tz" | "breakdown", string>>;

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
};

/** The page's parameters with defaults, and getCampaignReport's refusals by field (the page then shows no report). */
export function readReportParams(search: Search, nowMs: number): { params: ReportParams; errors: ReportParamErrors } {
  const asked = first(search.tz) ?? "UTC";
  const tz = canonicalTimeZone(asked) ?? asked;
  const range = defaultRange(nowMs, tz);
  const start = first(search.start) ?? range.start;
  const end = first(search.end) ?? range.end;
  const rawBreakdown = first(search.breakdown) ?? "DAY";
  const errors: ReportParamErrors = {};
  const breakdown = (REPORT_BREAKDOWNS as readonly string[]).includes(rawBreakdown)
    ? (rawBreakdown as ReportBreakdownKey)
    : ((errors.breakdown = "Choose one of the listed breakdowns"), "DAY");
  const parsed = reportQuery.safeParse({
    start_date: start,
    end_date: end,
    timezone: tz,
    breakdown: breakdown.toLowerCase(),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = humanError(String(issue.path[0]), issue.message);
    }
  }
  const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  const granularity = first(search.granularity) === "HOUR" && days <= MAX_HOURLY_DAYS ? "HOUR" : "DAY";
  return { params: { campaign: first(search.campaign) ?? null, start, end, tz, breakdown, granularity }, errors };
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
  return `/reports?${query.toString()}`;
}
