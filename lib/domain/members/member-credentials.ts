// What a member set up for an advertiser, and what becomes of it when they leave
// or lose a role (docs/decisions/1430): the connected apps they approved act as
// them, the invitations they sent carry their say-so, and the API keys they
// created were made with their authority. Removing a member revokes all three
// (an admin may keep the API keys on purpose: they may run a production
// integration); demoting one narrows their connected apps and API keys to the new
// role's scopes (revoked when none is left) and revokes the invitations they sent
// (only an admin invites). Each revocation is a history row of its own with the
// reason, written in the transaction of the removal or the demotion.
import { apiClientFieldValues, forgetClientStatus } from "@/lib/auth/clients";
import { connectedAppFieldValues } from "@/lib/auth/oauth/grants";
import { forgetGrantStatus } from "@/lib/auth/oauth/grant-status";
import { ROLE_SCOPES, type Role } from "@/lib/auth/roles";
import { splitScopes } from "@/lib/auth/scopes";
import type { Tx } from "@/lib/db/client";
import { fieldChanges, recordChange, type ChangeActor, type FieldValue } from "@/lib/history/changes";

export type MemberChangeContext = {
  advertiserId: string;
  userId: string;
  by: ChangeActor;
  now: Date;
  /** the history rows' reason: member_removed, member_demoted, password_reset, ... */
  reason: string;
};

/** What was revoked or narrowed (the ids, for the caller to forget cached statuses after the commit). */
export type CredentialChanges = {
  revokedGrantIds: string[];
  narrowedGrantIds: string[];
  revokedInvitationIds: string[];
  revokedApiClientIds: string[];
  narrowedApiClientIds: string[];
};

const NONE: CredentialChanges = {
  revokedGrantIds: [],
  narrowedGrantIds: [],
  revokedInvitationIds: [],
  revokedApiClientIds: [],
  narrowedApiClientIds: [],
};

function record(tx: Tx, context: MemberChangeContext, operation: string, target: TargetRef, fields: Fields) {
  return recordChange(tx, {
    advertiserId: context.advertiserId,
    atMs: context.now.getTime(),
    actor: context.by,
    operation,
    target,
    fields,
    reason: context.reason,
  });
}
type TargetRef = Parameters<typeof recordChange>[1]["target"];
type Fields = Parameters<typeof recordChange>[1]["fields"];

/** Revokes the connected apps the user approved for the advertiser. */
async function revokeGrants(tx: Tx, context: MemberChangeContext): Promise<string[]> {
  const grants = await tx.oAuthGrant.findMany({
    where: { advertiserId: context.advertiserId, userId: context.userId, revokedAt: null },
  });
  for (const grant of grants) {
    const { count } = await tx.oAuthGrant.updateMany({
      where: { id: grant.id, revokedAt: null },
      data: { revokedAt: context.now },
    });
    if (count === 0) continue;
    await record(
      tx,
      context,
      "revokeConnectedApp",
      { type: "connected_app", id: grant.id },
      fieldChanges(connectedAppFieldValues(grant), connectedAppFieldValues({ ...grant, revokedAt: context.now })),
    );
  }
  return grants.map((grant) => grant.id);
}

/** Revokes the user's pending invitations to the advertiser. */
async function revokeInvitations(tx: Tx, context: MemberChangeContext): Promise<string[]> {
  const pending = await tx.invitation.findMany({
    where: { advertiserId: context.advertiserId, invitedById: context.userId, acceptedAt: null, revokedAt: null },
    select: { id: true, expiresAt: true },
  });
  for (const invitation of pending) {
    await tx.invitation.updateMany({ where: { id: invitation.id, revokedAt: null }, data: { revokedAt: context.now } });
    await record(
      tx,
      context,
      "revokeInvitation",
      { type: "invitation", id: invitation.id },
      fieldChanges({ revoked_at: null }, { revoked_at: context.now.toISOString() }),
    );
  }
  return pending.map((invitation) => invitation.id);
}

/** Revokes the active API clients the user created for the advertiser. */
async function revokeApiClients(tx: Tx, context: MemberChangeContext): Promise<string[]> {
  const clients = await tx.apiClient.findMany({
    where: { advertiserId: context.advertiserId, createdById: context.userId, revokedAt: null },
  });
  for (const client of clients) {
    await tx.apiClient.updateMany({ where: { id: client.id, revokedAt: null }, data: { revokedAt: context.now } });
    await record(
      tx,
      context,
      "revokeApiClient",
      { type: "api_client", id: client.id },
      fieldChanges(apiClientFieldValues(client), apiClientFieldValues({ ...client, revokedAt: context.now })),
    );
  }
  return clients.map((client) => client.id);
}

