import { applyUpdate, campaignCommand } from "./shapes.ts";

export const pauseCampaign = campaignCommand({
  name: "pause_campaign",
  title: "Pause a campaign",
  description:
    "Stops a campaign's delivery until it is resumed (resume_campaign). Never needs confirmation: it cannot raise spend. " +
    "Pausing a paused campaign changes nothing; an ended or cancelled campaign cannot be paused.",
  destructive: false,
  operations: ["updateCampaign"],
  send: (api, id, write) => applyUpdate(api, id, { status: "paused" }, write),
});
