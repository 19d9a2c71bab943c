import { z } from "zod";
import { checkPacing, CURRENCY, parseProductId, PRICING_OPTION_ID, productId } from "../adcp/catalog.ts";
import { creativeAsset, creativeBodyFrom, creativeFieldMap } from "../adcp/creatives.ts";
import { checkFlight, endDateFrom, endTimeOf, startDateFrom, startTimeOf } from "../adcp/dates.ts";
import { adcpRequest, adcpResponse, completed, inputRequired } from "../adcp/envelope.ts";
import { overlayOf, regionsFromOverlay, targetingOverlay } from "../adcp/targeting.ts";
import { mediaBuyOf, mediaBuyStatus } from "../adcp/media-buys.ts";
import {
  ApiError,
  type CampaignCreated,
  type CreateCampaignBody,
  type RestClient,
  type Written,
} from "../rest-client.ts";
import { confirm, defineTool, ESTIMATES_NOTE, ToolInputError } from "../tool.ts";
import { adcpIdempotencyKey, previewCreate } from "./shapes.ts";

const packageRequest = z.looseObject({
  product_id: z.string().describe('A product from get_products, e.g. "close_game.nba".'),
  budget: z.number().describe("Total budget of the media buy in USD (at least 10)."),
  pricing_option_id: z.string().describe(`"${PRICING_OPTION_ID}"`),
  bid_price: z
    .number()
    .optional()
    .describe("Required: CPM bid in USD, at least the product's floor_price, at most 1000."),
  pacing: z
    .enum(["even", "asap", "front_loaded"])
    .optional()
    .describe(
      "even (the default): the budget spread evenly over the flight's days and each day's spend along a straight line; " +
        "asap: spent as auctions are won (the whole budget may go on the first day). front_loaded is not offered.",
    ),
  paused: z.boolean().optional(),
  targeting_overlay: targetingOverlay.optional(),
  creatives: z.array(creativeAsset).optional().describe("Required: exactly one push_notification creative."),
});

/**
 * The product a package names: one of the catalog's ("close_game.nba"), or a sandbox product the service seeded for
 * this advertiser (docs/decisions/1315), with the bid its pricing option makes when the package names none. The
 * service decides what a sandbox product is and who has one: its refusal is PRODUCT_NOT_FOUND here.
 */
async function productOf(
  api: RestClient,
  pkg: { product_id: string; pricing_option_id: string; bid_price?: number | undefined },
): Promise<{ momentType: string; sport: string; bid?: number | undefined }> {
  if (/^[a-z_]+\.[a-z_]+$/.test(pkg.product_id)) {
    const { momentType, sport } = parseProductId(pkg.product_id, "packages[0].product_id");
    if (pkg.pricing_option_id !== PRICING_OPTION_ID)
      throw new ToolInputError(
        `Unknown pricing option ${JSON.stringify(pkg.pricing_option_id)}: use "${PRICING_OPTION_ID}".`,
        { field: "packages[0].pricing_option_id" },
      );
    return { momentType, sport, bid: pkg.bid_price };
  }
  let sandbox;
  try {
    sandbox = await api.read("getSandboxProduct", { path: { id: pkg.product_id } });
  } catch (error) {
    if (error instanceof ApiError && [403, 404].includes(error.status))
      parseProductId(pkg.product_id, "packages[0].product_id");
    throw error;
  }
  const option = sandbox.pricing_options.find((candidate) => candidate.pricing_option_id === pkg.pricing_option_id);
  if (!option)
    throw new ToolInputError(
      `Unknown pricing option ${JSON.stringify(pkg.pricing_option_id)} of ${JSON.stringify(pkg.product_id)}: use ` +
        sandbox.pricing_options.map((candidate) => JSON.stringify(candidate.pricing_option_id)).join(" or "),
      { field: "packages[0].pricing_option_id" },
    );
  return { momentType: sandbox.moment_type, sport: sandbox.sport, bid: pkg.bid_price ?? option.bid_cpm_usd };
}

