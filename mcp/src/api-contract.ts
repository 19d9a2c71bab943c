// The REST API's enumerations and limits this package needs in its schemas and
// answers. The package is published alone and talks to the service over HTTP,
// so it cannot import the service's own lists: they are repeated here, once,
// and app/mcp/api-contract.test.ts proves each equals the service's source.

export const SCOPES = ["campaigns:read", "campaigns:write", "reporting:read"] as const;
export const SPORTS = ["ncaa_basketball", "nba", "nfl", "mlb"] as const;
export const CAMPAIGN_STATUSES = ["active", "paused", "ended", "cancelled"] as const;
/** The statuses E7 may set (`cancelled` is reached with DELETE). */
export const CAMPAIGN_UPDATE_STATUSES = ["active", "paused", "ended"] as const;
export const ENDED_REASONS = ["budget_exhausted", "end_date", "advertiser"] as const;
export const CREATIVE_STATUSES = ["pending", "approved", "rejected", "paused"] as const;
export const PACINGS = ["even", "asap"] as const;
export const BREAKDOWNS = ["day", "moment_type", "sport", "creative", "hour_of_day"] as const;
export const GRANULARITIES = ["day", "hour"] as const;
export const WEBHOOK_EVENT_TYPES = [
  "impression.served",
  "click.recorded",
  "conversion.recorded",
  "campaign.budget_50pct",
  "campaign.budget_90pct",
  "campaign.ended",
  "campaign.bid_adjusted",
] as const;
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivering", "succeeded", "failed", "cancelled"] as const;

/** Creative text limits (characters) and the longest URL. */
export const HEADLINE_MAX = 60;
export const BODY_MAX = 120;
export const CTA_MAX = 20;
export const URL_MAX = 2048;
/** Active postback keys an advertiser may have at once. */
export const MAX_ACTIVE_POSTBACK_KEYS = 10;
/** Reports (campaign reports and time series, one shared count) an advertiser may ask for per minute. */
export const REPORTS_PER_MINUTE = 60;
/** Previews (validate_only: every unconfirmed create or spend-raising change here) an advertiser may ask for per minute. */
export const PREVIEWS_PER_MINUTE = 60;
/** Whether an estimate could be made: insufficient_volume withholds both figures (0). */
export const ESTIMATE_STATUSES = ["estimated", "insufficient_volume"] as const;
/** The market sample rule of estimates and market statistics, in words. */
export const MARKET_RULE =
  "at least 20 auctions won by at least 3 distinct advertisers in the last 7 days (demo auctions never count)";
/** The smallest total budget of a campaign (USD). */
export const MIN_TOTAL_BUDGET_USD = 10;
