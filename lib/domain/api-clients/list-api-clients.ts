// The advertiser's API clients, newest first (campaigns:read, like the other
// account settings, docs/decisions/1109), as a cursor-paginated connection; and
// batch lookups by id (GraphQL's loaders).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { countedKeysetPage, newestFirst, type Connection } from "@/lib/domain/pagination";
import { defineOperation } from "@/lib/operations/operation";
import { apiClientSelect, toApiClient } from "./api-client-rows";
import { listApiClientsInput, type ApiClient, type ListApiClientsInput } from "./api-clients.schemas";

export const listApiClients = defineOperation({
  name: "listApiClients",
  access: "campaigns:read",
  // the API keys page is an admin's (docs/decisions/1009)
  role: "admin",
  write: false,
  input: listApiClientsInput,
  run: (actor, input) => apiClientConnection(actor, input),
});

/** A page of the advertiser's clients; revoked ones only when asked for. */
export async function apiClientConnection(actor: Actor, input: ListApiClientsInput): Promise<Connection<ApiClient>> {
  const { include_revoked: includeRevoked, ...page } = input;
  return countedKeysetPage(page, newestFirst("createdAt", "date"), {
    base: { advertiserId: actor.advertiserId, ...(includeRevoked ? {} : { revokedAt: null }) },
    count: (args) => db().apiClient.count(args),
    findMany: (args) => db().apiClient.findMany({ ...args, select: apiClientSelect }),
    valueOf: (row) => row.createdAt,
    view: toApiClient,
  });
}

/** Clients of the actor's advertiser by id (others are absent). */
export async function getApiClients(actor: Actor, ids: readonly string[]): Promise<Map<string, ApiClient>> {
  const rows = await db().apiClient.findMany({
    where: { id: { in: [...new Set(ids)] }, advertiserId: actor.advertiserId },
    select: apiClientSelect,
  });
  return new Map(rows.map((row) => [row.id, toApiClient(row)]));
}
