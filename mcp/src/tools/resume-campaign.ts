import { confirm, defineTool, ESTIMATES_NOTE, idempotencyKey } from "../tool.ts";
import { campaignId, campaignWriteOutput } from "./shapes.ts";
import { guardedUpdate } from "./update-campaign.ts";

export const resumeCampaign = defineTool({
  name: "resume_campaign",
  title: "Resume a campaign",
  description:
    "Restarts delivery of a paused campaign. It raises spend, so without confirm you get a preview (estimated daily " +
    "impressions and spend in USD, with estimate_status); call again with confirm: true and the same idempotency_key " +
    "to resume. " +
    ESTIMATES_NOTE,
  input: { campaign_id: campaignId, idempotency_key: idempotencyKey, confirm },
  output: campaignWriteOutput,
  operations: ["updateCampaign"],
  run: async ({ campaign_id, idempotency_key, confirm: confirmed }, { api }) =>
    guardedUpdate(api, campaign_id, { status: "active" }, { idempotencyKey: idempotency_key, confirmed }),
});
