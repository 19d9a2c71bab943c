// What getCampaignReport and getCampaignTimeseries start from: the campaign the actor
// owns (404, never 403) and the calendar of the local dates.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ZoneCalendar } from "./zone-calendar";

export type ReportCampaign = { id: string; momentTypes: string[]; sports: string[]; creativeIds: string[] };

/** The campaign, if the actor's advertiser owns it; otherwise 404 (never 403). */
export async function getOwnedCampaign(actor: Actor, campaignId: string): Promise<ReportCampaign> {
  const campaign = await db().campaign.findFirst({
    where: { id: campaignId, advertiserId: actor.advertiserId },
    select: {
      id: true,
      momentTypes: true,
      sports: true,
      creatives: { select: { id: true }, orderBy: { variantIndex: "asc" } },
    },
  });
  if (!campaign) throw new AppError("not_found", { detail: "No such campaign." });
  const list = (json: string) => {
    try {
      const value = JSON.parse(json) as unknown;
      return Array.isArray(value) ? value.map(String) : [];
    } catch {
      return [];
    }
  };
  return {
    id: campaign.id,
    momentTypes: list(campaign.momentTypes),
    sports: list(campaign.sports),
    creativeIds: campaign.creatives.map((creative) => creative.id),
  };
}

/** A report's campaign (owned by the actor: 404 otherwise) and the calendar of its local dates. */
export async function openReport(
  actor: Actor,
  query: { id: string; start_date: string; end_date: string; timezone: string },
): Promise<{ campaign: ReportCampaign; calendar: ZoneCalendar }> {
  const campaign = await getOwnedCampaign(actor, query.id);
  return { campaign, calendar: ZoneCalendar.forDates(query.timezone, query.start_date, query.end_date) };
}
