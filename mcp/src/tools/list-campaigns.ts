import { z } from "zod";
import { CAMPAIGN_STATUSES } from "../api-values.ts";
import { defineTool } from "../tool.ts";
import { campaignOut } from "./shapes.ts";

export const listCampaigns = defineTool({
  name: "list_campaigns",
  title: "List campaigns",
  description:
    "The advertiser's campaigns, newest first, with status, targeting, bid (CPM, USD), budgets (USD), spend and impressions " +
    "to date. Filter by status; pages of 1-100 (default 20). Use get_campaign for creatives and variants.",
  input: {
    status: z.enum(CAMPAIGN_STATUSES).optional().describe("Only campaigns with this status."),
    page: z.number().int().min(1).optional().describe("Page number, from 1 (default 1)."),
    per_page: z.number().int().min(1).max(100).optional().describe("Campaigns per page, 1-100 (default 20)."),
  },
  output: {
    campaigns: z.array(campaignOut),
    pagination: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  },
  operations: ["listCampaigns"],
  run: async (args, { api }) => api.read("listCampaigns", { query: args }),
});
