// The REST views of E9 (and the all-campaigns report), E10 and E11 (snake_case, USD rounded to 6 decimals,
// instants as ISO 8601 text), as the OpenAPI document's schemas describe them
// (lib/domain/reporting/reporting.schemas.ts). CSV exports are built from these views.
import { isoSeconds } from "@/lib/domain/reporting/get-campaign-timeseries";
import type {
  AdvertiserReport,
  AdvertiserReportView,
  CampaignReport,
  CampaignReportView,
  CampaignTimeseries,
  CampaignTimeseriesView,
  CreativePerformance,
  CreativePerformanceView,
  ReportComparison,
  ReportComparisonView,
  DeliveryMetrics,
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
    cost_per_conversion_usd: usdOrNull(rates.costPerConversionMicros),
    cost_per_click_usd: usdOrNull(rates.costPerClickMicros),
    conversion_rate: rates.conversionRate,
    conversion_value_usd: microsToUsd(metrics.conversionValueMicros),
    conversion_value_micros: Number(metrics.conversionValueMicros),
    roas: rates.roas,
  };
}

const usdOrNull = (micros: bigint | null) => (micros === null ? null : microsToUsd(micros));

function metricsView(metrics: DeliveryMetrics) {
  return {
    impressions: metrics.impressions,
    clicks: metrics.clicks,
    ctr: metrics.ctr,
    conversions: metrics.conversions,
    spend_usd: microsToUsd(metrics.spendMicros),
  };
}

function comparisonView(comparison: ReportComparison): ReportComparisonView {
  return { period: comparison.period, totals: reportMetricsView(comparison.totals) };
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
  if (report.comparison) view.comparison = comparisonView(report.comparison);
  return view;
}

export function advertiserReportView(report: AdvertiserReport): AdvertiserReportView {
  const view: AdvertiserReportView = {
    advertiser_id: report.advertiserId,
    period: report.period,
    totals: { ...reportMetricsView(report.totals), as_of: report.totals.asOf.toISOString() },
  };
  if (report.breakdown) view.breakdown = report.breakdown;
  if (report.rows)
    view.rows = report.rows.map((row) => ({
      key: row.key,
      ...(row.campaignName === undefined ? {} : { campaign_name: row.campaignName }),
      ...reportMetricsView(row),
    }));
  if (report.comparison) view.comparison = comparisonView(report.comparison);
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
      conversions: point.conversions,
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
