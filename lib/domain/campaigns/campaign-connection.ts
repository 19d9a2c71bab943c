// The campaigns of the actor's advertiser as a cursor-paginated connection
// (GraphQL's `campaigns`): filter by status and by a search of the name or id,
// sort by creation, last change, name, status, bid, spend, impressions, clicks,
// conversions, CTR or today's spend (then id), 100 per page at most. E4 pages
// the same rows by number; both answer the same domain campaigns.
// Today's spend and the CTR are no columns (the stored day spend belongs to its
// own UTC day; the CTR is a ratio of two counters), so those orders are
// computed over the advertiser's campaigns in memory.
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import {
  connectionInput,
  countedKeysetPage,
  countedMemoryPage,
  type Connection,
  type SortField,
} from "@/lib/domain/pagination";
import { ctrOf } from "@/lib/domain/reporting/metrics";
import { defineOperation } from "@/lib/operations/operation";
import { campaignStatus } from "./campaigns.schemas";
import { campaignOf, type Campaign, type CampaignRow } from "./campaign";
import { budgetDay } from "./pacing";

export const CAMPAIGN_SORT_FIELDS = {
  created_at: { field: "createdAt", kind: "date" },
  updated_at: { field: "updatedAt", kind: "date" },
  name: { field: "name", kind: "string" },
  status: { field: "status", kind: "string" },
  bid_cpm: { field: "bidCpmMicros", kind: "bigint" },
  spend_to_date: { field: "spendMicros", kind: "bigint" },
  impressions_to_date: { field: "impressions", kind: "bigint" },
  clicks_to_date: { field: "clicks", kind: "bigint" },
  conversions_to_date: { field: "conversions", kind: "bigint" },
  // computed per campaign (budgetDay, clicks / impressions): sorted in memory, never handed to the database
  ctr_to_date: { field: "ctrToDate", kind: "number" },
  today_spend: { field: "todaySpendMicros", kind: "bigint" },
} as const satisfies Record<string, SortField>;
/** The orders no column holds: the page is read from the advertiser's campaigns in memory. */
const MEMORY_SORTS: readonly CampaignSortKey[] = ["ctr_to_date", "today_spend"];
export type CampaignSortKey = keyof typeof CAMPAIGN_SORT_FIELDS;

/** Longest search text (a campaign's name is at most 200 characters). */
export const CAMPAIGN_SEARCH_MAX = 200;
export const CAMPAIGN_SORT_KEYS = Object.keys(CAMPAIGN_SORT_FIELDS) as [CampaignSortKey, ...CampaignSortKey[]];

/** The filter, the order and the page (first/after or last/before). */
export const campaignConnectionInput = connectionInput({
  status: campaignStatus.nullish(),
  search: z
    .string()
    .max(CAMPAIGN_SEARCH_MAX, `must be at most ${CAMPAIGN_SEARCH_MAX} characters`)
    .nullish()
    .transform((value) => value?.trim() || null),
  order_by: z
    .strictObject({ field: z.enum(CAMPAIGN_SORT_KEYS), direction: z.enum(["asc", "desc"]) })
    .nullish()
    .transform((value) => value ?? { field: "created_at" as const, direction: "desc" as const }),
});

export type CampaignConnectionInput = z.infer<typeof campaignConnectionInput>;

export type CampaignConnection = Connection<Campaign>;

const sortValue = (row: CampaignRow, field: CampaignSortKey, nowMs: number) => {
  switch (field) {
    case "created_at":
      return row.createdAt;
    case "updated_at":
      return row.updatedAt;
    case "name":
      return row.name;
    case "status":
      return row.status;
    case "bid_cpm":
      return row.bidCpmMicros;
    case "today_spend":
      return budgetDay(campaignOf(row).budgetState, nowMs).spendMicros;
    case "spend_to_date":
      return row.spendMicros;
    case "impressions_to_date":
      return row.impressions;
    case "clicks_to_date":
      return row.clicks;
    case "conversions_to_date":
      return row.conversions;
    case "ctr_to_date":
      return ctrOf({ clicks: row.clicks, impressions: row.impressions });
  }
};

/** Text compared without regard to case or Unicode form ("ＮＢＡ" finds "nba"). */
const folded = (text: string) => text.normalize("NFKC").toLocaleLowerCase("en-US");

/**
 * Whether a campaign matches a search: its name contains the text (any case), or the text
 * is its id (cmp_…, exact), or the start of its id.
 */
export function matchesCampaignSearch(campaign: { id: string; name: string }, search: string): boolean {
  if (campaign.id === search || (search.startsWith("cmp_") && campaign.id.startsWith(search))) return true;
  return folded(campaign.name).includes(folded(search));
}

/** GraphQL's `campaigns`. */
export const listCampaignConnection = defineOperation({
  name: "listCampaignConnection",
  access: "campaigns:read",
  write: false,
  input: campaignConnectionInput,
  run: (actor, input, { clock }) => campaignConnection(actor, input, clock),
});

export async function campaignConnection(
  actor: Actor,
  input: CampaignConnectionInput,
  clock: Clock = systemClock,
): Promise<CampaignConnection> {
  const { status, search, order_by, ...page } = input;
  const order = { key: order_by.field, field: CAMPAIGN_SORT_FIELDS[order_by.field], direction: order_by.direction };
  const filter = { advertiserId: actor.advertiserId, ...(status ? { status } : {}) };
  const nowMs = clock();
  const valueOf = (row: CampaignRow) => sortValue(row, order_by.field, nowMs);
  if (MEMORY_SORTS.includes(order_by.field)) {
    const rows = await db().campaign.findMany({ where: filter });
    const found = search ? rows.filter((row) => matchesCampaignSearch(row, search)) : rows;
    return countedMemoryPage(page, order, found, valueOf, campaignOf);
  }
  // a search matches names in any case and Unicode form, which neither database's LIKE does
  // alike: the advertiser's names are matched here and the page read by id
  const base = search
    ? {
        ...filter,
        id: {
          in: (await db().campaign.findMany({ where: filter, select: { id: true, name: true } }))
            .filter((row) => matchesCampaignSearch(row, search))
            .map((row) => row.id),
        },
      }
    : filter;
  return countedKeysetPage(page, order, {
    base,
    count: (args) => db().campaign.count(args),
    findMany: (args) => db().campaign.findMany(args),
    valueOf,
    view: campaignOf,
  });
}

/** Campaigns of the actor's advertiser by id (one query); ids it does not own are absent. */
export async function getCampaignRecords(actor: Actor, ids: readonly string[]): Promise<Map<string, Campaign>> {
  const rows = await db().campaign.findMany({
    where: { id: { in: [...new Set(ids)] }, advertiserId: actor.advertiserId },
  });
  return new Map(rows.map((row) => [row.id, campaignOf(row)]));
}
