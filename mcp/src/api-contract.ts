// What the package states about the REST API that its OpenAPI document does not
// give in a form the generated client can read (numbers said only in prose).
// The package is published alone, so these are repeated here, once, and
// app/mcp/api-contract.test.ts proves each equals the service's source. Every
// enumeration and schema limit comes from the generated client (api-values.ts).

/** Active postback keys an advertiser may have at once. */
export const MAX_ACTIVE_POSTBACK_KEYS = 10;
/** Previews (validate_only: every unconfirmed create or spend-raising change here) an advertiser may ask for per minute. */
export const PREVIEWS_PER_MINUTE = 60;
/** The market sample rule of estimates and market statistics, in words. */
export const MARKET_RULE =
  "at least 20 auctions won by at least 3 distinct advertisers in the last 7 days (demo auctions never count)";
/** The longest report range (getCampaignReport, getCampaignTimeseries): days from start to end date, both counted. */
export const MAX_REPORT_DAYS = 366;
/**
 * The force_ and simulate_ scenarios the compliance test controller serves (runTestController's list_scenarios),
 * declared by get_adcp_capabilities' compliance_testing (docs/decisions/1316).
 */
export const CONTROLLER_SCENARIOS: readonly string[] = ["force_media_buy_status"];
