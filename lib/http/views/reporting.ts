// The REST views of getCampaignReport, getCampaignTimeseries and getCreativePerformance (snake_case, USD rounded to 6 decimals,
// instants as ISO 8601 text), as the OpenAPI document's schemas describe them
// (lib/domain/reporting/reporting.schemas.ts). CSV exports are built from these views.
import { isoSeconds } from "@/lib/domain/reporting/get-campaign-timeseries";
import type {
  CampaignReport,
  CampaignReportView,
  CampaignTimeseries,
  CampaignTimeseriesView,
  CreativePerformance,
  CreativePerformanceView,
  ReportMetrics,
} from "@/lib/domain/reporting/reporting.schemas";
import { ratesOf } from "@/lib/domain/reporting/metrics";
import { microsToUsd } from "@/lib/money";

/** A report's row or totals: the sums, the exact spend in micro-dollars, and the rates worked out from the integers. */
function reportMetricsView(metrics: ReportMetrics) {
  const rates = ratesOf(metrics);
  return {
    ...metricsView(metrics),
    spend_micros: Number(metrics.spendMicros),
    average_cpm_paid_usd: microsToUsd(rates.averageCpmPaidMicros),
    cost_per_conversion_usd: rates.costPerConversionMicros === null ? null : microsToUsd(rates.costPerConversionMicros),
  };
}

function metricsView(metrics: ReportMetrics) {
  return {
    impressions: metrics.impressions,
    clicks: metrics.clicks,
    ctr: metrics.ctr,
    conversions: metrics.conversions,
    spend_usd: microsToUsd(metrics.spendMicros),
  };
}

export function campaignReportView(report: CampaignReport): CampaignReportView {
  const view: CampaignReportView = {
    campaign_id: report.campaignId,
    period: report.period,
    totals: {
      ...reportMetricsView(report.totals),
      as_of: report.totals.asOf.toISOString(),
    },
  };
  if (report.breakdown) view.breakdown = report.breakdown;
  if (report.rows) view.rows = report.rows.map((row) => ({ key: row.key, ...reportMetricsView(row) }));
  return view;
}

export function campaignTimeseriesView(series: CampaignTimeseries): CampaignTimeseriesView {
  return {
    campaign_id: series.campaignId,
    granularity: series.granularity,
    period: series.period,
    series: series.series.map((point) => ({
      ts: isoSeconds(point.start.getTime()),
      impressions: point.impressions,
      clicks: point.clicks,
      spend_usd: microsToUsd(point.spendMicros),
    })),
  };
}

export function creativePerformanceView(performance: CreativePerformance): CreativePerformanceView {
  return {
    creative_id: performance.creativeId,
    ...metricsView(performance),
    traffic_allocation: performance.trafficAllocation,
  };
}
