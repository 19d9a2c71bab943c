// The change history of the actor's advertiser (docs/decisions/1008), newest
// first: GET /api/ads/changes (a cursor and a limit) and GraphQL's connections
// on the advertiser and on each campaign (first/after, last/before). Both page
// the same keyset (at, then id) with the same filters. A campaign filter that
// names no campaign of the caller is 404, as any id that names nothing the
// caller owns (docs/api.md), rather than an empty page that would read as "no
// changes". A caller sees the changes of a kind of target only when it may run
// the operation that lists that kind (a viewer or a campaigns:read token sees no
// member's or invitation's change: listing members needs an admin's session).
import { getAdvertiser } from "@/lib/domain/advertisers/get-advertiser";
import { getBilling } from "@/lib/domain/billing/accounts";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { getCampaignOrThrow } from "@/lib/domain/campaigns/get-campaign";
import { countedKeysetPage, keysetPage, type Connection, type SortOrder } from "@/lib/domain/pagination";
import { AppError, validationError } from "@/lib/errors";
import { listApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { listCampaigns } from "@/lib/domain/campaigns/list-campaigns";
import { listConnectedApps } from "@/lib/domain/connected-apps/connected-apps";
import { listInvitations } from "@/lib/domain/members/list-invitations";
import { listMembers } from "@/lib/domain/members/list-members";
import { listPostbackKeys } from "@/lib/domain/postback-keys/list-postback-keys";
import { TARGET_TYPES, type ActorType, type FieldChanges, type TargetType } from "@/lib/history/changes";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhooks";
import { listRules } from "@/lib/domain/rules/get-rules";
import { listSavedReports } from "@/lib/domain/saved-reports/save-report";
import { defineOperation, mayRun, type AnyOperation } from "@/lib/operations/operation";
import {
  listChangesByCursorInput,
  listChangesQuery,
  type ChangeFilters,
  type ListChangesByCursorInput,
  type ListChangesQuery,
  changeListView,
} from "./history.schemas";

/** One change as the domain answers it. */
export type Change = {
  id: string;
  at: Date;
  /** handle: a user's email, a client's id (null for the system and rows older than it) */
  actor: { type: ActorType; id: string; name: string; handle: string | null };
  /** an OAuth app's user (handle: their email) */
  onBehalfOf: { id: string; name: string; handle: string | null } | null;
  operation: string;
  target: { type: TargetType; id: string };
  campaignId: string | null;
  fields: FieldChanges;
  reason: string | null;
};

export type ChangeList = { changes: Change[]; nextCursor: string | null };

type ChangeRecord = {
  id: string;
  atMs: bigint;
  actorType: string;
  actorId: string;
  actorName: string;
  actorHandle: string | null;
  onBehalfOfId: string | null;
  onBehalfOfName: string | null;
  onBehalfOfHandle: string | null;
  operation: string;
  targetType: string;
  targetId: string;
  campaignId: string | null;
  fields: string;
  reason: string | null;
};

export function changeOf(row: ChangeRecord): Change {
  return {
    id: row.id,
    at: new Date(Number(row.atMs)),
    actor: { type: row.actorType as ActorType, id: row.actorId, name: row.actorName, handle: row.actorHandle },
    onBehalfOf:
      row.onBehalfOfId === null
        ? null
        : { id: row.onBehalfOfId, name: row.onBehalfOfName ?? row.onBehalfOfId, handle: row.onBehalfOfHandle },
    operation: row.operation,
    target: { type: row.targetType as TargetType, id: row.targetId },
    campaignId: row.campaignId,
    fields: JSON.parse(row.fields) as FieldChanges,
    reason: row.reason,
  };
}

/** Newest first: the instant, then the id (time-ordered too) between changes of one millisecond. */
const NEWEST_FIRST: SortOrder = { key: "at", field: { field: "atMs", kind: "bigint" }, direction: "desc" };

/** The operation that lists each kind of target: its access decides who sees that kind's changes. */
const LISTED_BY: Record<TargetType, AnyOperation> = {
  campaign: listCampaigns,
  creative: listCampaigns,
  webhook_endpoint: listWebhookEndpoints,
  api_client: listApiClients,
  postback_key: listPostbackKeys,
  connected_app: listConnectedApps,
  member: listMembers,
  invitation: listInvitations,
  // the advertiser's own settings (its category and licences, whether two-factor sign-in is
  // required): whoever may read the advertiser (GET /api/ads/advertiser shows the first two)
  advertiser: getAdvertiser,
  // the billing terms and profile: whoever may read the billing account
  billing_account: getBilling,
  // automated rules (docs/decisions/0700) and saved reports (0701): whoever may list them
  rule: listRules,
  saved_report: listSavedReports,
};

/** The kinds of target whose changes `actor` may read. */
export function visibleTargetTypes(actor: Actor): TargetType[] {
  return TARGET_TYPES.filter((type) => mayRun(LISTED_BY[type], actor));
}

/** The rows the filters keep, of the actor's advertiser only; a campaign that is not the caller's is 404. */
async function filterWhere(actor: Actor, filters: ChangeFilters) {
  const visible = visibleTargetTypes(actor);
  if (filters.campaign_id !== undefined) await getCampaignOrThrow(actor, filters.campaign_id);
  const at =
    filters.since === undefined && filters.until === undefined
      ? {}
      : {
          atMs: {
            ...(filters.since === undefined ? {} : { gte: BigInt(filters.since) }),
            ...(filters.until === undefined ? {} : { lt: BigInt(filters.until) }),
          },
        };
  return {
    advertiserId: actor.advertiserId,
    ...(filters.campaign_id === undefined ? {} : { campaignId: filters.campaign_id }),
    ...(filters.actor_type === undefined ? {} : { actorType: filters.actor_type }),
    ...(filters.actor_id === undefined ? {} : { actorId: filters.actor_id }),
    targetType: { in: filters.target_type === undefined ? visible : visible.filter((t) => t === filters.target_type) },
    ...at,
  };
}

/** GET /api/ads/changes (and the MCP tool list_changes). */
export const listChanges = defineOperation({
  name: "listChanges",
  access: "campaigns:read",
  write: false,
  input: listChangesQuery,
  output: changeListView,
  run: (actor, input) => changeList(actor, input),
});

export async function changeList(actor: Actor, query: ListChangesQuery): Promise<ChangeList> {
  const { cursor, limit, ...filters } = query;
  const base = await filterWhere(actor, filters);
  let page;
  try {
    page = await keysetPage(
      { first: limit, after: cursor ?? null },
      NEWEST_FIRST,
      ({ where, orderBy, take }) =>
        db().change.findMany({ where: where ? { AND: [base, where] } : base, orderBy, take }),
      (row) => row.atMs,
    );
  } catch (error) {
    // the connection's argument is REST's `cursor`
    if (error instanceof AppError && error.code === "validation_failed")
      throw validationError([{ path: "cursor", message: "is not a cursor of this list (use next_cursor as it came)" }]);
    throw error;
  }
  return {
    changes: page.rows.map(changeOf),
    nextCursor: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null,
  };
}

/** GraphQL's Advertiser.changes and Campaign.changes (the campaign as `campaign_id`). */
export const listChangesByCursor = defineOperation({
  name: "listChangesByCursor",
  access: "campaigns:read",
  write: false,
  input: listChangesByCursorInput,
  run: (actor, input) => changeConnection(actor, input),
});

export async function changeConnection(actor: Actor, input: ListChangesByCursorInput): Promise<Connection<Change>> {
  const { first, after, last, before, ...filters } = input;
  const base = await filterWhere(actor, filters);
  return countedKeysetPage({ first, after, last, before }, NEWEST_FIRST, {
    base,
    count: (args) => db().change.count(args),
    findMany: (args) => db().change.findMany(args),
    valueOf: (row) => row.atMs,
    view: changeOf,
  });
}
