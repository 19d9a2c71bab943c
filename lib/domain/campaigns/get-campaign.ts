// getCampaign: one campaign of the actor's advertiser, with its creatives. Another
// advertiser's campaign, or any id that names nothing, is 404.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db, type Db, type Tx } from "@/lib/db/client";
import { loadPerformanceScores } from "@/lib/domain/creatives/performance-score";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { campaignIdInput, campaignResource } from "./campaigns.schemas";
import { campaignOf, creativesOf, type CampaignRow, type CampaignWithCreatives } from "./campaign";
import { accountLimited } from "@/lib/domain/billing/accounts";
import { availableActions, deliveryStatus } from "./campaign-state";
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

/**
 * A campaign the caller has already loaded (or just changed), with its creatives and their scores,
 * whether it delivers at the clock's instant and what it accepts now.
 */
export async function loadCampaignDetail(
  row: CampaignRow,
  options: { client?: Db | Tx; clock?: Clock } = {},
): Promise<CampaignWithCreatives> {
  const client = options.client ?? db();
  const [creatives, scores, limited] = await Promise.all([
    client.creative.findMany({ where: { campaignId: row.id }, orderBy: { variantIndex: "asc" } }),
    loadPerformanceScores(row.id, client),
    accountLimited(row.advertiserId, client),
  ]);
  const campaign = campaignOf(row);
  return {
    ...campaign,
    creatives: creativesOf(creatives, scores),
    deliveryStatus: deliveryStatus(
      {
        status: campaign.status,
        startDate: campaign.startDate,
        approvedCreatives: creatives.filter((creative) => creative.status === "approved").length,
      },
      utcDate(nowDate(options.clock)),
      limited,
    ),
    availableActions: availableActions(campaign.status, creatives.length),
  };
}

/** getCampaign (and GraphQL's `campaign`). */
export const getCampaign = defineOperation({
  name: "getCampaign",
  access: "campaigns:read",
  write: false,
  input: campaignIdInput,
  output: campaignResource,
  run: (actor, { id }, { clock }) => campaignById(actor, id, { clock }),
});

export async function campaignById(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<CampaignWithCreatives> {
  return loadCampaignDetail(await getCampaignOrThrow(actor, id), options);
}
