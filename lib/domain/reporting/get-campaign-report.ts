// getCampaignReport: a campaign's performance over local dates in an IANA zone, with an
// optional breakdown (docs/decisions/1400), from the hourly rollups and
// their quarter-hour counts in every zone; the raw rows give the same numbers.
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { SPORTS } from "@/lib/domain/sports";
import { defineOperation } from "@/lib/operations/operation";
import { loadMetrics, type Dimension, type MetricRequest, type MetricScope } from "./load-metrics";
import { addInto, averageCpmMicros, metricsOf, toRow, zeroSums, type MetricSums } from "./metrics";
import {
  campaignReportInput,
  previousPeriod,
  type AdvertiserBreakdown,
  type Breakdown,
  type CampaignReport,
  type CampaignReportInput,
  type Comparison,
  type ReportComparison,
  campaignReport as campaignReportOutput,
} from "./reporting.schemas";
import { openReport } from "./report-scope";
import { planLabel, planSources, type TimeKey } from "./source-plan";
import { dateOfDayNumber, ZoneCalendar } from "./zone-calendar";

export type ReportOptions = {
  /** the clock for as_of */
  clock?: Clock;
};

/**
 * What a report with `breakdown` reads (a campaign's, the all-campaigns one, a comparison's totals): the metric
 * request, and the time key its source plan is chosen for (planSources).
 */
export function reportRequest(
  scope: MetricScope,
  calendar: ZoneCalendar,
  breakdown: Breakdown | AdvertiserBreakdown | undefined,
): { request: MetricRequest; timeKey: TimeKey } {
  const timeKey: TimeKey = breakdown === "day" || breakdown === "hour_of_day" ? breakdown : null;
  const dimension: Dimension | null =
    breakdown === "moment_type" ||
    breakdown === "sport" ||
    breakdown === "creative" ||
    breakdown === "campaign" ||
    breakdown === "region"
      ? breakdown
      : null;
  return {
    request: {
      scope,
      startMs: calendar.startMs,
      endMs: calendar.endMs,
      time: timeKey ? { kind: timeKey, segments: calendar.segments } : null,
      dimension,
    },
    timeKey,
  };
}

/** The region breakdown's key for decisions that named no region. */
export const UNKNOWN_REGION = "unknown";

/** The regions with delivery, by code, `unknown` last (no fixed list: a region's row appears once it has delivery). */
export function regionKeys(seen: Iterable<string>): string[] {
  const keys = [...new Set(seen)].filter((key) => key !== UNKNOWN_REGION).sort();
  return [...new Set(seen)].includes(UNKNOWN_REGION) ? [...keys, UNKNOWN_REGION] : keys;
}

/** Keys in their natural order: the campaign's own first (zero rows included), then any others seen. */
export function orderedKeys(preferred: readonly string[], order: readonly string[], seen: Iterable<string>): string[] {
  const rank = new Map(order.map((key, index) => [key, index]));
  const base = [...preferred].sort((a, b) => (rank.get(a) ?? order.length) - (rank.get(b) ?? order.length));
  const extra = [...seen].filter((key) => !base.includes(key)).sort();
  return [...new Set([...base, ...extra])];
}

/**
 * The totals of the period just before start..end (as many local dates, the same zone), for `compare`;
 * one query more in the same call, so it counts as the one report it belongs to.
 */
export async function comparisonOf(
  scope: MetricScope,
  query: { start_date: string; end_date: string; timezone: string; compare?: Comparison },
  asOf: Date,
): Promise<ReportComparison | undefined> {
  if (!query.compare) return undefined;
  const before = previousPeriod(query.start_date, query.end_date);
  const calendar = ZoneCalendar.forDates(query.timezone, before.start, before.end);
  const { request, timeKey } = reportRequest(scope, calendar, undefined);
  const metrics = await loadMetrics(request, planSources(calendar, timeKey));
  const totals = zeroSums();
  for (const row of metrics) addInto(totals, row);
  return {
    period: { start: before.start, end: before.end, timezone: query.timezone },
    totals: { ...metricsOf(totals), averageCpmPaidMicros: averageCpmMicros(totals), asOf },
  };
}

/** getCampaignReport: counts against the advertiser's 60 reports a minute (shared with getCampaignTimeseries). */
export const getCampaignReport = defineOperation({
  name: "getCampaignReport",
  access: "reporting:read",
  write: false,
  rateLimit: "report",
  input: campaignReportInput,
  output: campaignReportOutput,
  run: (actor, input, { clock }) => campaignReport(actor, input, { clock }),
});

export async function campaignReport(
  actor: Actor,
  query: CampaignReportInput,
  options: ReportOptions = {},
): Promise<CampaignReport> {
  const { campaign, calendar } = await openReport(actor, query);
  const breakdown: Breakdown | undefined = query.breakdown;
  const { request, timeKey } = reportRequest({ campaignId: campaign.id }, calendar, breakdown);
  const plan = planSources(calendar, timeKey);

  const asOf = new Date((options.clock ?? systemClock)());
  const [metrics, comparison] = await Promise.all([
    loadMetrics(request, plan),
    comparisonOf({ campaignId: campaign.id }, query, asOf),
  ]);

  const totals = zeroSums();
  const byKey = new Map<string | number, MetricSums>();
  for (const row of metrics) {
    addInto(totals, row);
    if (!breakdown) continue;
    let key: string | number;
    if (breakdown === "day") key = dateOfDayNumber(row.time!);
    else if (breakdown === "hour_of_day") key = row.time!;
    else if (breakdown === "region") key = row.key ? row.key : UNKNOWN_REGION;
    else key = row.key ?? "";
    addInto(byKey.get(key) ?? byKey.set(key, zeroSums()).get(key)!, row);
  }

  const report: CampaignReport = {
    campaignId: campaign.id,
    period: { start: query.start_date, end: query.end_date, timezone: query.timezone },
    totals: { ...metricsOf(totals), averageCpmPaidMicros: averageCpmMicros(totals), asOf },
    ...(comparison ? { comparison } : {}),
    source: planLabel(plan),
  };
  if (breakdown) {
    let keys: (string | number)[];
    if (breakdown === "day") keys = calendar.days().map((day) => day.date);
    else if (breakdown === "hour_of_day") keys = Array.from({ length: 24 }, (_, hour) => hour);
    else {
      const seen = [...byKey.keys()].map(String);
      if (breakdown === "moment_type") keys = orderedKeys(campaign.momentTypes, MOMENT_TYPE_KEYS, seen);
      else if (breakdown === "sport") keys = orderedKeys(campaign.sports, SPORTS, seen);
      else if (breakdown === "region") keys = regionKeys(seen);
      else keys = orderedKeys(campaign.creativeIds, campaign.creativeIds, seen);
    }
    report.breakdown = breakdown;
    report.rows = keys.map((key) => toRow(key, byKey.get(key) ?? zeroSums()));
  }
  return report;
}
