// GET /api/ads/reporting/campaigns/{id}/timeseries: E10, daily or hourly series (JSON or CSV)
import { getCampaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import { csvHeaders, responseFormat, timeseriesToCsv } from "@/lib/domain/reporting/report-csv";
import { queryObject, TIMESERIES_QUERY_KEYS } from "@/lib/domain/reporting/reporting.schemas";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute<{ auth: "token"; scope: "reporting:read" }, { id: string }>(
  { auth: "token", scope: "reporting:read" },
  async ({ actor, params, url, request }) => {
    const format = responseFormat(request.headers.get("accept"), url.searchParams.get("format"));
    const { series, source } = await getCampaignTimeseries(
      actor,
      params.id,
      queryObject(url.searchParams, TIMESERIES_QUERY_KEYS),
    );
    const headers = { "x-report-source": source };
    if (format === "csv") {
      const name = `campaign-${series.campaign_id}-${series.period.start}-${series.period.end}-${series.granularity}.csv`;
      return new Response(timeseriesToCsv(series), { headers: { ...csvHeaders(name), ...headers } });
    }
    return jsonResponse(series, { headers });
  },
);
