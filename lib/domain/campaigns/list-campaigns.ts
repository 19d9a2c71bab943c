// listCampaigns: the advertiser's campaigns, newest first, optionally by status, paged.
// Paging past the last page returns an empty list.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { defineOperation } from "@/lib/operations/operation";
import { listCampaignsQuery, type ListCampaignsQuery, campaignList as campaignListOutput } from "./campaigns.schemas";
import { campaignOf, type Campaign } from "./campaign";

export type CampaignList = {
  campaigns: Campaign[];
  pagination: { page: number; perPage: number; total: number };
};

/** listCampaigns: page and per_page are read as numbers when written as digits (the route's query read). */
export const listCampaigns = defineOperation({
  name: "listCampaigns",
  access: "campaigns:read",
  write: false,
  input: listCampaignsQuery,
  output: campaignListOutput,
  run: (actor, query) => campaignList(actor, query),
});

export async function campaignList(actor: Actor, query: ListCampaignsQuery): Promise<CampaignList> {
  const { status, page, per_page } = query;
  const where = { advertiserId: actor.advertiserId, ...(status ? { status } : {}) };
  const total = await db().campaign.count({ where });
  const skip = (page - 1) * per_page;
  const rows =
    skip >= total
      ? []
      : await db().campaign.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take: per_page });
  return { campaigns: rows.map(campaignOf), pagination: { page, perPage: per_page, total } };
}
