import type { OperationDoc } from "../common";

export const clearingPricesDocs = {
  getClearingPrices: {
    summary: "Clearing-price statistics (E3)",
    description:
      "Floors and the 25th, 50th, 75th and 90th percentiles of clearing CPMs per moment type over the trailing 7 days of " +
      "filled auctions. A percentile is null until a type has at least 20 filled auctions in the window; individual bids " +
      "are never exposed. Any valid token; cached for 15 minutes.",
    tags: ["Moment types"],
    returns: {
      description: "Statistics for all 11 moment types",
      headers: { "Cache-Control": { description: "private, max-age=900", schema: { type: "string" as const } } },
    },
  },
} satisfies Record<string, OperationDoc>;
