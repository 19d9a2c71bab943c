// E9, E10 and E11 as REST answers them, from the domain's report functions, and
// the two query plans of a report side by side (the report tests and the
// reporting bench check that the rollups answer what the raw rows hold).
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import { advertiserReport } from "@/lib/domain/reporting/get-advertiser-report";
import { campaignReport, reportRequest } from "@/lib/domain/reporting/get-campaign-report";
import { campaignTimeseries, seriesRequest } from "@/lib/domain/reporting/get-campaign-timeseries";
import { creativePerformance } from "@/lib/domain/reporting/get-creative-performance";
import { loadFromRawRows, loadFromRollups, type MetricRow } from "@/lib/domain/reporting/load-metrics";
import {
  advertiserReportQuery,
  campaignReportInput,
  campaignTimeseriesInput,
  type Breakdown,
  type Granularity,
} from "@/lib/domain/reporting/reporting.schemas";
import { planSources } from "@/lib/domain/reporting/source-plan";
import { ZoneCalendar } from "@/lib/domain/reporting/zone-calendar";
import {
  advertiserReportView,
  campaignReportView,
  campaignTimeseriesView,
  creativePerformanceView,
} from "@/lib/http/views/reporting";

/** E9 as REST answers it; `source` says which plan answered. */
export async function getCampaignReport(actor: Actor, id: string, query: object, options: { clock?: Clock } = {}) {
  const report = await campaignReport(actor, campaignReportInput.parse({ id, ...query }), options);
  return { report: campaignReportView(report), source: report.source };
}

/** The all-campaigns report as REST answers it. */
export async function getAdvertiserReport(actor: Actor, query: object, options: { clock?: Clock } = {}) {
  return advertiserReportView(await advertiserReport(actor, advertiserReportQuery.parse(query), options));
}

/** E10 as REST answers it. */
export async function getCampaignTimeseries(actor: Actor, id: string, query: object) {
  const series = await campaignTimeseries(actor, campaignTimeseriesInput.parse({ id, ...query }));
  return { series: campaignTimeseriesView(series), source: series.source };
}

/** E11 as REST answers it. */
export async function getCreativePerformance(actor: Actor, id: string) {
  return creativePerformanceView(await creativePerformance(actor, id));
}

type PlanRows = [
  key: string,
  counts: [impressions: number, clicks: number, conversions: number, spendMicros: number],
][];

/**
 * One shape of a campaign's report (a breakdown, or a series granularity) read by both query plans over the same
 * events: the rollups plan the service chooses for it (null where it chooses the raw rows) and the raw-rows plan,
 * each as the service builds its request. Rows are summed by the key the report groups them by (the hour series
 * reads buckets and sums them by the local hour holding each), sorted by key: the report is a function of these.
 */
export async function readBothPlans(
  campaignId: string,
  query: { start_date: string; end_date: string; timezone: string },
  shape: { breakdown?: Breakdown } | { granularity: Granularity },
): Promise<{ source: "rollups" | "raw"; fromRollups: PlanRows | null; fromRaw: PlanRows }> {
  const calendar = ZoneCalendar.forDates(query.timezone, query.start_date, query.end_date);
  const { request, timeKey } =
    "granularity" in shape
      ? seriesRequest(campaignId, calendar, shape.granularity)
      : reportRequest({ campaignId }, calendar, shape.breakdown);
  const plan = planSources(calendar, timeKey);
  const keyOf =
    request.time?.kind === "bucket"
      ? (row: MetricRow) => String(calendar.hourStartOf(row.time!))
      : (row: MetricRow) => `${row.time ?? ""}|${row.key ?? ""}`;
  const summed = (rows: MetricRow[]): PlanRows => {
    const byKey = new Map<string, [number, number, number, number]>();
    for (const row of rows) {
      const sums = byKey.get(keyOf(row)) ?? [0, 0, 0, 0];
      sums[0] += Number(row.impressions);
      sums[1] += Number(row.clicks);
      sums[2] += Number(row.conversions);
      sums[3] += Number(row.spendMicros);
      byKey.set(keyOf(row), sums);
    }
    return [...byKey].sort(([a], [b]) => a.localeCompare(b));
  };
  return {
    source: plan.kind,
    fromRollups: plan.kind === "rollups" ? summed(await loadFromRollups(request, plan.splits)) : null,
    fromRaw: summed(await loadFromRawRows(request)),
  };
}
