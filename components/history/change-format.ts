// The change history as the dashboard reads it (docs/decisions/1008): who (a
// person, an API key, a connected app for its user, or the service with its
// reason), what (the operation in words), and each field's before and after
// (GraphQL gives them as JSON text of the REST value: USD amounts as numbers).
// The /history filters live in the URL (a GET form, like the report's): this
// reads them back, with an error per field instead of a failed page.
import type { ChangeActorType, ChangeTargetType } from "@/graphql/__generated__/client/graphql";
import { formatDate, formatUsd } from "@/components/format";

export const ACTOR_LABELS: Record<ChangeActorType, string> = {
  USER: "Person (dashboard)",
  API_CLIENT: "API key",
  OAUTH_APP: "Connected app",
  SYSTEM: "System",
};

export const TARGET_LABELS: Record<ChangeTargetType, string> = {
  CAMPAIGN: "Campaign",
  CREATIVE: "Creative variant",
  WEBHOOK_ENDPOINT: "Webhook endpoint",
  API_CLIENT: "API key",
  POSTBACK_KEY: "Postback key",
  CONNECTED_APP: "Connected app",
  MEMBER: "Member",
  INVITATION: "Invitation",
  BILLING_ACCOUNT: "Billing account",
  ADVERTISER: "Advertiser",
  RULE: "Automated rule",
  SAVED_REPORT: "Saved report",
};

const OPERATION_LABELS: Record<string, string> = {
  createCampaign: "Created the campaign",
  updateCampaign: "Changed the campaign",
  cancelCampaign: "Cancelled the campaign",
  setAdvertiserCategory: "Set the advertiser's category",
  setLicensedRegions: "Set the licensed regions",
  addCreativeVariant: "Added a creative variant",
  registerWebhookEndpoint: "Registered a webhook endpoint",
  updateWebhookEndpoint: "Changed a webhook endpoint's events",
  deactivateWebhookEndpoint: "Deactivated a webhook endpoint",
  createApiClient: "Created an API key",
  revokeApiClient: "Revoked an API key",
  createPostbackKey: "Created a postback key",
  renamePostbackKey: "Renamed a postback key",
  revokePostbackKey: "Revoked a postback key",
  approveConnectedApp: "Connected an app",
  revokeConnectedApp: "Disconnected an app",
  createAdvertiser: "Opened the account",
  endCampaign: "Ended the campaign",
  adjustBid: "Adjusted the bid",
  setBilling: "Changed the billing terms",
  updateBillingProfile: "Changed the billing profile",
  narrowConnectedApp: "Narrowed a connected app to the member's new role",
  narrowApiClient: "Narrowed an API key to its creator's new role",
  enableTwoFactor: "Turned on two-factor sign-in",
  disableTwoFactor: "Turned off two-factor sign-in",
  addPasskey: "Added a passkey",
  removePasskey: "Removed a passkey",
  setTwoFactorRequirement: "Changed the two-factor requirement",
  undoChange: "Undid a change",
  applyRule: "Applied an automated rule",
  createRule: "Created an automated rule",
  updateRule: "Changed an automated rule",
  deleteRule: "Deleted an automated rule",
  saveReport: "Saved a report",
  updateSavedReport: "Changed a saved report",
  deleteSavedReport: "Deleted a saved report",
  sendScheduledReport: "Emailed a scheduled report",
  sendSavedReportNow: "Sent a saved report now",
  duplicateCampaign: "Copied a campaign",
  setVariantStatus: "Changed a variant's status",
  inviteMember: "Invited a member",
  revokeInvitation: "Revoked an invitation",
  acceptInvitation: "Joined by invitation",
  joinBySignUp: "Joined by signing up",
  changeMemberRole: "Changed a member's role",
  removeMember: "Removed a member",
  confirmTotpEnrolment: "Turned on two-factor sign-in",
  finishPasskeyEnrolment: "Added a passkey",
  sendWebhookTestEvent: "Sent a webhook test event",
  retryWebhookDelivery: "Redelivered a webhook event",
  answerAuthorization: "Connected an app",
  signOutEverywhere: "Signed out everywhere",
  completePasswordReset: "Reset the password",
};

/** camelCase in words: "someNewOperation" is "Some new operation". */
function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether an operation has words of its own (test/operation-catalog.test.ts holds every recorded operation to it). */
export function hasOperationLabel(operation: string): boolean {
  return Object.hasOwn(OPERATION_LABELS, operation);
}

