// Campaigns (E4, E6) with their creatives (E6's variants) and performance
// (E11); reports (E9) and time series (E10) as fields of a campaign.
import { isMomentType, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { isSport, type Sport } from "@/lib/domain/sports";
import { budgetDay } from "@/lib/delivery/rules/pacing";
import { microsToUsd } from "@/lib/money";
import { listCampaignConnection } from "@/lib/domain/campaigns/campaign-connection";
import { getCampaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { getCampaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize, toRestQuery } from "../camel-case";
import { connection } from "../connection";
import type { GraphqlContext } from "../context";
import { notFound, restIdOf, toGlobalId } from "../global-id";
import { rateLimit, scoped } from "../guard";
import type { CampaignParent, CreativeParent } from "../mappers";

async function campaignCreatives(context: GraphqlContext, campaignId: string) {
  const found = await scoped(context, "campaigns:read").loaders.campaignCreatives.load(campaignId);
  // every campaign has its primary creative from the moment it is created
  if (!found?.creatives.length) throw new Error(`campaign ${campaignId} has no creatives`);
  return found;
}

export async function creativesOf(context: GraphqlContext, campaignId: string): Promise<CreativeParent[]> {
  return (await campaignCreatives(context, campaignId)).creatives.map((view) => ({ ...camelize(view), campaignId }));
}

export async function loadCampaign(context: GraphqlContext, restId: string): Promise<CampaignParent> {
  const campaign = await scoped(context, "campaigns:read").loaders.campaign.load(restId);
  if (!campaign) throw notFound(restId, "campaign");
  return campaign;
}

export async function loadCreative(context: GraphqlContext, restId: string): Promise<CreativeParent> {
  const { loaders } = scoped(context, "campaigns:read");
  const campaignId = await loaders.creativeCampaign.load(restId);
  const creative = campaignId ? (await creativesOf(context, campaignId)).find((item) => item.id === restId) : undefined;
  if (!creative) throw notFound(restId, "creative");
  return creative;
}

export const campaignResolvers: Resolvers = {
  Query: {
    campaigns: async (_, args, context) => {
      const { actor, loaders } = scoped(context, "campaigns:read");
      const { status, orderBy, ...page } = args;
      const result = await listCampaignConnection(actor, toRestQuery({ status, orderBy }), page);
      // a creative's `campaign` on this page is then read from the page itself
      return connection(result, (record) => {
        const campaign = camelize(record);
        loaders.campaign.prime(campaign.id, campaign);
        return campaign;
      });
    },
    campaign: (_, args, context) => loadCampaign(context, restIdOf(args.id, "Campaign")),
    creative: (_, args, context) => loadCreative(context, restIdOf(args.id, "Creative")),
  },
  Campaign: {
    id: (parent) => toGlobalId("Campaign", parent.id),
    restId: (parent) => parent.id,
    today: (parent, _, context) => {
      const day = budgetDay(parent.budgetState, context.now().getTime());
      return {
        date: day.date,
        spendUsd: microsToUsd(day.spendMicros),
        dailyBudgetUsd: microsToUsd(day.dailyBudgetMicros),
        pacingAllowanceUsd: day.pacingAllowanceMicros === null ? null : microsToUsd(day.pacingAllowanceMicros),
        remainingUsd: microsToUsd(day.remainingMicros),
      };
    },
    primaryCreative: async (parent, _, context) => (await creativesOf(context, parent.id))[0]!,
    creatives: (parent, _, context) => creativesOf(context, parent.id),
    report: async (parent, args, context) => {
      const { actor } = scoped(context, "reporting:read");
      await rateLimit(context, actor, "report");
      const { report } = await getCampaignReport(actor, parent.id, toRestQuery(args), {
        now: () => context.now().getTime(),
      });
      const { rows, breakdown, ...rest } = camelize(report);
      return {
        ...rest,
        breakdown,
        rows: rows?.map((row) => ({ ...row, breakdown: breakdown!, campaignId: parent.id })),
      };
    },
    timeSeries: async (parent, args, context) => {
      const { actor } = scoped(context, "reporting:read");
      const { series } = await getCampaignTimeseries(actor, parent.id, toRestQuery(args));
      return camelize(series);
    },
  },
  Creative: {
    id: (parent) => toGlobalId("Creative", parent.id),
    restId: (parent) => parent.id,
    campaign: (parent, _, context) => loadCampaign(context, parent.campaignId),
    performance: async (parent, _, context) => {
      scoped(context, "reporting:read");
      const performance = (await campaignCreatives(context, parent.campaignId)).performance.get(parent.id);
      if (!performance) throw notFound(parent.id, "creative");
      return camelize(performance);
    },
  },
  ReportRow: {
    key: (parent) => String(parent.key),
    date: (parent) => (parent.breakdown === "day" ? String(parent.key) : null),
    hourOfDay: (parent) => (parent.breakdown === "hour_of_day" ? Number(parent.key) : null),
    momentType: (parent) =>
      parent.breakdown === "moment_type" && isMomentType(String(parent.key)) ? (parent.key as MomentTypeKey) : null,
    sport: (parent) => (parent.breakdown === "sport" && isSport(String(parent.key)) ? (parent.key as Sport) : null),
    creative: async (parent, _, context) => {
      if (parent.breakdown !== "creative") return null;
      const creatives = await creativesOf(context, parent.campaignId);
      return creatives.find((creative) => creative.id === parent.key) ?? null;
    },
  },
};
