import { z } from "zod";
import { campaignOfPackage, checkPacing } from "../adcp/catalog.ts";
import { endDateFrom, startDateFrom } from "../adcp/dates.ts";
import { regionsFromOverlay, targetingOverlay } from "../adcp/targeting.ts";
import { adcpRequest, adcpResponse, completed, inputRequired } from "../adcp/envelope.ts";
import { mediaBuyOf, packagesOf, revisionOf } from "../adcp/media-buys.ts";
import type { Campaign, UpdateCampaignBody } from "../rest-client.ts";
import { confirm, defineTool, ESTIMATES_NOTE, ToolInputError } from "../tool.ts";
import { adcpIdempotencyKey, applyUpdate, previewUpdate } from "./shapes.ts";

const packageUpdate = z.looseObject({
  package_id: z.string(),
  budget: z.number().optional().describe("New total budget in USD (at least 10 and the spend to date)."),
  bid_price: z.number().optional().describe("New CPM bid in USD (at least the floor)."),
  pacing: z.enum(["even", "asap", "front_loaded"]).optional(),
  paused: z.boolean().optional(),
  canceled: z.literal(true).optional(),
  targeting_overlay: targetingOverlay
    .optional()
    .describe(
      "Replaces where the buy serves (geo_countries and geo_regions: only there; the _exclude lists: never there; an " +
        "absent list: none). Shared by every package of the buy.",
    ),
  creatives: z
    .array(z.looseObject({}))
    .optional()
    .describe("Not offered: creatives are never replaced here. Add creatives with sync_creatives."),
});

export function updateFieldMap(path: string): string {
  const names: Record<string, string> = {
    bid_cpm_usd: "packages[0].bid_price",
    total_budget_usd: "packages[0].budget",
    daily_budget_usd: "packages[0].budget",
    pacing: "packages[0].pacing",
    status: "paused",
    start_date: "start_time",
    end_date: "end_time",
    target_regions: "packages[0].targeting_overlay",
    excluded_regions: "packages[0].targeting_overlay",
  };
  return names[path.replace(/\[\d+\]$/, "")] ?? path;
}

function sameList(a: readonly string[] | null, b: readonly string[] | null | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b ?? null);
}

/** The REST change an AdCP update asks for (cancellation is separate: it is a DELETE). */
function changeFor(
  campaign: Campaign,
  args: { paused?: boolean; start_time?: string; end_time?: string; packages?: z.infer<typeof packageUpdate>[] },
  packageCount: number,
  now: Date,
): UpdateCampaignBody {
  const body: UpdateCampaignBody = {};
  if (args.paused !== undefined) body.status = args.paused ? "paused" : "active";
  if (args.start_time !== undefined) body.start_date = startDateFrom(args.start_time, now);
  if (args.end_time !== undefined) body.end_date = endDateFrom(args.end_time);
  for (const [index, pkg] of (args.packages ?? []).entries()) {
    const at = `packages[${index}]`;
    const changesPackage =
      pkg.budget !== undefined ||
      pkg.bid_price !== undefined ||
      pkg.pacing !== undefined ||
      pkg.paused !== undefined ||
      pkg.targeting_overlay !== undefined;
    if (changesPackage && packageCount !== 1) {
      throw new ToolInputError(
        "This media buy's packages share one bid, budget and status (it targets several products): change the media buy as a whole.",
        {
          field: at,
          adcpCode: "UNSUPPORTED_FEATURE",
          suggestion: "Use paused and end_time at the media buy level, or the update_campaign tool.",
        },
      );
    }
    checkPacing(pkg.pacing, `${at}.pacing`);
    if (pkg.creatives !== undefined)
      throw new ToolInputError(
        "Creatives cannot be replaced: they are reviewed when added and kept with the buy's reports.",
        {
          field: `${at}.creatives`,
          adcpCode: "UNSUPPORTED_FEATURE",
          suggestion:
            "Add creatives to the buy with sync_creatives (assignments to this package); pause it to stop delivery.",
        },
      );
    if (pkg.bid_price !== undefined) body.bid_cpm_usd = pkg.bid_price;
    if ((pkg.pacing === "even" || pkg.pacing === "asap") && pkg.pacing !== (campaign.pacing ?? "even"))
      body.pacing = pkg.pacing;
    if (pkg.paused !== undefined) body.status = pkg.paused ? "paused" : "active";
    if (pkg.budget !== undefined) body.total_budget_usd = pkg.budget;
    if (pkg.targeting_overlay !== undefined) {
      const regions = regionsFromOverlay(pkg.targeting_overlay, `${at}.targeting_overlay`);
      if (!sameList(regions.target_regions, campaign.target_regions)) body.target_regions = regions.target_regions;
      if (!sameList(regions.excluded_regions, campaign.excluded_regions))
        body.excluded_regions = regions.excluded_regions;
    }
  }
  // a one-package buy's daily budget is its total spread over its flight (as at creation): when the total, the
  // end or the pacing changes, the service spreads it again (daily_budget_usd: null) if the flight has an end
  const end = body.end_date === undefined ? campaign.end_date : body.end_date;
  const reshaped = body.total_budget_usd !== undefined || body.end_date !== undefined || body.pacing !== undefined;
  if (packageCount === 1 && reshaped && end) body.daily_budget_usd = null;
  return body;
}

