// The REST API's shapes this package reads and writes (the OpenAPI document at
// /.well-known/openapi.json is the reference). Amounts are USD numbers with up
// to 6 decimals; dates are UTC YYYY-MM-DD; times ISO 8601 UTC.

import type * as Contract from "./api-contract.ts";

export type Sport = (typeof Contract.SPORTS)[number];
export type CampaignStatus = (typeof Contract.CAMPAIGN_STATUSES)[number];
export type CreativeStatus = (typeof Contract.CREATIVE_STATUSES)[number];
export type Pacing = (typeof Contract.PACINGS)[number];
export type Breakdown = (typeof Contract.BREAKDOWNS)[number];
export type Granularity = (typeof Contract.GRANULARITIES)[number];
export type EstimateStatus = (typeof Contract.ESTIMATE_STATUSES)[number];

export type MomentType = {
  key: string;
  display_name: string;
  description: string;
  floor_cpm_usd: number;
  typical_ctr_low: number | null;
  typical_ctr_high: number | null;
  available_sports: Sport[];
};

export type ClearingPriceEntry = {
  moment_type: string;
  floor_cpm_usd: number;
  clearing_price_p25_usd: number | null;
  clearing_price_p50_usd: number | null;
  clearing_price_p75_usd: number | null;
  clearing_price_p90_usd: number | null;
};
export type ClearingPrices = { as_of: string; moment_types: ClearingPriceEntry[] };

export type CampaignListItem = {
  id: string;
  name: string;
  status: CampaignStatus;
  moment_types: string[];
  sports: Sport[];
  bid_cpm_usd: number;
  daily_budget_usd: number;
  total_budget_usd: number;
  spend_to_date_usd: number;
  impressions_to_date: number;
  start_date: string;
  end_date: string | null;
  pacing?: Pacing;
  created_at: string;
  updated_at: string;
};
export type CampaignList = {
  campaigns: CampaignListItem[];
  pagination: { page: number; per_page: number; total: number };
};

export type Creative = {
  id: string;
  variant_label: string;
  status: CreativeStatus;
  review_reason: string | null;
  headline: string;
  body: string;
  cta_text: string | null;
  icon_url: string;
  action_url: string;
  performance_score: number;
  traffic_allocation: number;
  created_at: string;
};

export type Campaign = CampaignListItem & {
  target_cpa_usd: number | null;
  postback_url: string | null;
  ended_reason: (typeof Contract.ENDED_REASONS)[number] | null;
  creative: Creative;
  variants: Creative[];
};

export type CreativeBody = {
  headline: string;
  body: string;
  icon_url: string;
  action_url: string;
  cta_text?: string | null;
};

export type CreateCampaignBody = {
  name: string;
  moment_types: string[];
  sports: string[];
  bid_cpm_usd: number;
  daily_budget_usd: number;
  total_budget_usd: number;
  start_date: string;
  end_date?: string | null;
  target_cpa_usd?: number | null;
  postback_url?: string | null;
  pacing?: Pacing;
  creative: CreativeBody;
};

export type UpdateCampaignBody = Partial<{
  name: string;
  bid_cpm_usd: number;
  daily_budget_usd: number;
  total_budget_usd: number;
  target_cpa_usd: number | null;
  end_date: string | null;
  start_date: string;
  status: (typeof Contract.CAMPAIGN_UPDATE_STATUSES)[number];
  postback_url: string | null;
  pacing: Pacing;
}>;

export type VariantCreated = {
  id: string;
  variant_label: string;
  traffic_allocation: number;
  status: CreativeStatus;
  review_reason: string | null;
};

export type CampaignCreated = {
  id: string;
  status: CampaignStatus;
  estimated_daily_impressions: number;
  estimated_daily_spend_usd: number;
  estimate_status: EstimateStatus;
  created_at: string;
  creative: VariantCreated;
};

export type CampaignCreatePreview = {
  validate_only: true;
  campaign: Omit<CreateCampaignBody, "creative"> & { status: "active" };
  creative: { status: CreativeStatus; review_reason: string | null };
  estimated_daily_impressions: number;
  estimated_daily_spend_usd: number;
  estimate_status: EstimateStatus;
};

export type CampaignUpdatePreview = {
  validate_only: true;
  changes: { field: string; from: unknown; to: unknown }[];
  raises_spend: boolean;
  campaign: Campaign;
  estimated_daily_impressions: number;
  estimated_daily_spend_usd: number;
  estimate_status: EstimateStatus;
  current_estimated_daily_impressions: number;
  current_estimated_daily_spend_usd: number;
  current_estimate_status: EstimateStatus;
};

export type ReportQuery = { start_date: string; end_date: string; breakdown?: Breakdown; timezone?: string };
export type TimeseriesQuery = { start_date: string; end_date: string; granularity?: Granularity; timezone?: string };

export type ReportTotals = {
  impressions: number;
  clicks: number;
  ctr: number;
  conversions: number;
  spend_usd: number;
  average_cpm_paid_usd: number;
  as_of: string;
};
export type ReportRow = {
  key: string | number;
  impressions: number;
  clicks: number;
  ctr: number;
  conversions: number;
  spend_usd: number;
};
export type CampaignReport = {
  campaign_id: string;
  period: { start: string; end: string; timezone: string };
  totals: ReportTotals;
  breakdown?: Breakdown;
  rows?: ReportRow[];
};
export type Timeseries = {
  campaign_id: string;
  granularity: Granularity;
  series: { ts: string; impressions: number; clicks: number; spend_usd: number }[];
};
export type CreativePerformance = {
  creative_id: string;
  impressions: number;
  clicks: number;
  ctr: number;
  conversions: number;
  spend_usd: number;
  traffic_allocation: number;
};

export type WebhookEndpoint = {
  id: string;
  url: string;
  events: string[];
  is_active: boolean;
  batch_impressions: boolean;
  failure_count: number;
  last_delivered_at: string | null;
  created_at: string;
};
export type WebhookList = { endpoints: WebhookEndpoint[] };
export type RegisterWebhookBody = {
  url: string;
  events: (typeof Contract.WEBHOOK_EVENT_TYPES)[number][];
  batch_impressions?: boolean;
};
export type RegisteredWebhook = WebhookEndpoint & { secret: string; warning: string };
export type WebhookDeactivation = { deactivated: boolean; id: string };
export type WebhookTestResult = { success: boolean; status_code: number; duration_ms: number; message: string };
export type WebhookDeliveryList = {
  deliveries: Record<string, unknown>[];
  pagination: { page: number; per_page: number; total: number };
};

export type PostbackKey = {
  id: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};
export type PostbackKeyList = { postback_keys: PostbackKey[] };
/** `key` is null in the replay of a retry: the key is shown once and stored nowhere. */
export type CreatedPostbackKey = { id: string; key: string | null; created_at: string };

/** The access token response of E1 (RFC 6749). */
export type TokenResponse = { access_token: string; token_type: string; expires_in: number; scope: string };
