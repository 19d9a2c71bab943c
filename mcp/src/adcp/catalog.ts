// AdCP products, formats and ids over our catalogue: one product per moment
// type and sport where the type exists (listMomentTypes), CPM auction pricing with the
// type's floor and, from real clearing prices (getClearingPrices), price guidance (absent
// while the market is too small to publish percentiles: decision 0304's rule).
import { MARKET_RULE } from "../api-contract.ts";
import { BODY_MAX, CTA_MAX, HEADLINE_MAX, MIN_TOTAL_BUDGET_USD, URL_MAX } from "../api-values.ts";
import type { ClearingPrices, MomentType, Sport } from "../rest-client.ts";
import { ToolInputError } from "../tool.ts";

export const CURRENCY = "USD";
export const PRICING_OPTION_ID = "cpm_auction";
export const FORMAT_ID = "push_notification";
/** A package is a campaign: its minimum spend is the campaign's smallest total budget. */
export const MIN_PACKAGE_SPEND_USD = MIN_TOTAL_BUDGET_USD;

const SPORT_NAMES: Record<Sport, string> = { ncaa_basketball: "NCAA basketball", nba: "NBA", nfl: "NFL", mlb: "MLB" };

/** Pacings offered: the REST API's `pacing` (createCampaign/updateCampaign), even or asap; front_loaded has no equivalent. */
export const OFFERED_PACINGS: readonly string[] = ["even", "asap"];

export function checkPacing(pacing: string | undefined, field: string): void {
  if (pacing !== undefined && !OFFERED_PACINGS.includes(pacing))
    throw new ToolInputError(`${pacing} pacing is not offered: a media buy is paced evenly over each day, or asap.`, {
      field,
      adcpCode: "UNSUPPORTED_FEATURE",
      suggestion: `Use pacing ${OFFERED_PACINGS.map((value) => JSON.stringify(value)).join(" or ")}, or leave it out.`,
    });
}

export function productId(momentType: string, sport: string): string {
  return `${momentType}.${sport}`;
}

export function parseProductId(value: string, field: string): { momentType: string; sport: string } {
  const match = /^([a-z_]+)\.([a-z_]+)$/.exec(value);
  if (!match)
    throw new ToolInputError(`Unknown product ${JSON.stringify(value)}`, { field, adcpCode: "PRODUCT_NOT_FOUND" });
  return { momentType: match[1]!, sport: match[2]! };
}

/** Package ids name the media buy (campaign) and the product: "cmp_…:close_game.nba". */
export function packageId(campaignId: string, momentType: string, sport: string): string {
  return `${campaignId}:${productId(momentType, sport)}`;
}

export function campaignOfPackage(value: string): string | undefined {
  const index = value.indexOf(":");
  return index > 0 ? value.slice(0, index) : undefined;
}

export function formatId(agentUrl: string) {
  return { agent_url: agentUrl, id: FORMAT_ID };
}

/** The (moment type, sport) pairs a campaign targets: each selected type in each selected sport where it exists. */
export function targetedPairs(
  catalog: readonly MomentType[],
  momentTypes: readonly string[],
  sports: readonly string[],
): { momentType: string; sport: string }[] {
  const available = new Map(catalog.map((type) => [type.key, new Set<string>(type.available_sports)]));
  return momentTypes.flatMap((momentType) =>
    sports.filter((sport) => available.get(momentType)?.has(sport)).map((sport) => ({ momentType, sport })),
  );
}

