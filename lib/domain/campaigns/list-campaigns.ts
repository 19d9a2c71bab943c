// E4: the advertiser's campaigns, newest first, optionally by status, paged.
// Paging past the last page returns an empty list.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { parseInput } from "@/lib/errors";
import { listCampaignsQuery, type CampaignList } from "./campaigns.schemas";
import { campaignListItemView } from "./campaign-view";

export async function listCampaigns(actor: Actor, query: unknown): Promise<CampaignList> {
  const { status, page, per_page } = parseInput(listCampaignsQuery, query);
  const where = { advertiserId: actor.advertiserId, ...(status ? { status } : {}) };
  const total = await db().campaign.count({ where });
  const skip = (page - 1) * per_page;
  const rows =
    skip >= total
      ? []
      : await db().campaign.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take: per_page });
  return { campaigns: rows.map(campaignListItemView), pagination: { page, per_page, total } };
}
