import { defineTool, idempotencyKey } from "../tool.ts";
import { campaignId, campaignWriteOutput } from "./shapes.ts";

export const pauseCampaign = defineTool({
  name: "pause_campaign",
  title: "Pause a campaign",
  description:
    "Stops a campaign's delivery until it is resumed (resume_campaign). Never needs confirmation: it cannot raise spend. " +
    "Pausing a paused campaign changes nothing; an ended or cancelled campaign cannot be paused.",
  input: { campaign_id: campaignId, idempotency_key: idempotencyKey },
  output: campaignWriteOutput,
  scopes: ["campaigns:write"],
  write: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async ({ campaign_id, idempotency_key }, { api }) => {
    const { result, replayed } = await api.updateCampaign(
      campaign_id,
      { status: "paused" },
      { idempotencyKey: idempotency_key },
    );
    return { status: "completed", replayed, campaign: result };
  },
});
