// The one rule for every market statistic (docs/decisions/0304): clearing-price
// percentiles (getClearingPrices), CTR ranges (listMomentTypes) and delivery estimates (createCampaign, updateCampaign's previews)
// are published only from a sample of the trailing MARKET_WINDOW_DAYS days that
// holds at least MARKET_MIN_AUCTIONS auctions won by at least
// MARKET_MIN_ADVERTISERS distinct advertisers; sandbox (demo) auctions never
// count. With fewer, a statistic of the sample would be one advertiser's bid or
// results. A .schemas file (no database), so the dashboard states the numbers.
import { z } from "zod";

export const MARKET_WINDOW_DAYS = 7;
export const MARKET_MIN_AUCTIONS = 20;
export const MARKET_MIN_ADVERTISERS = 3;

/** A sample's size: auctions won in it, and the distinct advertisers that won them. */
export type MarketSample = { auctions: number; advertisers: number };

/** Whether a statistic of this sample may be published (or an estimate made from it). */
export function isPublishable(sample: MarketSample): boolean {
  return sample.auctions >= MARKET_MIN_AUCTIONS && sample.advertisers >= MARKET_MIN_ADVERTISERS;
}

/** The rule in words, for descriptions: "at least 20 auctions won by at least 3 distinct advertisers in the last 7 days". */
export const MARKET_RULE_TEXT =
  `at least ${MARKET_MIN_AUCTIONS} auctions won by at least ${MARKET_MIN_ADVERTISERS} distinct advertisers ` +
  `in the last ${MARKET_WINDOW_DAYS} days (demo auctions never count)`;

export const ESTIMATE_STATUSES = ["estimated", "insufficient_volume"] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

export const estimateStatus = z.enum(ESTIMATE_STATUSES).meta({
  id: "EstimateStatus",
  description:
    "estimated: the figures come from other advertisers' auctions on the campaign's moment types and sports, " +
    `${MARKET_RULE_TEXT}. insufficient_volume: that market sample is too small to estimate without revealing ` +
    "another advertiser's bid, so both figures are 0 (not a prediction of zero delivery).",
});