export const updateMediaBuy = defineTool({
  name: "update_media_buy",
  title: "AdCP: update a media buy",
  description:
    "AdCP: changes a media buy (one of our campaigns): paused true/false (pause or resume), canceled: true (final), " +
    "end_time, and for a one-package buy the package's budget (total, USD) or bid_price (CPM, USD). Pausing, " +
    "cancelling and lowering apply at once; a change that can raise spend (resume, higher bid or budget, later end) is " +
    "only previewed (status input-required) until you call again with confirm: true and the same idempotency_key. " +
    "A new budget, end_time or pacing of a one-package buy spreads its daily budget again. A package's " +
    "targeting_overlay replaces where the buy serves (geo_countries, geo_regions and their _exclude lists); a wider " +
    "reach can raise spend, so it is previewed first. Creatives are added with " +
    "sync_creatives, never replaced here. " +
    "Pass revision (from get_media_buys) to refuse the update (CONFLICT) if the buy changed since you read it: the " +
    "service checks it and writes in one step, so no change in between is overwritten. The preview's " +
    "estimates (before: current_*, after) come with estimate_status and current_estimate_status. " +
    ESTIMATES_NOTE,
  input: {
    ...adcpRequest,
    idempotency_key: adcpIdempotencyKey("change"),
    media_buy_id: z.string(),
    revision: z.number().int().optional(),
    paused: z.boolean().optional(),
    canceled: z.literal(true).optional(),
    cancellation_reason: z.string().optional(),
    start_time: z.string().optional().describe("Cannot change once created (accepted only unchanged)."),
    end_time: z.string().optional(),
    packages: z.array(packageUpdate).optional(),
    confirm,
  },
  output: {
    ...adcpResponse,
    media_buy_id: z.string().optional(),
    revision: z.number().optional(),
    preview: z.looseObject({}).optional(),
  },
  operations: ["getCampaign", "listMomentTypes", "updateCampaign", "cancelCampaign"],
  destructive: true,
  fieldMap: updateFieldMap,
  notFoundCode: "MEDIA_BUY_NOT_FOUND",
  run: async (args, { api, now }) => {
    const [campaign, catalog] = await Promise.all([
      api.read("getCampaign", { path: { id: args.media_buy_id } }),
      api.read("listMomentTypes"),
    ]);
    if (args.revision !== undefined && args.revision !== revisionOf(campaign)) {
      throw new ToolInputError(
        `The media buy changed since revision ${args.revision} (now ${revisionOf(campaign)}): read it again with get_media_buys.`,
        { field: "revision", adcpCode: "CONFLICT", code: "conflict" },
      );
    }
    const packages = packagesOf(campaign, catalog);
    for (const [index, pkg] of (args.packages ?? []).entries()) {
      if (
        campaignOfPackage(pkg.package_id) !== campaign.id ||
        !packages.some((known) => known.package_id === pkg.package_id)
      )
        throw new ToolInputError(`No package ${JSON.stringify(pkg.package_id)} in media buy ${campaign.id}.`, {
          field: `packages[${index}].package_id`,
          adcpCode: "PACKAGE_NOT_FOUND",
        });
    }
    const answer = (updated: Campaign, replayed: boolean) => {
      const { status, ...buy } = mediaBuyOf(updated, catalog);
      return completed(
        {
          media_buy_id: buy.media_buy_id,
          media_buy_status: status,
          revision: buy.revision,
          currency: buy.currency,
          total_budget: buy.total_budget,
          implementation_date: now().toISOString(),
          affected_packages: buy.packages,
          valid_actions: buy.valid_actions,
        },
        args.context,
        replayed,
      );
    };

    if (args.canceled || args.packages?.some((pkg) => pkg.canceled)) {
      if (args.packages?.some((pkg) => pkg.canceled) && packages.length !== 1)
        throw new ToolInputError(
          "Cancel the whole media buy (canceled: true): its packages cannot be cancelled one by one.",
          {
            field: "packages",
            adcpCode: "UNSUPPORTED_FEATURE",
          },
        );
      const { result, replayed } = await api.write(
        "cancelCampaign",
        { path: { id: campaign.id } },
        { idempotencyKey: args.idempotency_key },
      );
      return answer(result, replayed);
    }

    const body = changeFor(campaign, args, packages.length, now());
    if (Object.keys(body).length === 0) return answer(campaign, false);
    // the revision read (its updated_at) goes to the API as If-Match: checked and written atomically there
    const ifUpdatedAt = args.revision !== undefined ? campaign.updated_at : undefined;
    if (!args.confirm) {
      const preview = await previewUpdate(api, campaign.id, body, { ifUpdatedAt });
      if (preview.raises_spend)
        return inputRequired(
          {
            media_buy_id: campaign.id,
            changes: preview.changes,
            estimated_daily_impressions: preview.estimated_daily_impressions,
            estimated_daily_spend: preview.estimated_daily_spend_usd,
            estimate_status: preview.estimate_status,
            current_estimated_daily_impressions: preview.current_estimated_daily_impressions,
            current_estimated_daily_spend: preview.current_estimated_daily_spend_usd,
            current_estimate_status: preview.current_estimate_status,
            currency: "USD",
          },
          args.context,
        );
    }
    const { result, replayed } = await applyUpdate(api, campaign.id, body, {
      idempotencyKey: args.idempotency_key,
      ifUpdatedAt,
    });
    return answer(result, replayed);
  },
});
