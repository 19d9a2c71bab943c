// getCampaignReport: a campaign's performance over local dates in an IANA zone, with an
// optional breakdown (docs/decisions/1400), from the hourly rollups and
// their quarter-hour counts in every zone; the raw rows give the same numbers.
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { SPORTS } from "@/lib/domain/sports";
import { defineOperation } from "@/lib/operations/operation";
import { loadMetrics, type Dimension } from "./load-metrics";
import { addInto, averageCpmMicros, metricsOf, toRow, zeroSums, type MetricSums } from "./metrics";
import {
  campaignReportInput,
  type Breakdown,
  type CampaignReport,
  type CampaignReportInput,
  type ReportSource,
} from "./reporting.schemas";
import { choosePlan, openReport } from "./report-scope";
import { planLabel, type TimeKey } from "./source-plan";
import { dateOfDayNumber } from "./zone-calendar";

export type ReportOptions = {
  /** the clock for as_of */
  clock?: Clock;
  /** the rows to read ("rollups" only where they are exact); by default the exact plan (the report tests compare both) */
  source?: ReportSource;
};

/** Keys in their natural order: the campaign's own first (zero rows included), then any others seen. */
function orderedKeys(preferred: readonly string[], order: readonly string[], seen: Iterable<string>): string[] {
  const rank = new Map(order.map((key, index) => [key, index]));
  const base = [...preferred].sort((a, b) => (rank.get(a) ?? order.length) - (rank.get(b) ?? order.length));
  const extra = [...seen].filter((key) => !base.includes(key)).sort();
  return [...new Set([...base, ...extra])];
}

/** getCampaignReport: counts against the advertiser's 60 reports a minute (shared with getCampaignTimeseries). */
export const getCampaignReport = defineOperation({
  name: "getCampaignReport",
  access: "reporting:read",
  write: false,
  rateLimit: "report",
  input: campaignReportInput,
  run: (actor, input, { clock }) => campaignReport(actor, input, { clock }),
});

export async function campaignReport(
  actor: Actor,
  query: CampaignReportInput,
  options: ReportOptions = {},
): Promise<CampaignReport> {
  const { campaign, calendar } = await openReport(actor, query);
  const breakdown: Breakdown | undefined = query.breakdown;
  const timeKey: TimeKey = breakdown === "day" || breakdown === "hour_of_day" ? breakdown : null;
  const plan = choosePlan(calendar, timeKey, options.source);
  const dimension: Dimension | null =
    breakdown === "moment_type" || breakdown === "sport" || breakdown === "creative" ? breakdown : null;

  const metrics = await loadMetrics({
    campaignId: campaign.id,
    startMs: calendar.startMs,
    endMs: calendar.endMs,
    plan,
    time: timeKey ? { kind: timeKey, segments: calendar.segments } : null,
    dimension,
  });

  const totals = zeroSums();
  const byKey = new Map<string | number, MetricSums>();
  for (const row of metrics) {
    addInto(totals, row);
    if (!breakdown) continue;
    let key: string | number;
    if (breakdown === "day") key = dateOfDayNumber(row.time!);
    else if (breakdown === "hour_of_day") key = row.time!;
    else key = row.key ?? "";
    addInto(byKey.get(key) ?? byKey.set(key, zeroSums()).get(key)!, row);
  }

  const report: CampaignReport = {
    campaignId: campaign.id,
    period: { start: query.start_date, end: query.end_date, timezone: query.timezone },
    totals: {
      ...metricsOf(totals),
      averageCpmPaidMicros: averageCpmMicros(totals),
      asOf: new Date((options.clock ?? systemClock)()),
    },
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
      else keys = orderedKeys(campaign.creativeIds, campaign.creativeIds, seen);
    }
    report.breakdown = breakdown;
    report.rows = keys.map((key) => toRow(key, byKey.get(key) ?? zeroSums()));
  }
  return report;
}
