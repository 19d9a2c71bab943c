// E10: a campaign's delivery (impressions, clicks, conversions, spend) as a
// series of local days or local hours, zeros included, from the rollups with their quarter-hour counts (the same numbers
// as the raw rows, docs/decisions/1400). The series sums to E9's totals for the
// same dates and zone.
import type { Actor } from "@/lib/auth/actor";
import { DAY_MS } from "@/lib/clock";
import { defineOperation } from "@/lib/operations/operation";
import { loadMetrics, type MetricRequest } from "./load-metrics";
import { addInto, zeroSums, type MetricSums } from "./metrics";
import {
  campaignTimeseriesInput,
  type CampaignTimeseries,
  type CampaignTimeseriesInput,
  type Granularity,
  campaignTimeseries as campaignTimeseriesOutput,
} from "./reporting.schemas";
import { planLabel, planSources, type TimeKey } from "./source-plan";
import { openReport } from "./report-scope";
import { dateOfDayNumber, type ZoneCalendar } from "./zone-calendar";

/**
 * What a series reads: the metric request (hours: buckets that never straddle a local hour, each mapped to its
 * hour by the series; days: the local date, in SQL), and the time key its source plan is chosen for.
 */
export function seriesRequest(
  campaignId: string,
  calendar: ZoneCalendar,
  granularity: Granularity,
): { request: MetricRequest; timeKey: TimeKey } {
  const hourly = granularity === "hour";
  return {
    request: {
      scope: { campaignId },
      startMs: calendar.startMs,
      endMs: calendar.endMs,
      time: hourly
        ? { kind: "bucket", bucketMs: calendar.rawBucketMs() }
        : { kind: "day", segments: calendar.segments },
      dimension: null,
    },
    timeKey: hourly ? "hour" : "day",
  };
}

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
  output: campaignTimeseriesOutput,
  run: (actor, input) => campaignTimeseries(actor, input),
});

export async function campaignTimeseries(actor: Actor, query: CampaignTimeseriesInput): Promise<CampaignTimeseries> {
  const { campaign, calendar } = await openReport(actor, query);
  const hourly = query.granularity === "hour";
  const { request, timeKey } = seriesRequest(campaign.id, calendar, query.granularity);
  const plan = planSources(calendar, timeKey);
  const metrics = await loadMetrics(request, plan);

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
        conversions: Number(sums.conversions),
        spendMicros: sums.spendMicros,
      };
    }),
    source: planLabel(plan),
  };
}
