// Pause and resume one creative variant (PATCH /api/ads/campaigns/{id}/variants/{variant_id}):
// traffic re-splits across the campaign's approved variants. Neither raises spend (the bid and
// budgets stay), so neither asks for confirmation.
import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { campaignId, campaignWriteOutput, completedWrite } from "./shapes.ts";

const variantId = z
  .string()
  .min(1)
  .max(100)
  .describe(
    "The variant's creative id (the `id` of an entry of the campaign's `variants`), e.g. \"cr_4Vd2k9QmXbT7nL1pR8sYzA\".",
  );

function variantStatusTool(options: {
  name: string;
  title: string;
  description: string;
  status: "paused" | "approved";
}) {
  return defineTool({
    name: options.name,
    title: options.title,
    description: options.description,
    input: { campaign_id: campaignId, variant_id: variantId, idempotency_key: idempotencyKey },
    output: campaignWriteOutput,
    operations: ["setVariantStatus"],
    run: async ({ campaign_id, variant_id, idempotency_key }, { api }) =>
      completedWrite(
        "campaign",
        await api.write(
          "setVariantStatus",
          { path: { id: campaign_id, variant_id }, body: { status: options.status } },
          { idempotencyKey: idempotency_key },
        ),
      ),
  });
}

export const pauseCreativeVariant = variantStatusTool({
  name: "pause_creative_variant",
  title: "Pause a creative variant",
  description:
    "Stops one approved variant of an A/B test: it gets no traffic, and the campaign's traffic is split equally across " +
    "its other approved variants (with none left, the campaign waits for one: delivery_status pending_creatives). " +
    "Never raises spend. Pausing a paused variant changes nothing; a pending or rejected variant, or a variant of an " +
    "ended or cancelled campaign, cannot be paused. Answers the campaign with every variant's traffic_allocation.",
  status: "paused",
});

export const resumeCreativeVariant = variantStatusTool({
  name: "resume_creative_variant",
  title: "Resume a creative variant",
  description:
    "Gives a paused variant traffic again (approved, without a new review: it is unchanged); the campaign's traffic is " +
    "split equally across its approved variants. Does not change the bid or budgets. Resuming an approved variant " +
    "changes nothing. Answers the campaign with every variant's traffic_allocation.",
  status: "approved",
});
