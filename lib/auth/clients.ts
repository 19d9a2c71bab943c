// OAuth clients (client-credentials): creation by the operator CLI or the
// dashboard, and authentication at the token endpoint.
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { fieldChanges, recordChange, SYSTEM_ACTORS, type ChangeActor } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { processWide } from "@/lib/process-wide";
import { keyedTtlMemo } from "@/lib/ttl-memo";
import { checkAdvertiserCap } from "@/lib/db/advertiser-cap";
import { isRole, type Role } from "./roles";
import { SCOPES, isScope, splitScopes, type Scope } from "./scopes";
import { hashSecret, newSecret, secretMatches } from "./secrets";

/** A new client id and secret, and the hash that is all we keep of the secret. */
export function newClientCredentials(): { clientId: string; clientSecret: string; secretHash: string } {
  const clientSecret = newSecret("sk");
  return { clientId: newId("cli"), clientSecret, secretHash: hashSecret(clientSecret) };
}

export type CreatedClient = { clientId: string; clientSecret: string; scopes: Scope[] };

/** Who creates or revokes a client, and through which operation, as the change history records it. */
export type ClientChangeBy = { actor: ChangeActor; operation: string };

/** The change history's actor for the operator's CLI and the demo seed (createClient's default). */
const OPERATOR_CREATES: ClientChangeBy = { actor: SYSTEM_ACTORS.operator, operation: "createApiClient" };

/** An API client's recorded fields: name, scopes and when it was revoked (never its secret). */
export function apiClientFieldValues(client: { name: string; scopes: string; revokedAt: Date | null }) {
  return { name: client.name, scopes: splitScopes(client.scopes), revoked_at: client.revokedAt?.toISOString() ?? null };
}

/**
 * Active (unrevoked) API clients per advertiser: every way of creating one (the
 * dashboard, the admin CLI, the demo seed) is held to it, so a stolen session
 * cannot mint credentials without bound (docs/decisions/1109).
 */
export const MAX_ACTIVE_API_CLIENTS = 25;

/**
 * A new client of the advertiser with these scopes (all by default), held to the cap of
 * active clients, recorded in the change history as `by` (by default the operator) in the same
 * transaction; the secret is in the answer only. The dashboard's createApiClient
 * operation, the operator CLI and the demo seed all create clients here.
 */
export async function createClient(
  advertiserId: string,
  options: { name?: string; scopes?: string[]; clock?: Clock; by?: ClientChangeBy; createdById?: string } = {},
): Promise<CreatedClient> {
  const by = options.by ?? OPERATOR_CREATES;
  const requested = options.scopes ?? [...SCOPES];
  const unknown = requested.filter((scope) => !isScope(scope));
  if (unknown.length || requested.length === 0) {
    throw new AppError("validation_failed", {
      detail: `scopes must be a non-empty subset of: ${SCOPES.join(" ")}`,
      fieldErrors: [{ path: "scopes", message: unknown.length ? `unknown scope ${unknown.join(", ")}` : "empty" }],
    });
  }
  const { clientId, clientSecret, secretHash } = newClientCredentials();
  const scopes = [...new Set(requested)] as Scope[];
  const now = nowDate(options.clock);
  await db().$transaction(async (tx) => {
    await checkAdvertiserCap(tx, advertiserId, now, {
      count: (locked) => locked.apiClient.count({ where: { advertiserId, revokedAt: null } }),
      max: MAX_ACTIVE_API_CLIENTS,
      refusal: `An advertiser may have at most ${MAX_ACTIVE_API_CLIENTS} active API clients; revoke one first.`,
    });
    const created = await tx.apiClient.create({
      data: {
        id: clientId,
        advertiserId,
        name: options.name ?? "API client",
        secretHash,
        scopes: scopes.join(" "),
        createdAt: now,
        createdById: options.createdById ?? null,
      },
    });
    await recordChange(tx, {
      advertiserId,
      atMs: now.getTime(),
      actor: by.actor,
      operation: by.operation,
      target: { type: "api_client", id: clientId },
      fields: fieldChanges(null, apiClientFieldValues(created)),
    });
  });
  return { clientId, clientSecret, scopes };
}

export type AuthenticatedClient = { clientId: string; advertiserId: string; scopes: Scope[] };

/** The client if the id exists, is not revoked and the secret matches; otherwise null. */
export async function authenticateClient(
  clientId: string,
  clientSecret: string,
  options: { clock?: Clock } = {},
): Promise<AuthenticatedClient | null> {
  const client = await db().apiClient.findUnique({ where: { id: clientId } });
  // Hash even when the client is unknown, so timing does not reveal which ids exist.
  const matches = secretMatches(clientSecret, client?.secretHash ?? "0".repeat(64));
  if (!client || client.revokedAt || !matches) return null;
  await db().apiClient.update({ where: { id: clientId }, data: { lastUsedAt: nowDate(options.clock) } });
  return { clientId: client.id, advertiserId: client.advertiserId, scopes: splitScopes(client.scopes).filter(isScope) };
}

