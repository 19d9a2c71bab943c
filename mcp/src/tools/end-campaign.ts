import { applyUpdate, campaignCommand } from "./shapes.ts";

export const endCampaign = campaignCommand({
  name: "end_campaign",
  title: "End a campaign",
  description:
    "Ends a campaign for good: delivery stops, it can never be resumed, and a campaign.ended webhook (reason advertiser) " +
    "fires. Its reports stay available. Use pause_campaign to stop temporarily.",
  destructive: true,
  operations: ["updateCampaign"],
  send: (api, id, write) => applyUpdate(api, id, { status: "ended" }, write),
});
