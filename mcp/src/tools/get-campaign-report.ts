import { z } from "zod";
import { BREAKDOWNS, REPORTS_PER_MINUTE } from "../api-values.ts";
import { defineTool } from "../tool.ts";
import { campaignId, isoDate } from "./shapes.ts";

const metrics = {
  impressions: z.number(),
  clicks: z.number(),
  ctr: z.number(),
  conversions: z.number(),
  spend_usd: z.number(),
};

export const getCampaignReport = defineTool({
  name: "get_campaign_report",
  title: "Campaign report",
  description:
    "Impressions, clicks, CTR (fraction 0-1), conversions, spend (USD) and average CPM paid for a campaign over local dates " +
    "(inclusive, at most 366 days) in any IANA time zone (default UTC; DST handled). Optional breakdown into rows: day, " +
    "moment_type, sport, creative, hour_of_day (0-23) or region (the users' ISO 3166 region, unknown when the publisher " +
    "sent none); rows list every key (by region, the regions with delivery), zeros included, and sum to the totals. " +
    `Limited to ${REPORTS_PER_MINUTE} reports and time series a minute per advertiser.`,
  input: {
    campaign_id: campaignId,
    start_date: isoDate.describe("First local date, YYYY-MM-DD."),
    end_date: isoDate.describe("Last local date (inclusive), YYYY-MM-DD."),
    breakdown: z.enum(BREAKDOWNS).optional(),
    timezone: z.string().optional().describe("IANA time zone name such as America/New_York (default UTC)."),
  },
  output: {
    campaign_id: z.string(),
    period: z.object({ start: z.string(), end: z.string(), timezone: z.string() }),
    totals: z.looseObject({ ...metrics, average_cpm_paid_usd: z.number(), as_of: z.string() }),
    breakdown: z.string().optional(),
    rows: z.array(z.looseObject({ key: z.union([z.string(), z.number()]), ...metrics })).optional(),
  },
  operations: ["getCampaignReport"],
  run: async ({ campaign_id, ...query }, { api }) =>
    api.read("getCampaignReport", { path: { id: campaign_id }, query }),
});