export function buildProducts(
  catalog: readonly MomentType[],
  prices: ClearingPrices,
  context: { agentUrl: string; publisherDomain: string },
) {
  const byType = new Map<string, ClearingPrices["moment_types"][number]>(
    prices.moment_types.map((entry) => [entry.moment_type, entry]),
  );
  return catalog.flatMap((type) =>
    type.available_sports.map((sport) => {
      const entry = byType.get(type.key);
      const p = entry && [
        entry.clearing_price_p25_usd,
        entry.clearing_price_p50_usd,
        entry.clearing_price_p75_usd,
        entry.clearing_price_p90_usd,
      ];
      const guidance =
        p && p.every((value): value is number => typeof value === "number")
          ? { price_guidance: { p25: p[0], p50: p[1], p75: p[2], p90: p[3] } }
          : {};
      return {
        product_id: productId(type.key, sport),
        name: `${type.display_name}: ${SPORT_NAMES[sport]} push notification`,
        description:
          `${type.description} A push notification in partner betting and prediction-market apps, sent at that moment of a live ${SPORT_NAMES[sport]} game ` +
          `to a user with money on it. Sold by CPM second-price auction: floor ${type.floor_cpm_usd.toFixed(2)} USD; ` +
          `the price guidance is the 25th-90th percentile of the moment type's clearing CPMs over the last 7 days (absent unless ${MARKET_RULE}).` +
          (type.typical_ctr_low !== null && type.typical_ctr_high !== null
            ? ` Typical CTR ${(type.typical_ctr_low * 100).toFixed(2)}%-${(type.typical_ctr_high * 100).toFixed(2)}%.`
            : ""),
        publisher_properties: [
          { publisher_domain: context.publisherDomain, selection_type: "by_id", property_ids: [`sma_push_${sport}`] },
        ],
        format_ids: [formatId(context.agentUrl)],
        delivery_type: "non_guaranteed",
        exclusivity: "none",
        pricing_options: [
          {
            pricing_option_id: PRICING_OPTION_ID,
            pricing_model: "cpm",
            currency: CURRENCY,
            floor_price: type.floor_cpm_usd,
            ...guidance,
            min_spend_per_package: MIN_PACKAGE_SPEND_USD,
          },
        ],
        // every figure is counted by the service itself: sends, taps through its redirect, attribution postbacks
        delivery_measurement: {
          vendors: [{ domain: context.publisherDomain }],
          provider: "Sports Moment Ads (first party)",
          notes:
            "Impressions are counted when the notification is sent, clicks when the tap passes the service's click redirect, " +
            "conversions from the advertiser's attribution postbacks; reports are in UTC days and hours.",
        },
        reporting_capabilities: {
          available_reporting_frequencies: ["hourly", "daily"],
          expected_delay_minutes: 1,
          timezone: "UTC",
          supports_webhooks: false,
          // the CPM paid comes as get_media_buy_delivery's rate; "cpm" is no metric name AdCP 3.0 clients accept
          available_metrics: ["impressions", "spend", "clicks", "ctr", "conversions", "cost_per_acquisition"],
          supports_creative_breakdown: true,
          date_range_support: "date_range",
        },
        creative_policy: { co_branding: "none", landing_page: "any", templates_available: false },
      };
    }),
  );
}

/** The one creative format we sell: a push notification (limits are the API's). */
export function pushNotificationFormat(agentUrl: string) {
  return {
    format_id: formatId(agentUrl),
    name: "Push notification",
    description:
      `A push notification shown at a live-game moment: a headline (at most ${HEADLINE_MAX} characters), a body (at most ${BODY_MAX}), ` +
      `an optional call to action (at most ${CTA_MAX}), an icon image URL (HTTPS, publicly reachable: checked with a HEAD request) and ` +
      "the HTTPS URL the tap opens. Creatives are reviewed automatically: claims such as 'risk-free' or 'guaranteed win' are rejected.",
    assets: [
      {
        item_type: "individual",
        asset_id: "headline",
        asset_type: "text",
        required: true,
        requirements: { min_length: 1, max_length: HEADLINE_MAX, max_lines: 1 },
      },
      {
        item_type: "individual",
        asset_id: "body",
        asset_type: "text",
        required: true,
        requirements: { min_length: 1, max_length: BODY_MAX },
      },
      {
        item_type: "individual",
        asset_id: "cta",
        asset_type: "text",
        required: false,
        requirements: { max_length: CTA_MAX, max_lines: 1 },
      },
      {
        item_type: "individual",
        asset_id: "icon",
        asset_type: "url",
        asset_role: "icon",
        required: true,
        requirements: { protocols: ["https"], max_length: URL_MAX },
      },
      {
        item_type: "individual",
        asset_id: "click_url",
        asset_type: "url",
        required: true,
        requirements: { role: "clickthrough", protocols: ["https"], max_length: URL_MAX, macro_support: true },
      },
    ],
    reported_metrics: ["impressions", "clicks", "ctr", "conversions", "spend"],
  };
}
