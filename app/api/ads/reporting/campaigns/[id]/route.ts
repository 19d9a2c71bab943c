// GET /api/ads/reporting/campaigns/{id}: E9, campaign performance report (JSON or CSV), 60 per minute per advertiser
import { getCampaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { reportCsvFilename, reportToCsv } from "@/lib/domain/reporting/report-csv";
import { REPORT_QUERY } from "@/lib/domain/reporting/reporting.schemas";
import { defineRoute } from "@/lib/http/define-route";
import { queryObject } from "@/lib/http/query";
import { reportResponse } from "@/lib/http/report-response";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  { auth: "token", scope: "reporting:read", rateLimit: "report", params: ["id"] },
  async ({ actor, params, url, request }) =>
    reportResponse({ request, url }, async () => {
      const { report, source } = await getCampaignReport(actor, params.id, queryObject(url, REPORT_QUERY));
      return {
        json: report,
        csv: { filename: reportCsvFilename(report), text: () => reportToCsv(report) },
        headers: { "x-report-source": source },
      };
    }),
);