/** API field paths -> this task's argument paths (for errors). */
export function createFieldMap(path: string): string {
  const creative = creativeFieldMap("creative", "packages[0].creatives[0]")(path);
  if (creative) return creative;
  if (path.startsWith("creative")) return "packages[0].creatives[0]";
  const names: Record<string, string> = {
    bid_cpm_usd: "packages[0].bid_price",
    total_budget_usd: "packages[0].budget",
    daily_budget_usd: "packages[0].budget",
    start_date: "start_time",
    end_date: "end_time",
    moment_types: "packages[0].product_id",
    sports: "packages[0].product_id",
    pacing: "packages[0].pacing",
    target_regions: "packages[0].targeting_overlay",
    excluded_regions: "packages[0].targeting_overlay",
  };
  return names[path.replace(/\[\d+\]$/, "")] ?? path;
}

export const createMediaBuy = defineTool({
  name: "create_media_buy",
  title: "AdCP: create a media buy",
  description:
    "AdCP: buys one product (a moment type in a sport, from get_products) as a campaign that bids bid_price (CPM, USD) in " +
    "a second-price auction from start_time to end_time with the package budget (USD), and the one push_notification " +
    "creative given inline. One package per media buy: buy several products with several media buys. Spends money, so " +
    "call it first without confirm: nothing is created and the answer (status input-required) previews the buy, the " +
    "creative's review and the estimated daily impressions and spend (without the creative it answers input-required " +
    "naming it). Then call again with confirm: true and the same idempotency_key (required on every call); a retry " +
    "with that key never creates a second buy. paused: true creates it " +
    "paused in the same call (it never runs until resumed with update_media_buy). The service spreads the budget over " +
    "the flight's days as the daily budget (the whole budget with asap pacing), which must come to at least 5 USD a day. " +
    "A package's targeting_overlay (geo_countries, geo_regions and their _exclude lists, ISO 3166) limits where it serves. " +
    ESTIMATES_NOTE,
  input: {
    ...adcpRequest,
    idempotency_key: adcpIdempotencyKey("buy").describe(
      "Required (AdCP 3.1): 16-255 characters [A-Za-z0-9_.:-], fresh per intended buy; send the preview's key again " +
        "with confirm: true, and a retry with it answers the same buy.",
    ),
    start_time: z.string().describe('"asap" (today, UTC) or an ISO 8601 date-time: its UTC date is the first day.'),
    end_time: z.string().describe("ISO 8601 date-time, exclusive: the last day is the UTC date just before it."),
    packages: z.array(packageRequest).min(1).describe("Exactly one package."),
    paused: z
      .boolean()
      .optional()
      .describe("Create it paused: nothing is delivered until it is resumed (update_media_buy paused: false)."),
    name: z.string().optional().describe("Campaign name (default: product and dates)."),
    po_number: z.string().optional(),
    confirm,
  },
  output: {
    ...adcpResponse,
    media_buy_id: z.string().optional(),
    packages: z.array(z.looseObject({})).optional(),
    preview: z
      .looseObject({})
      .optional()
      .describe(
        "The buy it would make, the creative's review, estimated_daily_impressions, estimated_daily_spend (USD) and " +
          "estimate_status (insufficient_volume: no estimate yet, both 0).",
      ),
  },
  operations: ["createCampaign", "getCampaign", "listMomentTypes"],
  // sandbox advertisers' seeded products (docs/decisions/1315)
  optionalOperations: ["getSandboxProduct"],
  fieldMap: createFieldMap,
  run: async (args, { api, now }) => {
    if (args.packages.length !== 1) {
      throw new ToolInputError("A media buy here holds one package (one product).", {
        field: "packages",
        adcpCode: "UNSUPPORTED_FEATURE",
        suggestion: "Create one media buy per product: each gets its own bid, budget and delivery report.",
      });
    }
    const pkg = args.packages[0]!;
    // the request's own shape first (AdCP's order): flight and budget are refused whatever the product
    const startDate = startDateFrom(args.start_time, now());
    const endDate = endDateFrom(args.end_time);
    checkFlight(startDate, endDate, now());
    if (!(pkg.budget > 0))
      throw new ToolInputError("must be a positive amount in USD (at least 10)", { field: "packages[0].budget" });
    const { momentType, sport, bid } = await productOf(api, pkg);
    if (bid === undefined)
      throw new ToolInputError("bid_price is required: the CPM bid in USD, at least the product's floor_price.", {
        field: "packages[0].bid_price",
      });
    checkPacing(pkg.pacing, "packages[0].pacing");
    if ((pkg.creatives?.length ?? 0) > 1)
      throw new ToolInputError(
        "Give exactly one push_notification creative inline; add more later with sync_creatives.",
        {
          field: "packages[0].creatives",
          suggestion: "See list_creative_formats for the assets.",
        },
      );
    const creative = pkg.creatives?.[0];
    if (!creative && !args.confirm) {
      // what only the buyer can supply is missing: nothing is created, and the answer says what to send
      return inputRequired(undefined, args.context, {
        message:
          "Nothing was created. A media buy here needs its push_notification creative inline: call again with exactly " +
          "one in packages[0].creatives (list_creative_formats describes its assets).",
        errors: [
          {
            code: "VALIDATION_ERROR",
            message: "is required: exactly one push_notification creative",
            field: "packages[0].creatives",
            recovery: "correctable",
          },
        ],
      });
    }
    if (!creative)
      throw new ToolInputError(
        "is required: exactly one push_notification creative (add more later with sync_creatives)",
        {
          field: "packages[0].creatives",
          suggestion: "See list_creative_formats for the assets.",
        },
      );
    const pacing = pkg.pacing === "asap" ? "asap" : "even";
    const paused = args.paused === true || pkg.paused === true;
    const regions = pkg.targeting_overlay
      ? regionsFromOverlay(pkg.targeting_overlay, "packages[0].targeting_overlay")
      : { target_regions: null, excluded_regions: null };
    const body: CreateCampaignBody = {
      name:
        args.name ??
        `${productId(momentType, sport)} ${startDate} to ${endDate}${args.po_number ? ` (PO ${args.po_number})` : ""}`,
      moment_types: [momentType as CreateCampaignBody["moment_types"][number]],
      sports: [sport as CreateCampaignBody["sports"][number]],
      bid_cpm_usd: bid,
      // the service spreads the package budget over the flight's days (asap: the whole budget a day)
      daily_budget_usd: null,
      total_budget_usd: pkg.budget,
      start_date: startDate,
      end_date: endDate,
      ...(pacing !== "even" ? { pacing } : {}),
      ...(regions.target_regions ? { target_regions: regions.target_regions } : {}),
      ...(regions.excluded_regions ? { excluded_regions: regions.excluded_regions } : {}),
      // created paused in the same request: the campaign is never active in between
      ...(paused ? { status: "paused" as const } : {}),
      creative: creativeBodyFrom(creative, "packages[0].creatives[0]"),
    };

    if (!args.confirm) {
      const preview = await previewCreate(api, body);
      return inputRequired(
        {
          media_buy: {
            status: mediaBuyStatus(preview.campaign),
            currency: CURRENCY,
            total_budget: pkg.budget,
            start_time: startTimeOf(startDate),
            end_time: endTimeOf(endDate),
            packages: [
              {
                product_id: pkg.product_id,
                pricing_option_id: pkg.pricing_option_id,
                bid_price: bid,
                budget: pkg.budget,
                pacing,
                paused,
                ...(overlayOf(regions) ? { targeting_overlay: overlayOf(regions) } : {}),
              },
            ],
          },
          daily_budget: preview.campaign.daily_budget_usd,
          creative_review: preview.creative,
          estimated_daily_impressions: preview.estimated_daily_impressions,
          estimated_daily_spend: preview.estimated_daily_spend_usd,
          estimate_status: preview.estimate_status,
        },
        args.context,
      );
    }

    const { result: created, replayed } = (await api.write(
      "createCampaign",
      { body },
      { idempotencyKey: args.idempotency_key },
    )) as Written<CampaignCreated>;
    const [campaign, catalog] = await Promise.all([
      api.read("getCampaign", { path: { id: created.id } }),
      api.read("listMomentTypes"),
    ]);
    const { status, ...buy } = mediaBuyOf(campaign, catalog);
    return completed({ ...buy, media_buy_status: status }, args.context, replayed);
  },
});
