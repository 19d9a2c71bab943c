// The kinds of alert, the channels a member chooses per kind, their defaults and the
// inputs of the alert operations (docs/decisions/1428). The dashboard's settings page
// loads this file.
import { z } from "zod";
import type { Role } from "@/lib/auth/roles";
import { connectionInput } from "@/lib/domain/pagination";

export const ALERT_KINDS = [
  "budget_50",
  "budget_90",
  "budget_exhausted",
  "campaign_ended",
  "creative_rejected",
  "webhook_failing",
  "webhook_deactivated",
  "bid_adjusted",
  "account_balance_low",
  "account_limit_reached",
  "rule_fired",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_CHANNELS = ["dashboard", "email", "off"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export function isAlertKind(value: string): value is AlertKind {
  return (ALERT_KINDS as readonly string[]).includes(value);
}

/**
 * A member without a preference gets every kind in the dashboard; those that stop delivery
 * without anyone acting (a spent budget, an endpoint switched off, the account limit) and the
 * warning before the account limit also by email.
 */
export const DEFAULT_CHANNELS: Record<AlertKind, AlertChannel> = {
  budget_50: "dashboard",
  budget_90: "dashboard",
  budget_exhausted: "email",
  campaign_ended: "dashboard",
  creative_rejected: "dashboard",
  webhook_failing: "dashboard",
  webhook_deactivated: "email",
  bid_adjusted: "dashboard",
  account_balance_low: "email",
  account_limit_reached: "email",
  rule_fired: "dashboard",
};

/** The least role that receives each kind: campaign alerts reach viewers, webhook alerts editors and admins. */
export const ALERT_LEAST_ROLE: Record<AlertKind, Role> = {
  budget_50: "viewer",
  budget_90: "viewer",
  budget_exhausted: "viewer",
  campaign_ended: "viewer",
  creative_rejected: "viewer",
  webhook_failing: "editor",
  webhook_deactivated: "editor",
  bid_adjusted: "viewer",
  // the billing page is an admin's
  account_balance_low: "admin",
  account_limit_reached: "admin",
  // an automated rule changed or flagged a campaign (docs/decisions/0700)
  rule_fired: "viewer",
};

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  budget_50: "Budget 50% spent",
  budget_90: "Budget 90% spent",
  budget_exhausted: "Budget exhausted",
  campaign_ended: "Campaign ended",
  creative_rejected: "Creative rejected",
  webhook_failing: "Webhook endpoint failing",
  webhook_deactivated: "Webhook endpoint deactivated",
  bid_adjusted: "Bid adjusted by the CPA controller",
  account_balance_low: "Account balance or credit running low",
  account_limit_reached: "Account limit reached: delivery stopped",
  rule_fired: "An automated rule acted on a campaign",
};

export const ALERT_CHANNEL_LABELS: Record<AlertChannel, string> = {
  dashboard: "Dashboard",
  email: "Email and dashboard",
  off: "Off",
};

export const listNotificationsInput = connectionInput({ unread_only: z.boolean().nullish() });
export type ListNotificationsInput = z.infer<typeof listNotificationsInput>;

export const markNotificationsReadInput = z
  .object({
    ids: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
    all: z.boolean().optional(),
  })
  .refine((input) => (input.ids !== undefined) !== (input.all === true), {
    message: "Give either ids or all: true",
    path: ["ids"],
  });

export const listNotificationPreferencesInput = z.object({});

export const setNotificationPreferenceInput = z.object({
  kind: z.enum(ALERT_KINDS),
  channel: z.enum(ALERT_CHANNELS),
});

export type Notification = {
  id: string;
  kind: AlertKind;
  campaignId: string | null;
  endpointId: string | null;
  title: string;
  body: string;
  linkPath: string;
  createdAt: Date;
  readAt: Date | null;
};

export type NotificationPreference = { kind: AlertKind; channel: AlertChannel; isDefault: boolean };
