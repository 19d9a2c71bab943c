// Row shapes the two stores read with their own SQL (the same columns on both
// databases) and their mapping to the engine's records. Integer columns come
// back as numbers from better-sqlite3 and as text from pg: Number() reads both.
import type {
  CampaignBudgetRow,
  CampaignRow,
  CampaignSpend,
  ClickTarget,
  CreativeRow,
  ImpressionRecord,
  RecentAlert,
} from "./delivery-store";
import type { AccountRow, AuctionRow } from "./commit-plan";

type Integer = number | string | bigint;

/** Campaigns with their advertiser and its billing account (FROM clause), and the columns of both. */
export const CAMPAIGNS_WITH_ADVERTISERS = `campaigns c JOIN advertisers a ON a.id = c.advertiser_id
  LEFT JOIN billing_accounts b ON b.advertiser_id = c.advertiser_id`;
export const REACH_COLUMNS = `c.target_regions, c.excluded_regions, a.sandbox, a.category, a.licensed_regions,
  b.advertiser_id AS account_id, b.allowance_micros, b.spent_micros AS account_spent_micros`;
/** A billing account's columns as delivery reads them under its lock. */
export const ACCOUNT_COLUMNS = `advertiser_id, mode, allowance_micros, spent_micros, low_at_micros,
  balance_low_at IS NOT NULL AS balance_low_set, limit_reached_at IS NOT NULL AS limit_reached_set`;

export const CREATIVE_COLUMNS = `cr.id, cr.campaign_id, cr.variant_index, cr.variant_label, cr.headline, cr.body, cr.icon_url, cr.cta_text, cr.action_url`;
export const SPEND_COLUMNS = `id, status, spend_micros, spend_day, day_spend_micros`;
export const BUDGET_COLUMNS = `${SPEND_COLUMNS}, total_budget_micros, daily_budget_micros`;
export const CLICK_TARGET_SELECT = `SELECT i.click_id, i.id, i.advertiser_id, i.campaign_id, i.creative_id, i.moment_type, i.sport, i.region, cr.action_url
  FROM impressions i JOIN creatives cr ON cr.id = i.creative_id`;
export const IMPRESSION_SUBSCRIBERS_SQL = `SELECT DISTINCT advertiser_id FROM webhook_endpoints WHERE is_active AND events LIKE '%"impression.served"%'`;

export type RawCampaign = {
  id: string;
  advertiser_id: string;
  status: string;
  moment_types: string;
  sports: string;
  bid_cpm_micros: Integer;
  daily_budget_micros: Integer;
  total_budget_micros: Integer;
  spend_micros: Integer;
  spend_day: string | null;
  day_spend_micros: Integer;
  start_date: string;
  end_date: string | null;
  pacing: string;
  /** ISO-8601 text */
  created_at: string;
  /** JSON arrays of region codes, or null */
  target_regions: string | null;
  excluded_regions: string | null;
  /** the advertiser's sandbox flag (SQLite 0/1, PostgreSQL boolean) */
  sandbox: boolean | number;
  category: string;
  licensed_regions: string | null;
  /** the billing account's, null without one */
  account_id: string | null;
  allowance_micros: Integer | null;
  account_spent_micros: Integer | null;
};

export type RawAccount = {
  advertiser_id: string;
  mode: string;
  allowance_micros: Integer | null;
  spent_micros: Integer;
  low_at_micros: Integer | null;
  /** SQLite 0/1, PostgreSQL boolean */
  balance_low_set: boolean | number;
  limit_reached_set: boolean | number;
};

export type RawCreative = {
  id: string;
  campaign_id: string;
  variant_index: Integer;
  variant_label: string;
  headline: string;
  body: string;
  icon_url: string;
  cta_text: string | null;
  action_url: string;
};

export type RawSpend = {
  id: string;
  status: string;
  spend_micros: Integer;
  spend_day: string | null;
  day_spend_micros: Integer;
};

export type RawBudget = RawSpend & { total_budget_micros: Integer; daily_budget_micros: Integer };

export type RawAlert = { user_id: string; game_id: string; served_at_ms: Integer };

/** A row of the click lookup (impression joined with its creative). */
export type RawClickTarget = {
  click_id: string;
  id: string;
  advertiser_id: string;
  campaign_id: string;
  creative_id: string;
  moment_type: string;
  sport: string;
  region: string | null;
  action_url: string;
};

