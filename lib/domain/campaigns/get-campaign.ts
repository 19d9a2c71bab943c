// E6: one campaign of the actor's advertiser, with its creatives. Another
// advertiser's campaign, or any id that names nothing, is 404.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db, type Db, type Tx } from "@/lib/db/client";
import { loadPerformanceScores } from "@/lib/domain/creatives/performance-score";
import { AppError } from "@/lib/errors";
import type { CampaignDetail } from "./campaigns.schemas";
import { campaignDetailView, type CampaignRow } from "./campaign-view";
import { utcDate } from "./dates";

export function campaignNotFound(id: string): AppError {
  return new AppError("not_found", { detail: `No campaign ${JSON.stringify(id.slice(0, 100))} for this advertiser.` });
}

/** The campaign row when the actor's advertiser owns it; 404 otherwise. */
export async function getCampaignOrThrow(actor: Actor, id: string, client: Db | Tx = db()): Promise<CampaignRow> {
  const row = await client.campaign.findFirst({ where: { id, advertiserId: actor.advertiserId } });
  if (!row) throw campaignNotFound(id);
  return row;
}

/** The detail view of a campaign the caller has already loaded (or just changed), at the clock's instant. */
export async function campaignDetail(row: CampaignRow, client: Db | Tx = db(), clock?: Clock): Promise<CampaignDetail> {
  const [creatives, scores] = await Promise.all([
    client.creative.findMany({ where: { campaignId: row.id }, orderBy: { variantIndex: "asc" } }),
    loadPerformanceScores(row.id, client),
  ]);
  return campaignDetailView(row, creatives, scores, utcDate(nowDate(clock)));
}

export async function getCampaign(actor: Actor, id: string, options: { clock?: Clock } = {}): Promise<CampaignDetail> {
  return campaignDetail(await getCampaignOrThrow(actor, id), db(), options.clock);
}
