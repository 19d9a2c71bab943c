// List, create and revoke the advertiser's API clients. Creating and revoking
// need the dashboard session: a Bearer token could otherwise mint itself a
// client with broader scopes, or revoke the client it is using
// (docs/decisions/1106). A revoked client gets no new token, and its tokens
// stop working at once on the instance that revoked it and within 30 s on the
// others (lib/auth/clients.ts caches a client's status that long, decision 0907).
import type { Actor } from "@/lib/auth/actor";
import { createApiClient as createClient, forgetClientStatus } from "@/lib/auth/clients";
import { isScope, splitScopes } from "@/lib/auth/scopes";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { countedKeysetPage, newestFirst, type Connection, type ConnectionArgs } from "@/lib/domain/pagination";
import { AppError, parseInput } from "@/lib/errors";
import {
  CLIENT_SECRET_WARNING,
  createApiClientInput,
  type ApiClientView,
  type CreateApiClientInput,
  type CreatedApiClientView,
} from "./api-clients.schemas";

type ApiClientRow = {
  id: string;
  name: string;
  scopes: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const select = { id: true, name: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export function toApiClientView(row: ApiClientRow): ApiClientView {
  return {
    id: row.id,
    name: row.name,
    scopes: splitScopes(row.scopes).filter(isScope),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

function requireSession(actor: Actor, what: string): void {
  if (actor.via !== "session") {
    throw new AppError("session_required", {
      detail: `${what} is account administration: sign in to the dashboard to do it (an access token cannot).`,
    });
  }
}

/** The advertiser's clients, newest first; revoked ones only when asked for. */
export async function listApiClients(
  actor: Actor,
  filter: { include_revoked?: boolean | null },
  page: ConnectionArgs,
): Promise<Connection<ApiClientView>> {
  return countedKeysetPage(page, newestFirst("createdAt", "date"), {
    base: { advertiserId: actor.advertiserId, ...(filter.include_revoked ? {} : { revokedAt: null }) },
    count: (args) => db().apiClient.count(args),
    findMany: (args) => db().apiClient.findMany({ ...args, select }),
    valueOf: (row) => row.createdAt,
    view: toApiClientView,
  });
}

/** Clients of the actor's advertiser by id (others are absent). */
export async function getApiClients(actor: Actor, ids: readonly string[]): Promise<Map<string, ApiClientView>> {
  const rows = await db().apiClient.findMany({
    where: { id: { in: [...new Set(ids)] }, advertiserId: actor.advertiserId },
    select,
  });
  return new Map(rows.map((row) => [row.id, toApiClientView(row)]));
}

export async function createApiClient(actor: Actor, input: CreateApiClientInput): Promise<CreatedApiClientView> {
  requireSession(actor, "Creating an API client");
  const data = parseInput(createApiClientInput, input);
  const created = await createClient(actor.advertiserId, { name: data.name.trim(), scopes: data.scopes });
  const row = await db().apiClient.findUniqueOrThrow({ where: { id: created.clientId }, select });
  return { client: toApiClientView(row), client_secret: created.clientSecret, warning: CLIENT_SECRET_WARNING };
}

/** Revokes a client (idempotent: revoking again answers the same). */
export async function revokeApiClient(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<ApiClientView> {
  requireSession(actor, "Revoking an API client");
  const owned = { id, advertiserId: actor.advertiserId };
  await db().apiClient.updateMany({
    where: { ...owned, revokedAt: null },
    data: { revokedAt: nowDate(options.clock) },
  });
  forgetClientStatus(id);
  const row = await db().apiClient.findFirst({ where: owned, select });
  if (!row) throw new AppError("not_found", { detail: "No API client with this id." });
  return toApiClientView(row);
}
