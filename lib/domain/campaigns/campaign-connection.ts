// The campaigns of the actor's advertiser as a cursor-paginated connection
// (GraphQL's `campaigns`): filter by status, sort by creation, last change,
// name, spend or impressions (then id), 100 per page at most. E4 pages the
// same rows by number; both answer the same domain campaigns.
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { connectionInput, countedKeysetPage, type Connection, type SortField } from "@/lib/domain/pagination";
import { defineOperation } from "@/lib/operations/operation";
import { campaignStatus } from "./campaigns.schemas";
import { campaignOf, type Campaign, type CampaignRow } from "./campaign";

export const CAMPAIGN_SORT_FIELDS = {
  created_at: { field: "createdAt", kind: "date" },
  updated_at: { field: "updatedAt", kind: "date" },
  name: { field: "name", kind: "string" },
  spend_to_date: { field: "spendMicros", kind: "bigint" },
  impressions_to_date: { field: "impressions", kind: "bigint" },
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

const sortValue = (row: CampaignRow, field: CampaignSortKey) => {
  switch (field) {
    case "created_at":
      return row.createdAt;
    case "updated_at":
      return row.updatedAt;
    case "name":
      return row.name;
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
  run: (actor, input) => campaignConnection(actor, input),
});

export async function campaignConnection(actor: Actor, input: CampaignConnectionInput): Promise<CampaignConnection> {
  const { status, order_by, ...page } = input;
  const order = { key: order_by.field, field: CAMPAIGN_SORT_FIELDS[order_by.field], direction: order_by.direction };
  return countedKeysetPage(page, order, {
    base: { advertiserId: actor.advertiserId, ...(status ? { status } : {}) },
    count: (args) => db().campaign.count(args),
    findMany: (args) => db().campaign.findMany(args),
    valueOf: (row: CampaignRow) => sortValue(row, order_by.field),
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
