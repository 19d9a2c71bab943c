// GET /api/ads/reporting/campaigns/{id}/timeseries: E10, daily or hourly series (JSON or CSV), sharing E9's 60 per minute per advertiser
import { getCampaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import { timeseriesCsvFilename, timeseriesToCsv } from "@/lib/domain/reporting/report-csv";
import { TIMESERIES_QUERY } from "@/lib/domain/reporting/reporting.schemas";
import { defineRoute } from "@/lib/http/define-route";
import { queryObject } from "@/lib/http/query";
import { reportResponse } from "@/lib/http/report-response";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  { auth: "token", scope: "reporting:read", rateLimit: "report", params: ["id"] },
  async ({ actor, params, url, request }) =>
    reportResponse({ request, url }, async () => {
      const { series, source } = await getCampaignTimeseries(actor, params.id, queryObject(url, TIMESERIES_QUERY));
      return {
        json: series,
        csv: { filename: timeseriesCsvFilename(series), text: () => timeseriesToCsv(series) },
        headers: { "x-report-source": source },
      };
    }),
);