/** A member leaves the advertiser: what they set up goes with them (the API keys unless kept). */
export async function revokeLeavingMemberCredentials(
  tx: Tx,
  context: MemberChangeContext,
  options: { keepApiClients: boolean },
): Promise<CredentialChanges> {
  return {
    ...NONE,
    revokedGrantIds: await revokeGrants(tx, context),
    revokedInvitationIds: await revokeInvitations(tx, context),
    revokedApiClientIds: options.keepApiClients ? [] : await revokeApiClients(tx, context),
  };
}

/**
 * A member's role changes: their connected apps keep only the scopes the new role holds (revoked
 * when none is left); below admin, their pending invitations are revoked (only an admin invites).
 */
export async function narrowMemberCredentials(
  tx: Tx,
  context: MemberChangeContext,
  role: Role,
): Promise<CredentialChanges> {
  if (role === "admin") return NONE;
  const allowed = new Set<string>(ROLE_SCOPES[role]);
  const grants = await narrowEach(
    tx,
    context,
    allowed,
    await tx.oAuthGrant.findMany({
      where: { advertiserId: context.advertiserId, userId: context.userId, revokedAt: null },
    }),
    {
      target: "connected_app",
      operations: ["narrowConnectedApp", "revokeConnectedApp"],
      fieldValues: connectedAppFieldValues,
      update: (id, data) => tx.oAuthGrant.update({ where: { id }, data }),
    },
  );
  const clients = await narrowEach(
    tx,
    context,
    allowed,
    await tx.apiClient.findMany({
      where: { advertiserId: context.advertiserId, createdById: context.userId, revokedAt: null },
    }),
    {
      target: "api_client",
      operations: ["narrowApiClient", "revokeApiClient"],
      fieldValues: apiClientFieldValues,
      update: (id, data) => tx.apiClient.update({ where: { id }, data }),
    },
  );
  const changes: CredentialChanges = {
    ...NONE,
    narrowedGrantIds: grants.narrowed,
    revokedGrantIds: grants.revoked,
    narrowedApiClientIds: clients.narrowed,
    revokedApiClientIds: clients.revoked,
  };
  changes.revokedInvitationIds = await revokeInvitations(tx, context);
  return changes;
}

type Scoped = { id: string; scopes: string; revokedAt: Date | null };

/**
 * Each credential (a connected app's grant, an API key) narrowed to the `allowed` scopes, or
 * revoked when none is left, each with its history row. Answers the ids of each kind of change.
 */
async function narrowEach<T extends Scoped>(
  tx: Tx,
  context: MemberChangeContext,
  allowed: ReadonlySet<string>,
  rows: readonly T[],
  kind: {
    target: TargetRef["type"];
    operations: readonly [narrowed: string, revoked: string];
    fieldValues: (row: T) => Record<string, FieldValue>;
    update: (id: string, data: { revokedAt: Date } | { scopes: string }) => Promise<unknown>;
  },
): Promise<{ narrowed: string[]; revoked: string[] }> {
  const outcome = { narrowed: [] as string[], revoked: [] as string[] };
  for (const row of rows) {
    const scopes = splitScopes(row.scopes);
    const kept = scopes.filter((scope) => allowed.has(scope));
    if (kept.length === scopes.length) continue;
    const data = kept.length === 0 ? { revokedAt: context.now } : { scopes: kept.join(" ") };
    await kind.update(row.id, data);
    await record(
      tx,
      context,
      kind.operations[kept.length === 0 ? 1 : 0],
      { type: kind.target, id: row.id },
      fieldChanges(kind.fieldValues(row), kind.fieldValues({ ...row, ...data })),
    );
    outcome[kept.length === 0 ? "revoked" : "narrowed"].push(row.id);
  }
  return outcome;
}

/** After the commit: this process stops trusting the cached statuses of what changed. */
export function forgetCredentialStatuses(changes: CredentialChanges): void {
  for (const id of [...changes.revokedGrantIds, ...changes.narrowedGrantIds]) forgetGrantStatus(id);
  for (const id of [...changes.revokedApiClientIds, ...changes.narrowedApiClientIds]) forgetClientStatus(id);
}

/**
 * The user's connected apps, for every advertiser: a password reset or "sign out everywhere" ends
 * what acts as the user, not only their sessions (an app approved from a stolen session would
 * otherwise outlive the new password). Answers the grant ids, to forget after the commit.
 */
export async function revokeUserGrantsEverywhere(
  tx: Tx,
  context: Omit<MemberChangeContext, "advertiserId">,
): Promise<CredentialChanges> {
  const advertisers = await tx.oAuthGrant.findMany({
    where: { userId: context.userId, revokedAt: null },
    select: { advertiserId: true },
    distinct: ["advertiserId"],
  });
  const revokedGrantIds: string[] = [];
  for (const { advertiserId } of advertisers) {
    revokedGrantIds.push(...(await revokeGrants(tx, { ...context, advertiserId })));
  }
  return { ...NONE, revokedGrantIds };
}
