import { z } from "zod";
import { MARKET_RULE } from "../api-contract.ts";
import { defineTool } from "../tool.ts";

const percentile = z.number().nullable();

export const getClearingPrices = defineTool({
  name: "get_clearing_prices",
  title: "Get clearing prices",
  description:
    "Per moment type: the floor CPM and the 25th, 50th, 75th and 90th percentiles of the CPMs that won auctions over the " +
    `last 7 days, in USD. The percentiles are null unless the type's auctions hold ${MARKET_RULE}, so that no one ` +
    "advertiser's bid is ever revealed: null means not enough market data yet, not a price of 0. Use it to choose a bid: " +
    "bidding near p75 wins most auctions of that type. Refreshed every 15 minutes.",
  input: {},
  output: {
    as_of: z.string(),
    moment_types: z.array(
      z.looseObject({
        moment_type: z.string(),
        floor_cpm_usd: z.number(),
        clearing_price_p25_usd: percentile,
        clearing_price_p50_usd: percentile,
        clearing_price_p75_usd: percentile,
        clearing_price_p90_usd: percentile,
      }),
    ),
  },
  operations: ["getClearingPrices"],
  run: async (_args, { api }) => api.read("getClearingPrices"),
});
