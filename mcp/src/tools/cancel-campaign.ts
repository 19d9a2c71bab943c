import { defineTool, idempotencyKey } from "../tool.ts";
import { campaignId, campaignWriteOutput } from "./shapes.ts";

export const cancelCampaign = defineTool({
  name: "cancel_campaign",
  title: "Cancel a campaign",
  description:
    "Cancels an active or paused campaign for good (status cancelled; it is kept with its reports) and fires campaign.ended " +
    "(reason advertiser). Cancelling a cancelled campaign changes nothing; an ended campaign cannot be cancelled.",
  input: { campaign_id: campaignId, idempotency_key: idempotencyKey },
  output: campaignWriteOutput,
  scopes: ["campaigns:write"],
  write: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: async ({ campaign_id, idempotency_key }, { api }) => {
    const { result, replayed } = await api.cancelCampaign(campaign_id, { idempotencyKey: idempotency_key });
    return { status: "completed", replayed, campaign: result };
  },
});
