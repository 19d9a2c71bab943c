import { z } from "zod";
import { defineTool } from "../tool.ts";

export const listMomentTypes = defineTool({
  name: "list_moment_types",
  title: "List moment types",
  description:
    "The 11 moment types ads can be bought on (e.g. close_game, overtime, bet_resolved), each with its floor CPM in USD " +
    "(a bid must be at least the highest floor of the types it targets), the sports it exists in, and the typical CTR range " +
    "(25th-75th percentile of campaigns' CTRs over the last 7 days; null until campaigns of at least 3 distinct " +
    "advertisers delivered 500 impressions each of the type, demo traffic never counting: no one advertiser's results " +
    "are revealed). Use it before creating a campaign or choosing products.",
  input: {},
  output: {
    moment_types: z.array(
      z.looseObject({
        key: z.string(),
        display_name: z.string(),
        floor_cpm_usd: z.number(),
        typical_ctr_low: z.number().nullable(),
        typical_ctr_high: z.number().nullable(),
        available_sports: z.array(z.string()),
      }),
    ),
  },
  operations: ["listMomentTypes"],
  run: async (_args, { api }) => ({ moment_types: await api.read("listMomentTypes") }),
});
