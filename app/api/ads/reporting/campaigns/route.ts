// GET /api/ads/reporting/campaigns: every campaign of the advertiser in one report (JSON or CSV),
// with a campaign breakdown and getCampaignReport's others (docs/decisions/0505)
import { getAdvertiserReport } from "@/lib/domain/reporting/get-advertiser-report";
import { advertiserReportCsvFilename, advertiserReportToCsv } from "@/lib/domain/reporting/report-csv";
import { ADVERTISER_REPORT_QUERY } from "@/lib/domain/reporting/reporting.schemas";
import { restOperation } from "@/lib/http/rest-operation";
import { reportResponse, requestedReportFormat } from "@/lib/http/report-response";
import { advertiserReportView } from "@/lib/http/views/reporting";

export const dynamic = "force-dynamic";

export const GET = restOperation(getAdvertiserReport, {
  query: ADVERTISER_REPORT_QUERY,
  check: requestedReportFormat,
  respond: (report, target) => {
    const view = advertiserReportView(report);
    return reportResponse(target, {
      json: view,
      csv: { filename: advertiserReportCsvFilename(view), text: () => advertiserReportToCsv(view) },
      headers: { "x-report-source": report.source },
    });
  },
});
