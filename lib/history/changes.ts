// The change history (docs/decisions/1008): every change to an advertiser's
// configuration (campaigns, their variants, webhook endpoints, API clients,
// postback keys, connected apps, the operator's category and licences) is a row of `changes`, written in the
// transaction of the change itself, so a change that commits has its row and
// one that fails (a refused input, a lost race, a fault) has none. A row says
// when, who (a user through the dashboard, an API client, an OAuth app on behalf
// of a user, or the system with its reason), through which operation, on what,
// and each changed field's before and after in the REST API's names and units
// (USD numbers, ISO text; never a secret). Like the outbox, rows are built here
// once: Prisma writers call recordChange inside their transaction; the delivery
// and webhook stores insert the same rows with their own SQL (CHANGE_COLUMNS).
import { DAY_MS } from "@/lib/clock";
import type { Tx } from "@/lib/db/client";
import { sortableId } from "@/lib/ids";

/** Changes are kept at least this long, then pruned (lib/history/prune.ts). */
export const CHANGE_RETENTION_DAYS = 400;
export const CHANGE_RETENTION_MS = CHANGE_RETENTION_DAYS * DAY_MS;

export const ACTOR_TYPES = ["user", "api_client", "oauth_app", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const TARGET_TYPES = [
  "campaign",
  "creative",
  "webhook_endpoint",
  "api_client",
  "postback_key",
  "connected_app",
  "member",
  "invitation",
  "billing_account",
  "advertiser",
  "rule",
  "saved_report",
] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** Who made a change, as the history names it (the name as it was then). */
export type ChangeActor = {
  type: ActorType;
  /** usr_…, cli_…, ogr_… (the connected app), or the system job */
  id: string;
  name: string;
  /**
   * What tells the actor apart beside a name anyone chooses (docs/decisions/1430): a user's email,
   * an API client's or a connected app's client id; none for the system
   */
  handle?: string | null;
  /** an OAuth app's user: who approved the app that acted (and their email) */
  onBehalfOf?: { id: string; name: string; handle?: string | null } | null;
};

/** The system's jobs, each an actor of its own; their rows carry a reason. */
export const SYSTEM_ACTORS = {
  /** the impression writer: a batch that spends the rest of a total budget ends the campaign */
  delivery: { type: "system", id: "delivery", name: "Ad delivery" },
  /** the lifecycle sweep: end dates that passed, budgets lowered below the spend */
  lifecycle: { type: "system", id: "lifecycle", name: "Campaign lifecycle" },
  /** target-CPA auto-bidding (docs/decisions/0405) */
  cpaController: { type: "system", id: "cpa_controller", name: "Target-CPA controller" },
  /** automatic deactivation after 410 Gone or 5 days of failures (docs/decisions/0601) */
  webhookDispatcher: { type: "system", id: "webhook_dispatcher", name: "Webhook dispatcher" },
  /** a reused authorization code or refresh token revokes its connected app (docs/decisions/1312) */
  oauth: { type: "system", id: "oauth", name: "OAuth server" },
  /** the operator's CLI (npm run admin) and the demo seed */
  operator: { type: "system", id: "operator", name: "Operator" },
} as const satisfies Record<string, ChangeActor>;

/** A field's value as the API shows it: USD as numbers, instants and dates as ISO text. */
export type FieldValue = string | number | boolean | null | string[];
export type FieldChange = { from: FieldValue; to: FieldValue };
export type FieldChanges = Record<string, FieldChange>;

export type ChangeInput = {
  advertiserId: string;
  atMs: number;
  actor: ChangeActor;
  /** the operation's catalog name, or the system job's step */
  operation: string;
  target: { type: TargetType; id: string };
  /** the campaign a change to a campaign or one of its creatives belongs to */
  campaignId?: string | null;
  fields: FieldChanges;
  /** why the system made it */
  reason?: string | null;
};

/** The column values of one row (raw SQL writers insert them as they are). */
export type ChangeRow = {
  id: string;
  advertiserId: string;
  atMs: number;
  actorType: ActorType;
  actorId: string;
  actorName: string;
  actorHandle: string | null;
  onBehalfOfId: string | null;
  onBehalfOfName: string | null;
  onBehalfOfHandle: string | null;
  operation: string;
  targetType: TargetType;
  targetId: string;
  campaignId: string | null;
  fields: string;
  reason: string | null;
};

/** The table's columns in the order changeValues lists them (both SQL drivers insert with it). */
export const CHANGE_COLUMNS = [
  "id",
  "advertiser_id",
  "at_ms",
  "actor_type",
  "actor_id",
  "actor_name",
  "actor_handle",
  "on_behalf_of_id",
  "on_behalf_of_name",
  "on_behalf_of_handle",
  "operation",
  "target_type",
  "target_id",
  "campaign_id",
  "fields",
  "reason",
] as const;

export function changeRow(input: ChangeInput): ChangeRow {
  return {
    // time-ordered: the primary key is appended to
    id: sortableId("chg", input.atMs),
    advertiserId: input.advertiserId,
    atMs: input.atMs,
    actorType: input.actor.type,
    actorId: input.actor.id,
    actorName: input.actor.name,
    actorHandle: input.actor.handle ?? null,
    onBehalfOfId: input.actor.onBehalfOf?.id ?? null,
    onBehalfOfName: input.actor.onBehalfOf?.name ?? null,
    onBehalfOfHandle: input.actor.onBehalfOf?.handle ?? null,
    operation: input.operation,
    targetType: input.target.type,
    targetId: input.target.id,
    campaignId: input.campaignId ?? null,
    fields: JSON.stringify(input.fields),
    reason: input.reason ?? null,
  };
}

/** A row's values in CHANGE_COLUMNS order. */
export function changeValues(row: ChangeRow): (string | number | null)[] {
  return [
    row.id,
    row.advertiserId,
    row.atMs,
    row.actorType,
    row.actorId,
    row.actorName,
    row.actorHandle,
    row.onBehalfOfId,
    row.onBehalfOfName,
    row.onBehalfOfHandle,
    row.operation,
    row.targetType,
    row.targetId,
    row.campaignId,
    row.fields,
    row.reason,
  ];
}

function same(a: FieldValue, b: FieldValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields whose value differs between `before` and `after` (null before: created, every
 * field from null; null after: removed, every field to null), in `after`'s (or `before`'s) order.
 */
export function fieldChanges(
  before: Readonly<Record<string, FieldValue>> | null,
  after: Readonly<Record<string, FieldValue>> | null,
): FieldChanges {
  const names = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  const changes: FieldChanges = {};
  for (const name of names) {
    const from = before?.[name] ?? null;
    const to = after?.[name] ?? null;
    if (!same(from, to)) changes[name] = { from, to };
  }
  return changes;
}

/** Writes a change inside `tx`, the transaction of the change it records (it commits or rolls back with it). */
export async function recordChange(tx: Tx, input: ChangeInput): Promise<ChangeRow> {
  const row = changeRow(input);
  await tx.change.create({ data: { ...row, atMs: BigInt(row.atMs) } });
  return row;
}
