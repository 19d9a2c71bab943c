// Reading many campaigns through the REST API for the AdCP list tasks: every
// page of listCampaigns (filtered by status), details (getCampaign) with bounded concurrency, and
// opaque offset cursors.
import {
  ApiError,
  type Campaign,
  type CampaignListItem,
  type CampaignStatus,
  type RestClient,
} from "../rest-client.ts";
import { ToolInputError } from "../tool.ts";
import { campaignStatusesFor, type MediaBuyStatus, mediaBuyStatus } from "./media-buys.ts";

const PAGE = 100;
const CONCURRENCY = 8;

/** Every campaign of the advertiser with one of `statuses` (all when empty), newest first. */
export async function allCampaigns(
  api: RestClient,
  statuses: readonly CampaignStatus[] = [],
): Promise<CampaignListItem[]> {
  const out: CampaignListItem[] = [];
  for (const status of statuses.length ? statuses : [undefined]) {
    for (let page = 1; ; page++) {
      const list = await api.read("listCampaigns", { query: { ...(status ? { status } : {}), page, per_page: PAGE } });
      out.push(...list.campaigns);
      if (page * PAGE >= list.pagination.total || list.campaigns.length === 0) break;
    }
  }
  return out.sort((a, b) =>
    a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at),
  );
}

/** Campaign details in the order of `ids`; an id that names nothing of this advertiser comes back as its error. */
export async function campaignDetails(api: RestClient, ids: readonly string[]): Promise<(Campaign | ApiError)[]> {
  const results: (Campaign | ApiError)[] = new Array(ids.length);
  let next = 0;
  async function worker() {
    while (next < ids.length) {
      const index = next++;
      try {
        results[index] = await api.read("getCampaign", { path: { id: ids[index]! } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) results[index] = error;
        else throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  return results;
}

/**
 * The media buys a read task asks for: those named by `media_buy_ids` (each
 * id that names nothing comes back in `missing` with its index), or else every
 * campaign; kept when its AdCP status is in `status_filter`, or without ids in
 * `byDefault`.
 */
export async function selectMediaBuys(
  api: RestClient,
  args: { media_buy_ids?: string[]; status_filter?: MediaBuyStatus | MediaBuyStatus[] },
  byDefault: readonly MediaBuyStatus[],
): Promise<{ campaigns: Campaign[]; missing: { index: number; error: ApiError }[] }> {
  const statuses = args.status_filter === undefined ? undefined : [args.status_filter].flat();
  const wanted = statuses ?? (args.media_buy_ids ? undefined : byDefault);
  const ids =
    args.media_buy_ids ??
    (await allCampaigns(api, wanted ? campaignStatusesFor(wanted) : [])).map((campaign) => campaign.id);
  const details = await campaignDetails(api, ids);
  return {
    campaigns: details
      .filter((detail): detail is Campaign => !(detail instanceof ApiError))
      .filter((campaign) => !wanted || wanted.includes(mediaBuyStatus(campaign))),
    missing: details.flatMap((detail, index) => (detail instanceof ApiError ? [{ index, error: detail }] : [])),
  };
}

export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ offset }), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string | undefined, field = "pagination.cursor"): number {
  if (cursor === undefined) return 0;
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { offset?: unknown };
    if (typeof offset === "number" && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // fall through
  }
  throw new ToolInputError("Unknown cursor: pass the cursor of the previous answer unchanged.", { field });
}

/** One page of `items` and the AdCP pagination object. */
export function pageOf<T>(items: readonly T[], offset: number, max: number) {
  const page = items.slice(offset, offset + max);
  const more = offset + page.length < items.length;
  return {
    page,
    pagination: {
      has_more: more,
      ...(more ? { cursor: encodeCursor(offset + page.length) } : {}),
      total_count: items.length,
    },
  };
}
