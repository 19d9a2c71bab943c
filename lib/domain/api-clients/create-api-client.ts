// Creates an API client with the chosen scopes; its secret is answered this
// once (only its SHA-256 is kept). The dashboard session only: a token could
// otherwise mint itself a client with broader scopes (docs/decisions/1106). The
// cap on active clients is lib/auth/clients.ts's, which every way of creating
// one obeys (decision 1109).
import type { Actor } from "@/lib/auth/actor";
import { createClient } from "@/lib/auth/clients";
import type { Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { changeActorOf } from "@/lib/history/change-actor";
import { defineOperation } from "@/lib/operations/operation";
import { apiClientSelect, toApiClient } from "./api-client-rows";
import {
  CLIENT_SECRET_WARNING,
  createApiClientInput,
  type CreateApiClientInput,
  type CreatedApiClient,
} from "./api-clients.schemas";

export const createApiClient = defineOperation({
  name: "createApiClient",
  access: "session",
  write: true,
  history: "api_client",
  input: createApiClientInput,
  run: (actor, input, { clock }) => createApiClientFor(actor, input, { clock }),
});

export async function createApiClientFor(
  actor: Actor,
  input: CreateApiClientInput,
  options: { clock?: Clock } = {},
): Promise<CreatedApiClient> {
  const by = { actor: await changeActorOf(actor), operation: createApiClient.name };
  const created = await createClient(actor.advertiserId, {
    by,
    name: input.name.trim(),
    scopes: input.scopes,
    clock: options.clock,
    // removing this member revokes the client unless an admin keeps it (removeMember)
    createdById: actor.userId,
  });
  const row = await db().apiClient.findUniqueOrThrow({ where: { id: created.clientId }, select: apiClientSelect });
  return { apiClient: toApiClient(row), clientSecret: created.clientSecret, warning: CLIENT_SECRET_WARNING };
}
