// GraphQL enums are the domain's values in capitals ("close_game" is
// CLOSE_GAME, campaigns:read CAMPAIGNS_READ, "impression.served"
// IMPRESSION_SERVED). Resolvers and inputs see the domain values (Apollo's
// internal enum values), so nothing is translated by hand; codegen types each
// enum as its domain type (graphql/codegen.ts `enumValues`), and
// graphql/enums.test.ts checks that the schema lists exactly these values.
import { ROLES, type Role } from "@/lib/auth/roles";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import type { Actor } from "@/lib/auth/actor";
import { CAMPAIGN_SORT_KEYS, type CampaignSortKey } from "@/lib/domain/campaigns/campaign-connection";
import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_STATUSES,
  DELIVERY_STATUSES,
  type CampaignAction,
  type CampaignStatus,
  type DeliveryStatus,
} from "@/lib/domain/campaigns/campaigns.schemas";
import {
  CREATIVE_ACTIONS,
  CREATIVE_STATUSES,
  type CreativeAction,
  type CreativeStatus,
} from "@/lib/domain/creatives/creatives.schemas";
import { ESTIMATE_STATUSES, type EstimateStatus } from "@/lib/domain/market/market.schemas";
import { MOMENT_TYPE_KEYS, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { SORT_DIRECTIONS, type SortDirection } from "@/lib/domain/pagination";
import { TODAY_METRICS, type TodayMetric } from "@/lib/domain/reporting/get-advertiser-today";
import {
  ADVERTISER_BREAKDOWNS,
  BREAKDOWNS,
  COMPARISONS,
  GRANULARITIES,
  type AdvertiserBreakdown,
  type Breakdown,
  type Comparison,
  type Granularity,
} from "@/lib/domain/reporting/reporting.schemas";
import { SPORTS, type Sport } from "@/lib/domain/sports";
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from "@/lib/webhooks/webhooks.schemas";
import { USER_ERROR_CODES, type UserErrorCode } from "@/lib/errors";
import { ADVERTISER_CATEGORIES } from "@/lib/domain/regions/regions.schemas";
import { ACTOR_TYPES, TARGET_TYPES, type ActorType, type TargetType } from "@/lib/history/changes";
import type { InvitationStatus } from "@/lib/domain/members/members.schemas";
import { EVENT_TYPES, type EventType } from "@/lib/webhooks/events";
import { ALERT_CHANNELS, ALERT_KINDS, type AlertChannel, type AlertKind } from "@/lib/domain/alerts/alerts.schemas";
import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  type InvoiceKind,
  type InvoiceStatus,
} from "@/lib/domain/billing/billing.schemas";
import { BILLING_MODES, type BillingMode } from "@/lib/domain/billing/terms";
import {
  RULE_ACTIONS,
  RULE_COMPARISONS,
  RULE_METRICS,
  type RuleAction,
  type RuleComparison,
  type RuleMetric,
} from "@/lib/domain/rules/rules.schemas";

import { REPORT_SCHEDULES, type ReportSchedule } from "@/lib/domain/saved-reports/saved-reports.schemas";

export const RULE_OUTCOMES = ["applied", "skipped"] as const;
export type RuleOutcome = (typeof RULE_OUTCOMES)[number];

export const ENDED_REASONS = ["budget_exhausted", "end_date", "advertiser"] as const;
export type EndedReason = (typeof ENDED_REASONS)[number];
export const PACINGS = ["even", "asap"] as const;
export type Pacing = (typeof PACINGS)[number];
export type CredentialKind = Actor["via"];
const CREDENTIAL_KINDS: readonly CredentialKind[] = ["token", "session"];
export const INVITATION_STATUSES = [
  "pending",
  "accepted",
  "revoked",
  "expired",
] as const satisfies readonly InvitationStatus[];
export const EMAIL_PROBLEMS = ["not_configured", "send_failed"] as const;
export type EmailProblem = (typeof EMAIL_PROBLEMS)[number];

export type {
  ReportSchedule,
  RuleAction,
  RuleComparison,
  RuleMetric,
  BillingMode,
  InvoiceKind,
  InvoiceStatus,
  AlertChannel,
  AlertKind,
  ActorType,
  TargetType,
  AdvertiserBreakdown,
  InvitationStatus,
  Role,
  Breakdown,
  CampaignAction,
  CampaignSortKey,
  CampaignStatus,
  Comparison,
  CreativeAction,
  CreativeStatus,
  DeliveryStatus,
  EstimateStatus,
  WebhookDeliveryStatus,
  EventType,
  Granularity,
  MomentTypeKey,
  Scope,
  SortDirection,
  Sport,
  TodayMetric,
  UserErrorCode,
};

/** The GraphQL name of a domain value: capitals, with '.' and ':' as '_'. */
export function graphqlEnumName(value: string): string {
  return value.toUpperCase().replace(/[.:]/g, "_");
}

function internalValues<T extends string>(values: readonly T[]): Record<string, T> {
  return Object.fromEntries(values.map((value) => [graphqlEnumName(value), value]));
}

/** Every enum of the schema, by name: GraphQL value -> domain value. */
export const ENUMS = {
  MomentTypeKey: internalValues(MOMENT_TYPE_KEYS),
  Sport: internalValues(SPORTS),
  CampaignStatus: internalValues(CAMPAIGN_STATUSES),
  CampaignEndedReason: internalValues(ENDED_REASONS),
  Pacing: internalValues(PACINGS),
  CampaignSortField: internalValues(CAMPAIGN_SORT_KEYS),
  OrderDirection: internalValues(SORT_DIRECTIONS),
  CreativeStatus: internalValues(CREATIVE_STATUSES),
  ReportBreakdown: internalValues(BREAKDOWNS),
  TimeSeriesGranularity: internalValues(GRANULARITIES),
  WebhookEventKind: internalValues(EVENT_TYPES),
  WebhookDeliveryStatus: internalValues(WEBHOOK_DELIVERY_STATUSES),
  Scope: internalValues(SCOPES),
  CredentialKind: internalValues(CREDENTIAL_KINDS),
  TodayMetric: internalValues(TODAY_METRICS),
  UserErrorCode: internalValues(USER_ERROR_CODES),
  EstimateStatus: internalValues(ESTIMATE_STATUSES),
  ChangeActorType: internalValues(ACTOR_TYPES),
  ChangeTargetType: internalValues(TARGET_TYPES),
  DeliveryStatus: internalValues(DELIVERY_STATUSES),
  CampaignAction: internalValues(CAMPAIGN_ACTIONS),
  CreativeAction: internalValues(CREATIVE_ACTIONS),
  AdvertiserReportBreakdown: internalValues(ADVERTISER_BREAKDOWNS),
  ReportComparison: internalValues(COMPARISONS),
  Role: internalValues(ROLES),
  InvitationStatus: internalValues(INVITATION_STATUSES),
  EmailProblem: internalValues(EMAIL_PROBLEMS),
  AlertKind: internalValues(ALERT_KINDS),
  AlertChannel: internalValues(ALERT_CHANNELS),
  BillingMode: internalValues(BILLING_MODES),
  InvoiceKind: internalValues(INVOICE_KINDS),
  InvoiceStatus: internalValues(INVOICE_STATUSES),
  AdvertiserCategory: internalValues(ADVERTISER_CATEGORIES),
  RuleMetric: internalValues(RULE_METRICS),
  RuleComparison: internalValues(RULE_COMPARISONS),
  RuleActionKind: internalValues(RULE_ACTIONS),
  RuleOutcome: internalValues(RULE_OUTCOMES),
  ReportSchedule: internalValues(REPORT_SCHEDULES),
};
