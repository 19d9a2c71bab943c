// The create form's delivery estimate (previewCampaignCreate) in words: the
// figures when the market could be estimated, "not enough market data yet" when
// the service withheld them (decision 0304: both figures are then 0, which is
// not a forecast of zero delivery), and why a rejected notification would not
// deliver at all.
import { MARKET_MIN_ADVERTISERS, MARKET_MIN_AUCTIONS, MARKET_WINDOW_DAYS } from "@/lib/domain/market/market.schemas";
import { formatCount, formatUsd } from "@/components/format";

export type EstimatePreview = {
  estimateStatus: "ESTIMATED" | "INSUFFICIENT_VOLUME";
  estimatedDailyImpressions: number;
  estimatedDailySpendUsd: string | number;
  creativeStatus: string;
  creativeReviewReason?: string | null;
};

export function estimateSummary(preview: EstimatePreview): { title: string; detail: string } {
  if (preview.creativeStatus === "REJECTED") {
    return {
      title: "No delivery: the notification would be rejected",
      detail: `${preview.creativeReviewReason ?? "It breaks the review policy."} Change it before creating the campaign.`,
    };
  }
  if (preview.estimateStatus === "INSUFFICIENT_VOLUME") {
    return {
      title: "Not enough market data yet",
      detail:
        `An estimate needs at least ${MARKET_MIN_AUCTIONS} auctions won by ${MARKET_MIN_ADVERTISERS} other advertisers ` +
        `on these moment types and sports in the last ${MARKET_WINDOW_DAYS} days, so that no advertiser's bid can be ` +
        "read from it. The campaign can still deliver.",
    };
  }
  return {
    title: `About ${formatCount(preview.estimatedDailyImpressions)} impressions and ${formatUsd(preview.estimatedDailySpendUsd)} a day`,
    detail:
      `What this bid would have won of other advertisers' auctions over the last ${MARKET_WINDOW_DAYS} days, ` +
      "capped by the daily budget and rounded.",
  };
}
