import { z } from "zod";
import { adcpRequest, adcpResponse, completed, errorEntry } from "../adcp/envelope.ts";
import { decodeCursor, pageOf, selectMediaBuys } from "../adcp/listing.ts";
import { MEDIA_BUY_STATUSES, mediaBuyOf } from "../adcp/media-buys.ts";
import { defineTool } from "../tool.ts";

export const mediaBuyStatusFilter = z
  .union([z.enum(MEDIA_BUY_STATUSES), z.array(z.enum(MEDIA_BUY_STATUSES))])
  .optional()
  .describe("One status or several: pending_creatives, pending_start, active, paused, completed, canceled.");

export const paginationRequest = z
  .looseObject({
    max_results: z.number().int().min(1).max(100).optional().describe("1-100, default 50."),
    cursor: z.string().optional().describe("The cursor of the previous answer."),
  })
  .optional();

export const getMediaBuys = defineTool({
  name: "get_media_buys",
  title: "AdCP: list media buys",
  description:
    "AdCP: media buys (our campaigns) with status, total budget (USD), flight, revision and packages (product, CPM bid, " +
    'pacing, creative approvals). By media_buy_ids, or filtered by status_filter (default ["active"] without ids); ' +
    "include_snapshot adds lifetime impressions and spend per package (one-package buys). Pages of max_results.",
  input: {
    ...adcpRequest,
    media_buy_ids: z.array(z.string()).optional(),
    status_filter: mediaBuyStatusFilter,
    include_snapshot: z.boolean().optional(),
    pagination: paginationRequest,
  },
  output: { ...adcpResponse, media_buys: z.array(z.looseObject({ media_buy_id: z.string() })) },
  operations: ["listCampaigns", "getCampaign", "listMomentTypes"],
  run: async (args, { api, now }) => {
    const { campaigns: matching, missing } = await selectMediaBuys(api, args, ["active"]);
    const errors = missing.map(({ index, error }) => ({
      ...errorEntry(error, `media_buy_ids[${index}]`),
      code: "MEDIA_BUY_NOT_FOUND",
    }));
    const offset = decodeCursor(args.pagination?.cursor);
    const { page, pagination } = pageOf(matching, offset, args.pagination?.max_results ?? 50);
    const catalog = await api.read("listMomentTypes");
    const snapshotAsOf = args.include_snapshot ? now().toISOString() : undefined;
    return completed(
      {
        media_buys: page.map((campaign) => mediaBuyOf(campaign, catalog, { snapshotAsOf })),
        pagination,
        ...(errors.length ? { errors } : {}),
      },
      args.context,
    );
  },
});
