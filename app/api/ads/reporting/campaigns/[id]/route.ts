// GET /api/ads/reporting/campaigns/{id}: getCampaignReport, campaign performance report (JSON or CSV)
import { getCampaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { reportCsvFilename, reportToCsv } from "@/lib/domain/reporting/report-csv";
import { REPORT_QUERY } from "@/lib/domain/reporting/reporting.schemas";
import { restOperation } from "@/lib/http/rest-operation";
import { reportResponse, requestedReportFormat } from "@/lib/http/report-response";
import { campaignReportView } from "@/lib/http/views/reporting";

export const dynamic = "force-dynamic";

export const GET = restOperation(getCampaignReport, {
  params: ["id"],
  query: REPORT_QUERY,
  check: requestedReportFormat,
  respond: (report, target) => {
    const view = campaignReportView(report);
    return reportResponse(target, {
      json: view,
      csv: { filename: reportCsvFilename(view), text: () => reportToCsv(view) },
      headers: { "x-report-source": report.source },
    });
  },
});
