import { defineTool, idempotencyKey } from "../tool.ts";
import { campaignId, campaignWriteOutput } from "./shapes.ts";

export const endCampaign = defineTool({
  name: "end_campaign",
  title: "End a campaign",
  description:
    "Ends a campaign for good: delivery stops, it can never be resumed, and a campaign.ended webhook (reason advertiser) " +
    "fires. Its reports stay available. Use pause_campaign to stop temporarily.",
  input: { campaign_id: campaignId, idempotency_key: idempotencyKey },
  output: campaignWriteOutput,
  scopes: ["campaigns:write"],
  write: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: async ({ campaign_id, idempotency_key }, { api }) => {
    const { result, replayed } = await api.updateCampaign(
      campaign_id,
      { status: "ended" },
      { idempotencyKey: idempotency_key },
    );
    return { status: "completed", replayed, campaign: result };
  },
});