/** The operation in words (its name in words when it has none); a campaign's creation also records its first variant. */
export function operationLabel(operation: string, target?: ChangeTargetType): string {
  if (operation === "createCampaign" && target === "CREATIVE") return "Created the campaign's first variant";
  if (operation === "duplicateCampaign" && target === "CREATIVE") return "Created the copy's variant";
  return OPERATION_LABELS[operation] ?? humanize(operation);
}

const FIELD_LABELS: Record<string, string> = {
  bid_cpm_usd: "Bid (CPM)",
  daily_budget_usd: "Daily budget",
  total_budget_usd: "Total budget",
  target_cpa_usd: "Target CPA",
  end_date: "End date",
  start_date: "Start date",
  ended_reason: "Ended because",
  postback_url: "Postback URL",
  moment_types: "Moment types",
  variant_label: "Variant",
  body: "Message",
  cta_text: "Button",
  icon_url: "Icon URL",
  action_url: "Action URL",
  review_reason: "Review note",
  credit_limit_usd: "Credit limit",
  legal_name: "Legal name",
  tax_id: "Tax ID",
};

/** A field's REST name in words: "bid_cpm_usd" is "Bid (CPM)", "status" is "Status". */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's value (JSON text) for reading: amounts in dollars, lists joined, nothing as "—". */
export function fieldValue(field: string, json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.map(String).join(", ") : "—";
  if (typeof value === "number" && field.endsWith("_usd")) return formatUsd(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" && CALENDAR_DAY.test(value)) return formatDate(value, { locale: "en-US" });
  return String(value);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A field's value when it is an instant (ISO text with a zone), for the table to show in the reader's zone; else null. */
export function fieldInstant(json: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  return typeof value === "string" && INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

const REASON_LABELS: Record<string, string> = {
  budget_exhausted: "the total budget was spent",
  end_date: "its end date passed",
};

/** Why the system made a change, in words (a free-form reason, such as the CPA controller's, as it is). */
export function reasonLabel(reason: string): string {
  return REASON_LABELS[reason] ?? reason.replace(/_/g, " ");
}

// ------------------------------------------------------------------ /history's filters

export type HistoryParams = {
  actor: ChangeActorType | null;
  campaign: string | null;
  kind: ChangeTargetType | null;
  /** YYYY-MM-DD, UTC days, both included */
  since: string | null;
  until: string | null;
  /** the cursor of the page to start after */
  after: string | null;
};
export type HistoryParamErrors = Partial<Record<"actor" | "campaign" | "kind" | "since" | "until", string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function one(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === "" ? null : text.trim();
}

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The page's URL parameters: what it asks for, and what in it cannot be asked (shown next to its field). */
export function parseHistoryParams(search: Record<string, string | string[] | undefined>): {
  params: HistoryParams;
  errors: HistoryParamErrors;
} {
  const errors: HistoryParamErrors = {};
  const actorText = one(search.actor)?.toUpperCase() ?? null;
  const actor = actorText && actorText in ACTOR_LABELS ? (actorText as ChangeActorType) : null;
  if (actorText && !actor) errors.actor = "Choose who made the change from the list.";
  const kindText = one(search.kind)?.toUpperCase() ?? null;
  const kind = kindText && kindText in TARGET_LABELS ? (kindText as ChangeTargetType) : null;
  if (kindText && !kind) errors.kind = "Choose a kind of change from the list.";
  let since = one(search.since);
  let until = one(search.until);
  if (since && !validDate(since)) {
    errors.since = "Enter a date as YYYY-MM-DD.";
    since = null;
  }
  if (until && !validDate(until)) {
    errors.until = "Enter a date as YYYY-MM-DD.";
    until = null;
  }
  if (since && until && until < since) errors.until = "Must be on or after the start date.";
  const campaign = one(search.campaign);
  return { params: { actor, campaign, kind, since, until, after: one(search.after) }, errors };
}

/** The URL of /history with `params` (and a page cursor), leaving out what is unset. */
export function historyHref(params: Omit<HistoryParams, "after">, after?: string | null): string {
  const query = new URLSearchParams();
  if (params.actor) query.set("actor", params.actor.toLowerCase());
  if (params.campaign) query.set("campaign", params.campaign);
  if (params.kind) query.set("kind", params.kind.toLowerCase());
  if (params.since) query.set("since", params.since);
  if (params.until) query.set("until", params.until);
  if (after) query.set("after", after);
  const text = query.toString();
  return text ? `/history?${text}` : "/history";
}
