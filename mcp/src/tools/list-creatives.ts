import { z } from "zod";
import { packagesOf } from "../adcp/media-buys.ts";
import { assetsOf, creativeFormatId, creativeStatus } from "../adcp/creatives.ts";
import { adcpRequest, adcpResponse, completed } from "../adcp/envelope.ts";
import { allCampaigns, campaignDetails, decodeCursor, pageOf } from "../adcp/listing.ts";
import { ApiError } from "../rest-client.ts";
import type { Campaign } from "../rest-client.ts";
import { defineTool } from "../tool.ts";
import { paginationRequest } from "./get-media-buys.ts";

export const listCreatives = defineTool({
  name: "list_creatives",
  title: "AdCP: list creatives",
  description:
    "AdCP: the creatives of the advertiser's media buys (every variant of every campaign), newest buy first, with their " +
    "review status (approved, rejected, pending_review, suspended), assets (headline, body, cta, icon, click_url) and, with " +
    "include_assignments, the packages they serve. Filter by media_buy_ids, creative_ids or statuses; pages of max_results.",
  input: {
    ...adcpRequest,
    filters: z
      .looseObject({
        media_buy_ids: z.array(z.string()).optional(),
        creative_ids: z.array(z.string()).optional(),
        statuses: z.array(z.string()).optional(),
      })
      .optional(),
    include_assignments: z.boolean().optional(),
    pagination: paginationRequest,
  },
  output: {
    ...adcpResponse,
    query_summary: z.looseObject({ total_matching: z.number(), returned: z.number() }),
    creatives: z.array(z.looseObject({ creative_id: z.string() })),
  },
  operations: ["listCampaigns", "getCampaign", "listMomentTypes"],
  run: async (args, { api, agentUrl }) => {
    const filters = args.filters ?? {};
    const ids = filters.media_buy_ids ?? (await allCampaigns(api)).map((campaign) => campaign.id);
    const campaigns = (await campaignDetails(api, ids)).filter(
      (detail): detail is Campaign => !(detail instanceof ApiError),
    );
    const catalog = args.include_assignments ? await api.read("listMomentTypes") : [];
    const creatives = campaigns.flatMap((campaign) => {
      const packages = args.include_assignments ? packagesOf(campaign, catalog) : [];
      return campaign.variants.map((variant) => ({
        creative_id: variant.id,
        name: `${campaign.name}: ${variant.variant_label}`,
        format_id: creativeFormatId(agentUrl),
        status: creativeStatus(variant.status),
        created_date: variant.created_at,
        updated_date: variant.created_at,
        assets: assetsOf(variant),
        tags: [variant.variant_label, campaign.id],
        ...(args.include_assignments
          ? {
              assignments: {
                assignment_count: packages.length,
                assigned_packages: packages.map((pkg) => ({
                  package_id: pkg.package_id,
                  assigned_date: variant.created_at,
                })),
              },
            }
          : {}),
      }));
    });
    const matching = creatives.filter(
      (creative) =>
        (!filters.creative_ids || filters.creative_ids.includes(creative.creative_id)) &&
        (!filters.statuses || filters.statuses.includes(creative.status)),
    );
    const { page, pagination } = pageOf(
      matching,
      decodeCursor(args.pagination?.cursor),
      args.pagination?.max_results ?? 50,
    );
    const filtersApplied = Object.keys(filters).filter((key) => filters[key as keyof typeof filters] !== undefined);
    return completed(
      {
        query_summary: { total_matching: matching.length, returned: page.length, filters_applied: filtersApplied },
        pagination,
        creatives: page,
      },
      args.context,
    );
  },
});
