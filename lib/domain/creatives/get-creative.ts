// One creative of the actor's advertiser (GraphQL's `creative`), with its
// score and traffic share among its campaign's variants, as getCampaign lists it.
// Another advertiser's creative, or any id that names nothing, is 404.
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import type { Creative } from "@/lib/domain/campaigns/campaign";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { loadCampaignCreatives } from "./campaign-creatives";

export const getCreative = defineOperation({
  name: "getCreative",
  access: "campaigns:read",
  write: false,
  input: z.object({ id: z.string() }),
  run: (actor, { id }) => creativeById(actor, id),
});

export async function creativeById(actor: Actor, id: string): Promise<Creative> {
  const row = await db().creative.findFirst({
    where: { id, campaign: { advertiserId: actor.advertiserId } },
    select: { campaignId: true },
  });
  const creative = row
    ? (await loadCampaignCreatives(actor, [row.campaignId])).get(row.campaignId)?.creatives.find((c) => c.id === id)
    : undefined;
  if (!creative)
    throw new AppError("not_found", { detail: `No creative ${JSON.stringify(id.slice(0, 100))} for this advertiser.` });
  return creative;
}
