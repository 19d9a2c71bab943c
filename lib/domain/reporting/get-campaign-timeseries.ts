// getCampaignTimeseries: a campaign's delivery as a series of local days or local hours, zeros
// included, from the rollups with their quarter-hour counts (the same numbers
// as the raw rows, docs/decisions/1400). The series sums to getCampaignReport's totals for the
// same dates and zone.
import type { Actor } from "@/lib/auth/actor";
import { DAY_MS } from "@/lib/clock";
import { defineOperation } from "@/lib/operations/operation";
import { loadMetrics } from "./load-metrics";
import { addInto, zeroSums, type MetricSums } from "./metrics";
import {
  campaignTimeseriesInput,
  type CampaignTimeseries,
  type CampaignTimeseriesInput,
  type ReportSource,
} from "./reporting.schemas";
import { planLabel, type SourcePlan } from "./source-plan";
import { choosePlan, openReport } from "./report-scope";
import { dateOfDayNumber } from "./zone-calendar";

export type TimeseriesOptions = {
  /** the rows to read ("rollups" only where they are exact); by default the exact plan (the report tests compare both) */
  source?: ReportSource;
};

/** the last UTC day formatted ("2026-03-08T"): a series has up to 744 points over 31 days */
let lastDay = Number.NaN;
let lastDayPrefix = "";
const two = (value: number) => (value < 10 ? `0${value}` : String(value));

/** 2026-03-08T05:00:00Z: the spec's date-time, in UTC, to the second (as toISOString, without the milliseconds). */
export function isoSeconds(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    lastDay = day;
    lastDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  return `${lastDayPrefix}${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}Z`;
}

/** getCampaignTimeseries: counts against the advertiser's 60 reports a minute (shared with getCampaignReport). */
export const getCampaignTimeseries = defineOperation({
  name: "getCampaignTimeseries",
  access: "reporting:read",
  write: false,
  rateLimit: "report",
  input: campaignTimeseriesInput,
  run: (actor, input) => campaignTimeseries(actor, input),
});

export async function campaignTimeseries(
  actor: Actor,
  query: CampaignTimeseriesInput,
  options: TimeseriesOptions = {},
): Promise<CampaignTimeseries> {
  const { campaign, calendar } = await openReport(actor, query);
  const hourly = query.granularity === "hour";
  const plan: SourcePlan = choosePlan(calendar, hourly ? "hour" : "day", options.source);

  const metrics = await loadMetrics({
    campaignId: campaign.id,
    startMs: calendar.startMs,
    endMs: calendar.endMs,
    plan,
    // hours: buckets that never straddle a local hour, mapped to their hour below; days: the local date, in SQL
    time: hourly ? { kind: "bucket", bucketMs: calendar.rawBucketMs() } : { kind: "day", segments: calendar.segments },
    dimension: null,
    withConversions: false,
  });

  const points: { startMs: number; key: string | number }[] = hourly
    ? calendar.hourStarts().map((startMs) => ({ startMs, key: startMs }))
    : calendar.days().map((day) => ({ startMs: day.startMs, key: day.date }));
  const byKey = new Map<string | number, MetricSums>(points.map((point) => [point.key, zeroSums()]));
  for (const row of metrics) {
    const key = hourly ? calendar.hourStartOf(row.time!) : dateOfDayNumber(row.time!);
    const sums = byKey.get(key);
    // every key of the range has its point; a miss would be a calendar bug, not data to drop silently
    if (!sums) throw new Error(`no series point for ${key}`);
    addInto(sums, row);
  }

  return {
    campaignId: campaign.id,
    granularity: query.granularity,
    period: { start: query.start_date, end: query.end_date, timezone: query.timezone },
    series: points.map((point) => {
      const sums = byKey.get(point.key)!;
      return {
        start: new Date(point.startMs),
        impressions: Number(sums.impressions),
        clicks: Number(sums.clicks),
        spendMicros: sums.spendMicros,
      };
    }),
    source: planLabel(plan),
  };
}
