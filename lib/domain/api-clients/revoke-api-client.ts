// Revokes an API client (idempotent: revoking again answers the same). The
// dashboard session only: a token could otherwise revoke the client it is
// using (docs/decisions/1106). A revoked client gets no new token, and its
// tokens stop working at once on the instance that revoked it and within 30 s
// on the others (lib/auth/clients.ts caches a client's status that long,
// decision 0907). Another advertiser's client, or an id that names none, is 404.
import type { Actor } from "@/lib/auth/actor";
import { forgetClientStatus, revokeClientRow } from "@/lib/auth/clients";
import type { Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { defineOperation } from "@/lib/operations/operation";
import { apiClientSelect, toApiClient } from "./api-client-rows";
import { revokeApiClientInput, type ApiClient } from "./api-clients.schemas";

export const revokeApiClient = defineOperation({
  name: "revokeApiClient",
  access: "session",
  write: true,
  history: "api_client",
  input: revokeApiClientInput,
  run: (actor, input, { clock }) => revokeApiClientFor(actor, input.id, { clock }),
});

export async function revokeApiClientFor(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<ApiClient> {
  const owned = { id, advertiserId: actor.advertiserId };
  const active = await db().apiClient.count({ where: { ...owned, revokedAt: null } });
  // only an active client changes (a repeat keeps the first revocation and writes no history)
  if (active > 0) {
    const by = { actor: await changeActorOf(actor), operation: revokeApiClient.name };
    await revokeClientRow(id, by, { advertiserId: actor.advertiserId, clock: options.clock });
  }
  // revoked on another instance meanwhile: this one stops trusting its cached status too
  forgetClientStatus(id);
  const row = await db().apiClient.findFirst({ where: owned, select: apiClientSelect });
  if (!row) throw new AppError("not_found", { detail: "No API client with this id." });
  return toApiClient(row);
}
