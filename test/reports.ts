// E9, E10 and E11 as REST answers them, from the domain's report functions with
// a source chosen by the caller (the report tests and the reporting bench compare
// the rollups with the raw rows).
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import { campaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { campaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import { creativePerformance } from "@/lib/domain/reporting/get-creative-performance";
import {
  campaignReportInput,
  campaignTimeseriesInput,
  type ReportSource,
} from "@/lib/domain/reporting/reporting.schemas";
import { campaignReportView, campaignTimeseriesView, creativePerformanceView } from "@/lib/http/views/reporting";

/** E9 as REST answers it, from the given source or the exact plan; `source` says which answered. */
export async function getCampaignReport(
  actor: Actor,
  id: string,
  query: object,
  options: { clock?: Clock; source?: ReportSource } = {},
) {
  const report = await campaignReport(actor, campaignReportInput.parse({ id, ...query }), options);
  return { report: campaignReportView(report), source: report.source };
}

/** E10 as REST answers it. */
export async function getCampaignTimeseries(
  actor: Actor,
  id: string,
  query: object,
  options: { source?: ReportSource } = {},
) {
  const series = await campaignTimeseries(actor, campaignTimeseriesInput.parse({ id, ...query }), options);
  return { series: campaignTimeseriesView(series), source: series.source };
}

/** E11 as REST answers it. */
export async function getCreativePerformance(actor: Actor, id: string) {
  return creativePerformanceView(await creativePerformance(actor, id));
}
