import { z } from "zod";
import { defineTool } from "../tool.ts";
import { campaignId, campaignOut } from "./shapes.ts";

export const getCampaign = defineTool({
  name: "get_campaign",
  title: "Get a campaign",
  description:
    "One campaign with every setting (bid CPM and budgets in USD, dates in UTC, target CPA, postback URL, pacing) and its " +
    "creatives: the primary creative and every variant with review status, performance score (probability of the best CTR) " +
    "and traffic allocation.",
  input: { campaign_id: campaignId },
  output: { campaign: campaignOut.extend({ creative: z.looseObject({}), variants: z.array(z.looseObject({})) }) },
  operations: ["getCampaign"],
  run: async (args, { api }) => ({ campaign: await api.read("getCampaign", { path: { id: args.campaign_id } }) }),
});
