import { z } from "zod";
import { buildProducts } from "../adcp/catalog.ts";
import { adcpRequest, adcpResponse, completed } from "../adcp/envelope.ts";
import { MARKET_RULE } from "../api-contract.ts";
import { defineTool } from "../tool.ts";

export const getProducts = defineTool({
  name: "get_products",
  title: "AdCP products",
  description:
    'AdCP: the products on sale, one per moment type and sport (product_id "<moment_type>.<sport>", e.g. "close_game.nba"): ' +
    "a push notification at that moment of a live game. Each has one CPM auction pricing option (pricing_option_id " +
    '"cpm_auction", USD) with floor_price (the minimum bid) and price_guidance p25-p90 of the moment type\'s clearing CPMs ' +
    `over 7 days (absent unless they hold ${MARKET_RULE}: no one advertiser's bid is ever revealed; absent is not ` +
    "free), minimum spend 10 USD. Narrow with sports and moment_types; the brief is not matched. ext.sma.buyable_regions " +
    "lists the regions this advertiser may buy (a gambling advertiser: its licensed regions, ISO 3166; null: any region; " +
    "absent without campaigns:read), for each package's targeting_overlay.",
  input: {
    ...adcpRequest,
    buying_mode: z.enum(["brief", "wholesale", "refine"]).optional(),
    brief: z.string().optional().describe("Accepted; every product is returned (filter with sports and moment_types)."),
    sports: z.array(z.string()).optional().describe("Only these sports: ncaa_basketball, nba, nfl, mlb."),
    moment_types: z.array(z.string()).optional().describe("Only these moment types (see list_moment_types)."),
    filters: z.looseObject({}).optional(),
  },
  output: { ...adcpResponse, products: z.array(z.looseObject({ product_id: z.string() })).optional() },
  operations: ["listMomentTypes", "getClearingPrices"],
  optionalOperations: ["getAdvertiser"],
  run: async ({ context, sports, moment_types }, { api, agentUrl }) => {
    const [catalog, prices, advertiser] = await Promise.all([
      api.read("listMomentTypes"),
      api.read("getClearingPrices"),
      // the advertiser's licence (campaigns:read): without it the products are listed as before, and the answer stays public
      api.read("getAdvertiser").catch(() => null),
    ]);
    const products = buildProducts(catalog, prices, { agentUrl, publisherDomain: new URL(agentUrl).hostname }).filter(
      (product) => {
        const [type, sport] = product.product_id.split(".");
        return (!sports || sports.includes(sport!)) && (!moment_types || moment_types.includes(type!));
      },
    );
    if (!advertiser) return completed({ products, cache_scope: "public" }, context);
    const buyable = advertiser.category === "gambling" ? (advertiser.licensed_regions ?? []) : null;
    return completed(
      {
        products,
        cache_scope: "account",
        ext: { sma: { advertiser_category: advertiser.category, buyable_regions: buyable } },
      },
      context,
    );
  },
});
