// The parent value of each mapped GraphQL type: the domain's own objects
// (camelCase, integer micro-dollars, Dates), so default resolvers read most
// fields and resolvers only add ids, money fields and relations. Codegen types
// the resolvers with these (graphql/codegen.ts `mappers`).
import type { Actor } from "@/lib/auth/actor";
import type { Advertiser } from "@/lib/domain/advertisers/get-advertiser";
import type { ApiClient } from "@/lib/domain/api-clients/api-clients.schemas";
import type { Campaign, Creative } from "@/lib/domain/campaigns/campaign";
import type { ClearingPriceEntry, ClearingPrices } from "@/lib/domain/clearing-prices/clearing-prices.schemas";
import type { Change } from "@/lib/history/list-changes";
import type { MomentType } from "@/lib/domain/moment-types/moment-types.schemas";
import type { AdvertiserToday, CampaignDay } from "@/lib/domain/reporting/get-advertiser-today";
import type {
  AdvertiserBreakdown,
  AdvertiserReport,
  Breakdown,
  CampaignReport,
  CampaignTimeseries,
  CreativePerformance,
  ReportComparison,
  ReportRow,
  SeriesPoint,
} from "@/lib/domain/reporting/reporting.schemas";
import type { DeliveryEstimate } from "@/lib/domain/market/estimate-rules";
import type { WebhookDelivery, WebhookEndpoint } from "@/lib/webhooks/webhooks.schemas";
import type { PostbackKey } from "@/lib/domain/postback-keys/postback-keys.schemas";
import type { InvoiceView } from "@/lib/domain/billing/billing.schemas";
import type { DryRun, PlannedAction, Rule } from "@/lib/domain/rules/rules.schemas";
import type { SavedReport } from "@/lib/domain/saved-reports/saved-reports.schemas";
import type { Camelize } from "./camel-case";

export type AdvertiserParent = Advertiser;
/** the domain's client as it is */
export type ApiClientParent = ApiClient;
/** the domain's summary as it is: topCampaigns ranks its campaigns */
export type AdvertiserTodayParent = AdvertiserToday;
export type CampaignDayParent = CampaignDay;
/** the domain's campaign (money in micro-dollars; its creatives are loaded per page) */
export type CampaignParent = Campaign;
export type CreativeParent = Creative;
export type CreativePerformanceParent = CreativePerformance;
/** a report's row knows its breakdown and, in a campaign's report, its campaign (for its typed key and creative) */
export type ReportRowParent = ReportRow & { breakdown: Breakdown | AdvertiserBreakdown; campaignId: string | null };
export type ReportTotalsParent = CampaignReport["totals"];
export type ReportComparisonTotalsParent = ReportComparison;
/** the domain's report; its rows know their breakdown and campaign (for their typed keys and creative) */
export type CampaignReportParent = Omit<CampaignReport, "rows"> & { rows?: ReportRowParent[] };
export type AdvertiserReportParent = Omit<AdvertiserReport, "rows"> & { rows?: ReportRowParent[] };
/** the domain's estimate */
export type CampaignForecastParent = DeliveryEstimate;
export type CampaignTimeSeriesParent = CampaignTimeseries;
export type TimeSeriesPointParent = SeriesPoint;
export type MomentTypeParent = MomentType;
export type ClearingPricesParent = ClearingPrices;
export type ClearingPriceEntryParent = ClearingPriceEntry;
export type ViewerParent = { actor: Actor };
export type WebhookEndpointParent = WebhookEndpoint;
export type WebhookDeliveryParent = WebhookDelivery;
/** the domain's key as it is */
export type PostbackKeyParent = PostbackKey;
export type ChangeParent = Change;
/** the domain's rule, its action entries and dry run as they are (money in micro-dollars) */
export type RuleParent = Rule;
export type RuleActionEntryParent = PlannedAction;
export type RuleDryRunParent = DryRun;
export type SavedReportParent = SavedReport;
/** REST's invoice view in GraphQL's names; its csv and pdfBase64 are rendered from it when asked for. */
export type InvoiceParent = Camelize<InvoiceView>;
/** the domain's actor, its handle read as email or client id by its type */
export type ChangeActorParent = Change["actor"];
export type ChangeUserParent = NonNullable<Change["onBehalfOf"]>;
