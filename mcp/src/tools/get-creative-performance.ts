import { z } from "zod";
import { defineTool } from "../tool.ts";

export const getCreativePerformance = defineTool({
  name: "get_creative_performance",
  title: "Creative performance",
  description:
    "Lifetime impressions, clicks, CTR (fraction 0-1), conversions and spend (USD) of one creative variant, and its current " +
    "share of the campaign's traffic (1/N across approved variants). Compare variants of an A/B test with it.",
  input: { creative_id: z.string().min(1).max(100).describe('Creative id, e.g. "cr_…" (see get_campaign).') },
  output: {
    creative_id: z.string(),
    impressions: z.number(),
    clicks: z.number(),
    ctr: z.number(),
    conversions: z.number(),
    spend_usd: z.number(),
    traffic_allocation: z.number(),
  },
  operations: ["getCreativePerformance"],
  run: async (args, { api }) => api.read("getCreativePerformance", { path: { id: args.creative_id } }),
});
