// GET /api/ads/reporting/campaigns/{id}: E9, campaign performance report (JSON or CSV), 60 per minute per advertiser
import { getCampaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { csvHeaders, reportToCsv, responseFormat } from "@/lib/domain/reporting/report-csv";
import { queryObject, REPORT_QUERY_KEYS } from "@/lib/domain/reporting/reporting.schemas";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute<{ auth: "token"; scope: "reporting:read"; rateLimit: "report" }, { id: string }>(
  { auth: "token", scope: "reporting:read", rateLimit: "report" },
  async ({ actor, params, url, request }) => {
    const format = responseFormat(request.headers.get("accept"), url.searchParams.get("format"));
    const { report, source } = await getCampaignReport(
      actor,
      params.id,
      queryObject(url.searchParams, REPORT_QUERY_KEYS),
    );
    const headers = { "x-report-source": source };
    if (format === "csv") {
      const name = `campaign-${report.campaign_id}-${report.period.start}-${report.period.end}${report.breakdown ? `-by-${report.breakdown}` : ""}.csv`;
      return new Response(reportToCsv(report), { headers: { ...csvHeaders(name), ...headers } });
    }
    return jsonResponse(report, { headers });
  },
);
