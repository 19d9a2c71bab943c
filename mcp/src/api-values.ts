// The REST API's enumerations and limits, under the names the tools use: every
// value comes from the generated client (generated/, read from the service's
// OpenAPI document by `npm run codegen`), so none is restated by hand.
import {
  campaignStatusValues,
  createCampaignInputPacingValues,
  createCampaignInputMoment_typesValues,
  createCampaignInputSportsValues,
  creativeStatusValues,
  estimateStatusValues,
  pathsApiAdsReportingCampaignsIdGetParametersQueryBreakdownValues,
  pathsApiAdsReportingCampaignsIdTimeseriesGetParametersQueryGranularityValues,
  pathsApiAdsWebhooksIdDeliveriesGetParametersQueryStatusValues,
  updateCampaignInputStatusValues,
  webhookEventKindValues,
} from "./generated/api.ts";
import { LIMITS, OPERATIONS } from "./generated/operations.ts";

export const SPORTS = createCampaignInputSportsValues;
export const MOMENT_TYPES = createCampaignInputMoment_typesValues;
export const CAMPAIGN_STATUSES = campaignStatusValues;
/** The statuses updateCampaign may set (`cancelled` is reached with DELETE). */
export const CAMPAIGN_UPDATE_STATUSES = updateCampaignInputStatusValues;
export const CREATIVE_STATUSES = creativeStatusValues;
export const PACINGS = createCampaignInputPacingValues;
export const BREAKDOWNS = pathsApiAdsReportingCampaignsIdGetParametersQueryBreakdownValues;
export const GRANULARITIES = pathsApiAdsReportingCampaignsIdTimeseriesGetParametersQueryGranularityValues;
export const WEBHOOK_EVENT_TYPES = webhookEventKindValues;
export const WEBHOOK_DELIVERY_STATUSES = pathsApiAdsWebhooksIdDeliveriesGetParametersQueryStatusValues;
/** Whether an estimate could be made: insufficient_volume withholds both figures (0). */
export const ESTIMATE_STATUSES = estimateStatusValues;

/** Creative text limits (characters) and the longest URL. */
export const { HEADLINE_MAX, BODY_MAX, CTA_MAX, URL_MAX } = LIMITS;
/** The smallest total and daily budgets of a campaign, and the highest bid (USD). */
export const { MIN_TOTAL_BUDGET_USD, MIN_DAILY_BUDGET_USD, MAX_BID_CPM_USD } = LIMITS;
/** Reports (campaign reports and time series, one shared count) an advertiser may ask for per minute. */
export const REPORTS_PER_MINUTE = OPERATIONS.getCampaignReport.rateLimit.points;