/** Campaigns with their approved creatives (creatives ordered by campaign, then variant index). */
export function campaignRows(campaigns: readonly RawCampaign[], creatives: readonly RawCreative[]): CampaignRow[] {
  const byCampaign = new Map<string, CreativeRow[]>();
  for (const creative of creatives) {
    const list = byCampaign.get(creative.campaign_id) ?? [];
    list.push({
      id: creative.id,
      campaignId: creative.campaign_id,
      variantIndex: Number(creative.variant_index),
      variantLabel: creative.variant_label,
      headline: creative.headline,
      body: creative.body,
      iconUrl: creative.icon_url,
      ctaText: creative.cta_text,
      actionUrl: creative.action_url,
    });
    byCampaign.set(creative.campaign_id, list);
  }
  return campaigns.map((row) => ({
    id: row.id,
    advertiserId: row.advertiser_id,
    status: row.status,
    momentTypes: row.moment_types,
    sports: row.sports,
    bidMicros: Number(row.bid_cpm_micros),
    dailyBudgetMicros: Number(row.daily_budget_micros),
    totalBudgetMicros: Number(row.total_budget_micros),
    spendMicros: Number(row.spend_micros),
    spendDay: row.spend_day,
    daySpendMicros: Number(row.day_spend_micros),
    startDate: row.start_date,
    endDate: row.end_date,
    pacing: row.pacing,
    createdAtMs: new Date(row.created_at).getTime(),
    sandbox: Boolean(row.sandbox),
    targetRegions: row.target_regions,
    excludedRegions: row.excluded_regions,
    category: row.category,
    licensedRegions: row.licensed_regions,
    account:
      row.account_id === null
        ? null
        : {
            advertiserId: row.account_id,
            allowanceMicros: row.allowance_micros === null ? null : Number(row.allowance_micros),
            spentMicros: Number(row.account_spent_micros),
          },
    creatives: byCampaign.get(row.id) ?? [],
  }));
}

export function campaignSpend(row: RawSpend): CampaignSpend {
  return {
    id: row.id,
    status: row.status,
    spendMicros: Number(row.spend_micros),
    spendDay: row.spend_day,
    daySpendMicros: Number(row.day_spend_micros),
  };
}

export function campaignBudget(row: RawBudget): CampaignBudgetRow {
  return {
    ...campaignSpend(row),
    totalBudgetMicros: Number(row.total_budget_micros),
    dailyBudgetMicros: Number(row.daily_budget_micros),
  };
}

export function accountRow(row: RawAccount): AccountRow {
  return {
    advertiserId: row.advertiser_id,
    mode: row.mode,
    allowanceMicros: row.allowance_micros === null ? null : Number(row.allowance_micros),
    spentMicros: Number(row.spent_micros),
    lowAtMicros: row.low_at_micros === null ? null : Number(row.low_at_micros),
    balanceLowSet: Boolean(row.balance_low_set),
    limitReachedSet: Boolean(row.limit_reached_set),
  };
}

export function recentAlert(row: RawAlert): RecentAlert {
  return { userId: row.user_id, gameId: row.game_id, servedAtMs: Number(row.served_at_ms) };
}

export function clickTarget(row: RawClickTarget | undefined): ClickTarget | null {
  if (!row) return null;
  return {
    clickId: row.click_id,
    impressionId: row.id,
    advertiserId: row.advertiser_id,
    campaignId: row.campaign_id,
    creativeId: row.creative_id,
    momentType: row.moment_type,
    sport: row.sport,
    region: row.region,
    actionUrl: row.action_url,
  };
}

/** An impression's values in the impressions table's column order (both stores insert these). */
export function impressionValues(i: ImpressionRecord) {
  return [
    i.impressionId,
    i.clickId,
    i.advertiserId,
    i.campaignId,
    i.creativeId,
    i.momentType,
    i.sport,
    i.gameId,
    i.userId,
    i.clearingCpmMicros,
    i.costMicros,
    i.servedAtMs,
    i.region,
  ];
}

/** An auction's values in the auctions table's column order; `flag` writes sandbox (SQLite binds no booleans: Number). */
export function auctionValues(a: AuctionRow, flag: (value: boolean) => boolean | number = Boolean) {
  return [
    a.id,
    a.momentType,
    a.sport,
    a.outcome,
    a.bidders,
    a.winningBidMicros,
    a.clearingCpmMicros,
    a.winnerAdvertiserId,
    flag(a.sandbox),
    a.occurredAtMs,
    a.auctionCount,
  ];
}
