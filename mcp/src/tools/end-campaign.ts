import { campaignCommand } from "./shapes.ts";

export const endCampaign = campaignCommand({
  name: "end_campaign",
  title: "End a campaign",
  description:
    "Ends a campaign for good: delivery stops, it can never be resumed, and a campaign.ended webhook (reason advertiser) " +
    "fires. Its reports stay available. Use pause_campaign to stop temporarily.",
  destructive: true,
  send: (api, id, write) => api.updateCampaign(id, { status: "ended" }, write),
});