/** How long a process trusts a client's "not revoked" (docs/decisions/0907): a revocation elsewhere takes effect within it. */
export const CLIENT_STATUS_CACHE_MS = 30_000;
/** One cache per process, whichever copy of this file reads it: a revocation through the dashboard's copy reaches the REST guard's. */
const clientStatus = processWide("clientPrincipal", () =>
  keyedTtlMemo<ClientPrincipal | null>(CLIENT_STATUS_CACHE_MS, 10_000),
);

/**
 * What an active client acts as (docs/decisions/1433): the role its creator holds in the
 * advertiser now (null when they are no longer a member: a key an admin kept on removing them),
 * or admin for a client the operator made (the CLI, the demo seed: the advertiser's own key).
 */
export type ClientPrincipal = { role: Role | null };

/**
 * The client's principal while it exists for this advertiser and is not revoked (checked on
 * every token use), else null. The answer is kept for CLIENT_STATUS_CACHE_MS per client; a
 * revocation or a role change in this process forgets it at once (forgetClientStatus,
 * forgetAdvertiserClientStatuses).
 */
export async function activeClientPrincipal(
  clientId: string,
  advertiserId: string,
  options: { clock?: Clock } = {},
): Promise<ClientPrincipal | null> {
  return clientStatus.get(
    `${clientId}\u0000${advertiserId}`,
    async () => {
      const client = await db().apiClient.findUnique({
        where: { id: clientId },
        select: { advertiserId: true, revokedAt: true, createdById: true },
      });
      if (!client || client.advertiserId !== advertiserId || client.revokedAt !== null) return null;
      if (client.createdById === null) return { role: "admin" };
      const membership = await db().membership.findUnique({
        where: { advertiserId_userId: { advertiserId, userId: client.createdById } },
        select: { role: true },
      });
      return { role: membership && isRole(membership.role) ? membership.role : null };
    },
    options.clock,
  );
}

/** True while the client exists for this advertiser and is not revoked (activeClientPrincipal). */
export async function isClientActive(
  clientId: string,
  advertiserId: string,
  options: { clock?: Clock } = {},
): Promise<boolean> {
  return (await activeClientPrincipal(clientId, advertiserId, options)) !== null;
}

/**
 * Revokes the client `clientId` if it is active (and, with `advertiserId`, that advertiser's), with
 * its row in the change history naming `by` in the same transaction; true when this call revoked it.
 */
export async function revokeClientRow(
  clientId: string,
  by: ClientChangeBy,
  options: { advertiserId?: string; clock?: Clock } = {},
): Promise<boolean> {
  const now = nowDate(options.clock);
  const owned = { id: clientId, ...(options.advertiserId ? { advertiserId: options.advertiserId } : {}) };
  const revoked = await db().$transaction(async (tx) => {
    const { count } = await tx.apiClient.updateMany({ where: { ...owned, revokedAt: null }, data: { revokedAt: now } });
    if (count === 0) return false;
    const row = await tx.apiClient.findUniqueOrThrow({ where: { id: clientId } });
    await recordChange(tx, {
      advertiserId: row.advertiserId,
      atMs: now.getTime(),
      actor: by.actor,
      operation: by.operation,
      target: { type: "api_client", id: clientId },
      fields: fieldChanges(apiClientFieldValues({ ...row, revokedAt: null }), apiClientFieldValues(row)),
    });
    return true;
  });
  forgetClientStatus(clientId);
  return revoked;
}

/**
 * The operator's revocation (npm run admin -- revoke-client): no new token for the client, and
 * its tokens stop working here at once and on other instances within CLIENT_STATUS_CACHE_MS.
 * Revoking again answers the first revocation's time; an unknown id is not_found.
 */
export async function revokeClient(
  clientId: string,
  options: { clock?: Clock } = {},
): Promise<{ clientId: string; advertiserId: string; revokedAt: Date }> {
  await revokeClientRow(clientId, { actor: SYSTEM_ACTORS.operator, operation: "revokeApiClient" }, options);
  const row = await db().apiClient.findUnique({
    where: { id: clientId },
    select: { advertiserId: true, revokedAt: true },
  });
  if (!row?.revokedAt) throw new AppError("not_found", { detail: `No API client ${clientId}.` });
  return { clientId, advertiserId: row.advertiserId, revokedAt: row.revokedAt };
}

/** Forgets the cached status of a client (it was just revoked in this process). */
export function forgetClientStatus(clientId: string): void {
  clientStatus.deleteWhere((key) => key.startsWith(`${clientId}\u0000`));
}

/** Forgets the cached principals of the advertiser's clients (a member's role just changed in this process). */
export function forgetAdvertiserClientStatuses(advertiserId: string): void {
  clientStatus.deleteWhere((key) => key.endsWith(`\u0000${advertiserId}`));
}
