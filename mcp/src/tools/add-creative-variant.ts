import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { campaignId, completedWrite, creativeFields, writeOutcome } from "./shapes.ts";

export const addCreativeVariant = defineTool({
  name: "add_creative_variant",
  title: "Add a creative variant",
  description:
    "Adds an A/B test variant (labelled variant_b, variant_c, … up to 26) to an active or paused campaign. It is reviewed " +
    "automatically (limits: headline 60 characters, body 120, cta_text 20; HTTPS icon that answers a HEAD request; no claims " +
    "such as 'risk-free' or 'guaranteed win'); a rejected variant is kept with its reason and gets no traffic. Traffic is " +
    "split equally across approved variants. Does not change budgets or bids.",
  input: { campaign_id: campaignId, ...creativeFields, idempotency_key: idempotencyKey },
  output: {
    ...writeOutcome,
    variant: z
      .looseObject({ id: z.string(), variant_label: z.string(), traffic_allocation: z.number(), status: z.string() })
      .optional(),
  },
  operations: ["addCreativeVariant"],
  run: async ({ campaign_id, idempotency_key, ...body }, { api }) =>
    completedWrite(
      "variant",
      await api.write("addCreativeVariant", { path: { id: campaign_id }, body }, { idempotencyKey: idempotency_key }),
    ),
});
