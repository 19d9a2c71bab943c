import { campaignCommand } from "./shapes.ts";

export const cancelCampaign = campaignCommand({
  name: "cancel_campaign",
  title: "Cancel a campaign",
  description:
    "Cancels an active or paused campaign for good (status cancelled; it is kept with its reports) and fires campaign.ended " +
    "(reason advertiser). Cancelling a cancelled campaign changes nothing; an ended campaign cannot be cancelled.",
  destructive: true,
  operations: ["cancelCampaign"],
  send: (api, id, write) => api.write("cancelCampaign", { path: { id } }, write),
});
