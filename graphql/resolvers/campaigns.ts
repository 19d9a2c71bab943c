// Campaigns (listCampaigns, getCampaign) with their creatives (getCampaign's variants) and performance
// (getCreativePerformance); reports (getCampaignReport) and time series (getCampaignTimeseries) as fields of a campaign and, for
// callers holding reporting:read only, as root fields by campaign id.
//
// Scopes (docs/decisions/1107): a root field checks the scope of its REST twin
// (campaigns:read to read campaigns, campaigns:write for a mutation's payload);
// the campaign and its creatives are then one object, as getCampaign and createCampaign answer them,
// so the relations between them need no further scope. Fields whose REST twin
// is another resource check its scope where they are read: report, timeSeries
// and performance need reporting:read; a report row's creative needs
// campaigns:read.
import { isMomentType, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { isSport, type Sport } from "@/lib/domain/sports";
import { listCampaignConnection } from "@/lib/domain/campaigns/campaign-connection";
import { availableActions, deliveryStatus } from "@/lib/domain/campaigns/campaign-state";
import { isOpenStatus } from "@/lib/domain/campaigns/campaigns.schemas";
import { utcDate } from "@/lib/domain/campaigns/dates";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { budgetDay } from "@/lib/domain/campaigns/pacing";
import { regionName } from "@/lib/domain/regions/regions";
import { UNKNOWN_REGION } from "@/lib/domain/reporting/get-campaign-report";
import { creativeActions } from "@/lib/domain/creatives/creatives.schemas";
import { getCreative } from "@/lib/domain/creatives/get-creative";
import { getAdvertiserReport } from "@/lib/domain/reporting/get-advertiser-report";
import { getCampaignReport } from "@/lib/domain/reporting/get-campaign-report";
import { ctrOf, ratesOf } from "@/lib/domain/reporting/metrics";
import type { ReportMetrics } from "@/lib/domain/reporting/reporting.schemas";
import { getCampaignTimeseries } from "@/lib/domain/reporting/get-campaign-timeseries";
import { getCreativePerformance } from "@/lib/domain/reporting/get-creative-performance";
import {
  advertiserReportCsvFilename,
  advertiserReportToCsv,
  reportCsvFilename,
  reportToCsv,
  timeseriesCsvFilename,
  timeseriesToCsv,
} from "@/lib/domain/reporting/report-csv";
import { advertiserReportView, campaignReportView, campaignTimeseriesView } from "@/lib/http/views/reporting";
import type { Resolvers } from "../__generated__/resolvers-types";
import { connection } from "../connection";
import type { GraphqlContext } from "../context";
import { notFound, restIdOf, restIdOrGlobalId, toGlobalId } from "../global-id";
import { allowedAs, authenticated } from "../guard";
import { operationResolver, runOperation, runOperationOn } from "../operation";
import type {
  AdvertiserReportParent,
  CampaignParent,
  CampaignReportParent,
  CampaignTimeSeriesParent,
  CreativeParent,
} from "../mappers";

async function campaignCreatives(context: GraphqlContext, campaignId: string) {
  const found = await authenticated(context).loaders.campaignCreatives.load(campaignId);
  // every campaign has its primary creative from the moment it is created
  if (!found?.creatives.length) throw new Error(`campaign ${campaignId} has no creatives`);
  return found;
}

/** The creatives of a campaign the caller already holds (no scope of their own: they are part of the campaign). */
export async function creativesOf(context: GraphqlContext, campaignId: string): Promise<CreativeParent[]> {
  return (await campaignCreatives(context, campaignId)).creatives;
}

/**
 * The caller's campaign, or NOT_FOUND. No scope of its own: the field that
 * reaches it checks the scope (campaigns:read for queries, campaigns:write
 * for a mutation's payload).
 */
export async function loadCampaign(context: GraphqlContext, restId: string): Promise<CampaignParent> {
  const campaign = await authenticated(context).loaders.campaign.load(restId);
  if (!campaign) throw notFound(restId, "campaign");
  return campaign;
}

/** The caller's creative, or NOT_FOUND; as loadCampaign, the reaching field checks the scope. */
export async function loadCreative(context: GraphqlContext, restId: string): Promise<CreativeParent> {
  const campaignId = await authenticated(context).loaders.creativeCampaign.load(restId);
  const creative = campaignId ? (await creativesOf(context, campaignId)).find((item) => item.id === restId) : undefined;
  if (!creative) throw notFound(restId, "creative");
  return creative;
}

type ReportArgs = {
  startDate: string;
  endDate: string;
  breakdown?: unknown;
  timezone?: string | null;
  compare?: unknown;
};
type TimeSeriesArgs = { startDate: string; endDate: string; granularity?: unknown; timezone?: string | null };

/** getCampaignReport for a campaign id (the operation's scope and report limit); another advertiser's campaign is not found. */
async function campaignReport(
  context: GraphqlContext,
  campaignId: string,
  args: ReportArgs,
): Promise<CampaignReportParent> {
  const { rows, ...report } = await runOperation(getCampaignReport, context, args, { id: campaignId });
  return { ...report, rows: rows?.map((row) => ({ ...row, breakdown: report.breakdown!, campaignId })) };
}

/** The all-campaigns report (the operation's scope and the report limit shared with E9 and E10). */
async function advertiserReport(context: GraphqlContext, args: ReportArgs): Promise<AdvertiserReportParent> {
  const { rows, ...report } = await runOperation(getAdvertiserReport, context, args);
  return { ...report, rows: rows?.map((row) => ({ ...row, breakdown: report.breakdown!, campaignId: null })) };
}

/** getCampaignTimeseries for a campaign id (the operation's scope and the report limit shared with getCampaignReport); another advertiser's campaign is not found. */
function campaignTimeSeries(
  context: GraphqlContext,
  campaignId: string,
  args: TimeSeriesArgs,
): Promise<CampaignTimeSeriesParent> {
  return runOperation(getCampaignTimeseries, context, args, { id: campaignId });
}

/** The money rates of a report's totals and rows, as the domain works them out (lib/domain/reporting/metrics.ts). */
const moneyRates = {
  costPerClickUsd: (parent: ReportMetrics) => ratesOf(parent).costPerClickMicros,
  costPerConversionUsd: (parent: ReportMetrics) => ratesOf(parent).costPerConversionMicros,
  conversionRate: (parent: ReportMetrics) => ratesOf(parent).conversionRate,
  conversionValueUsd: (parent: ReportMetrics) => parent.conversionValueMicros,
  roas: (parent: ReportMetrics) => ratesOf(parent).roas,
};

export const campaignResolvers: Resolvers = {
  Query: {
    campaigns: operationResolver(listCampaignConnection, async (_, args, context) => {
      const result = await runOperation(listCampaignConnection, context, args);
      // a creative's `campaign` on this page is then read from the page itself
      const { loaders } = authenticated(context);
      return connection(result, (campaign) => {
        loaders.campaign.prime(campaign.id, campaign);
        return campaign;
      });
    }),
    campaign: operationResolver(getCampaign, async (_, args, context) => {
      const campaign = await runOperationOn(getCampaign, context, {}, () => ({ id: restIdOf(args.id, "Campaign") }));
      authenticated(context).loaders.campaign.prime(campaign.id, campaign);
      return campaign;
    }),
    creative: operationResolver(getCreative, (_, args, context) =>
      runOperationOn(getCreative, context, {}, () => ({ id: restIdOf(args.id, "Creative") })),
    ),
    campaignReport: operationResolver(getCampaignReport, (_, { campaignId, ...args }, context) =>
      campaignReport(context, restIdOrGlobalId(campaignId, "Campaign"), args),
    ),
    campaignTimeSeries: operationResolver(getCampaignTimeseries, (_, { campaignId, ...args }, context) =>
      campaignTimeSeries(context, restIdOrGlobalId(campaignId, "Campaign"), args),
    ),
    advertiserReport: operationResolver(getAdvertiserReport, (_, args, context) => advertiserReport(context, args)),
    creativePerformance: operationResolver(getCreativePerformance, (_, args, context) =>
      runOperation(getCreativePerformance, context, {}, { id: restIdOrGlobalId(args.creativeId, "Creative") }),
    ),
  },
  Campaign: {
    id: (parent) => toGlobalId("Campaign", parent.id),
    restId: (parent) => parent.id,
    bidCpmUsd: (parent) => parent.bidCpmMicros,
    dailyBudgetUsd: (parent) => parent.dailyBudgetMicros,
    totalBudgetUsd: (parent) => parent.totalBudgetMicros,
    targetCpaUsd: (parent) => parent.targetCpaMicros,
    spendToDateUsd: (parent) => parent.spendToDateMicros,
    ctrToDate: (parent) =>
      ctrOf({ clicks: BigInt(parent.clicksToDate), impressions: BigInt(parent.impressionsToDate) }),
    // E6's answer (docs/decisions/1311), from the campaign's creatives (loaded per page)
    deliveryStatus: async (parent, _, context) => {
      const [creatives, limited] = await Promise.all([
        creativesOf(context, parent.id),
        authenticated(context).loaders.accountLimited(),
      ]);
      return deliveryStatus(
        {
          status: parent.status,
          startDate: parent.startDate,
          approvedCreatives: creatives.filter((creative) => creative.status === "approved").length,
        },
        utcDate(new Date(context.clock())),
        limited,
      );
    },
    availableActions: async (parent, _, context) =>
      availableActions(parent.status, (await creativesOf(context, parent.id)).length),
    today: (parent, _, context) => {
      const day = budgetDay(parent.budgetState, context.clock());
      return {
        date: day.date,
        spendUsd: day.spendMicros,
        dailyBudgetUsd: day.dailyBudgetMicros,
        pacingAllowanceUsd: day.pacingAllowanceMicros,
        remainingUsd: day.remainingMicros,
      };
    },
    primaryCreative: async (parent, _, context) => (await creativesOf(context, parent.id))[0]!,
    creatives: (parent, _, context) => creativesOf(context, parent.id),
    report: operationResolver(getCampaignReport, (parent, args, context) => campaignReport(context, parent.id, args)),
    timeSeries: operationResolver(getCampaignTimeseries, (parent, args, context) =>
      campaignTimeSeries(context, parent.id, args),
    ),
  },
  Creative: {
    id: (parent) => toGlobalId("Creative", parent.id),
    restId: (parent) => parent.id,
    campaign: (parent, _, context) => loadCampaign(context, parent.campaignId),
    availableActions: async (parent, _, context) =>
      creativeActions(parent.status, isOpenStatus((await loadCampaign(context, parent.campaignId)).status)),
    performance: async (parent, _, context) => {
      allowedAs(context, getCreativePerformance);
      const performance = (await campaignCreatives(context, parent.campaignId)).performance.get(parent.id);
      if (!performance) throw notFound(parent.id, "creative");
      return performance;
    },
  },
  // the CSV export of REST's format=csv, for the dashboard's download (docs/decisions/1210)
  CampaignReport: {
    csv: (parent) => reportToCsv(campaignReportView(parent)),
    csvFilename: (parent) => reportCsvFilename(campaignReportView(parent)),
  },
  ReportTotals: {
    spendUsd: (parent) => parent.spendMicros,
    averageCpmPaidUsd: (parent) => parent.averageCpmPaidMicros,
    ...moneyRates,
  },
  AdvertiserReport: {
    csv: (parent) => advertiserReportToCsv(advertiserReportView(parent)),
    csvFilename: (parent) => advertiserReportCsvFilename(advertiserReportView(parent)),
  },
  CampaignTimeSeries: {
    csv: (parent) => timeseriesToCsv(campaignTimeseriesView(parent)),
    csvFilename: (parent) => timeseriesCsvFilename(campaignTimeseriesView(parent)),
  },
  TimeSeriesPoint: {
    ts: (parent) => parent.start,
    spendUsd: (parent) => parent.spendMicros,
  },
  CreativePerformance: {
    spendUsd: (parent) => parent.spendMicros,
  },
  CampaignForecast: {
    estimatedDailyImpressions: (parent) => parent.dailyImpressions,
    estimatedDailySpendUsd: (parent) => parent.dailySpendMicros,
    estimateStatus: (parent) => parent.status,
  },
  ReportRow: {
    spendUsd: (parent) => parent.spendMicros,
    ...moneyRates,
    key: (parent) => String(parent.key),
    date: (parent) => (parent.breakdown === "day" ? String(parent.key) : null),
    hourOfDay: (parent) => (parent.breakdown === "hour_of_day" ? Number(parent.key) : null),
    momentType: (parent) =>
      parent.breakdown === "moment_type" && isMomentType(String(parent.key)) ? (parent.key as MomentTypeKey) : null,
    sport: (parent) => (parent.breakdown === "sport" && isSport(String(parent.key)) ? (parent.key as Sport) : null),
    region: (parent) => (parent.breakdown === "region" && parent.key !== UNKNOWN_REGION ? String(parent.key) : null),
    regionName: (parent) =>
      parent.breakdown === "region" && parent.key !== UNKNOWN_REGION ? regionName(String(parent.key)) : null,
    creative: async (parent, _, context) => {
      if (parent.breakdown !== "creative" || parent.campaignId === null) return null;
      // E9's rows carry the creative's id only: its headline and the rest are the creative's own
      allowedAs(context, getCreative);
      const creatives = await creativesOf(context, parent.campaignId);
      return creatives.find((creative) => creative.id === parent.key) ?? null;
    },
    campaign: async (parent, _, context) => {
      if (parent.breakdown !== "campaign") return null;
      // the row carries the campaign's id and name: the campaign itself is E6's (its access; decision 1007)
      return allowedAs(context, getCampaign).loaders.campaign.load(String(parent.key));
    },
  },
};
