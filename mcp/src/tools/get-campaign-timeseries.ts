import { z } from "zod";
import { GRANULARITIES, REPORTS_PER_MINUTE } from "../api-values.ts";
import { defineTool } from "../tool.ts";
import { campaignId, isoDate } from "./shapes.ts";

export const getCampaignTimeseries = defineTool({
  name: "get_campaign_timeseries",
  title: "Campaign time series",
  description:
    "Impressions, clicks, conversions and spend (USD) per local day (up to 366 days) or hour (up to 31 days) in an IANA time zone " +
    "(default UTC). `ts` is the start of each day or hour in UTC; the series sums to the report's totals. Use it for " +
    `pacing and trends. Counts against the ${REPORTS_PER_MINUTE} reports a minute per advertiser.`,
  input: {
    campaign_id: campaignId,
    start_date: isoDate.describe("First local date, YYYY-MM-DD."),
    end_date: isoDate.describe("Last local date (inclusive), YYYY-MM-DD."),
    granularity: z.enum(GRANULARITIES).optional().describe("day (default) or hour."),
    timezone: z.string().optional().describe("IANA time zone name (default UTC)."),
  },
  output: {
    campaign_id: z.string(),
    granularity: z.enum(GRANULARITIES),
    series: z.array(
      z.looseObject({
        ts: z.string(),
        impressions: z.number(),
        clicks: z.number(),
        conversions: z.number(),
        spend_usd: z.number(),
      }),
    ),
  },
  operations: ["getCampaignTimeseries"],
  run: async ({ campaign_id, ...query }, { api }) =>
    api.read("getCampaignTimeseries", { path: { id: campaign_id }, query }),
});
