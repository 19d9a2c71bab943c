// The campaigns of the actor's advertiser as a cursor-paginated connection
// (GraphQL's `campaigns`): filter by status, sort by creation, last change,
// name, status, bid, spend, impressions or today's spend (then id), 100 per page
// at most. listCampaigns pages the same rows by number; both answer the same domain campaigns.
// Today's spend is no column (the stored day spend belongs to its own UTC day),
// so that order is computed over the advertiser's campaigns in memory.
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
  // computed per campaign (budgetDay): sorted in memory, never handed to the database
  today_spend: { field: "todaySpendMicros", kind: "bigint" },
} as const satisfies Record<string, SortField>;
export type CampaignSortKey = keyof typeof CAMPAIGN_SORT_FIELDS;
export const CAMPAIGN_SORT_KEYS = Object.keys(CAMPAIGN_SORT_FIELDS) as [CampaignSortKey, ...CampaignSortKey[]];

/** The filter, the order and the page (first/after or last/before). */
export const campaignConnectionInput = connectionInput({
  status: campaignStatus.nullish(),
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
  }
};

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
  const { status, order_by, ...page } = input;
  const order = { key: order_by.field, field: CAMPAIGN_SORT_FIELDS[order_by.field], direction: order_by.direction };
  const base = { advertiserId: actor.advertiserId, ...(status ? { status } : {}) };
  const nowMs = clock();
  const valueOf = (row: CampaignRow) => sortValue(row, order_by.field, nowMs);
  if (order_by.field === "today_spend") {
    return countedMemoryPage(page, order, await db().campaign.findMany({ where: base }), valueOf, campaignOf);
  }
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
