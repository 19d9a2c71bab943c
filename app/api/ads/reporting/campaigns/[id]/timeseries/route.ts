// GET /api/ads/reporting/campaigns/{id}/timeseries: getCampaignTimeseries, daily or hourly series (JSON or CSV)
import { getCampaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import { timeseriesCsvFilename, timeseriesToCsv } from "@/lib/domain/reporting/report-csv";
import { TIMESERIES_QUERY } from "@/lib/domain/reporting/reporting.schemas";
import { restOperation } from "@/lib/http/rest-operation";
import { reportResponse, requestedReportFormat } from "@/lib/http/report-response";
import { campaignTimeseriesView } from "@/lib/http/views/reporting";

export const dynamic = "force-dynamic";

export const GET = restOperation(getCampaignTimeseries, {
  params: ["id"],
  query: TIMESERIES_QUERY,
  check: requestedReportFormat,
  respond: (series, target) => {
    const view = campaignTimeseriesView(series);
    return reportResponse(target, {
      json: view,
      csv: { filename: timeseriesCsvFilename(view), text: () => timeseriesToCsv(view) },
      headers: { "x-report-source": series.source },
    });
  },
});
