// Revokes an API client (idempotent: revoking again answers the same). The
// dashboard session only: a token could otherwise revoke the client it is
// using (docs/decisions/1106). A revoked client gets no new token, and its
// tokens stop working at once on the instance that revoked it and within 30 s
// on the others (lib/auth/clients.ts caches a client's status that long,
// decision 0907). Another advertiser's client, or an id that names none, is 404.
import type { Actor } from "@/lib/auth/actor";
import { forgetClientStatus } from "@/lib/auth/clients";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { apiClientSelect, toApiClient } from "./api-client-rows";
import { revokeApiClientInput, type ApiClient } from "./api-clients.schemas";

export const revokeApiClient = defineOperation({
  name: "revokeApiClient",
  access: "session",
  write: true,
  input: revokeApiClientInput,
  run: (actor, input, { clock }) => revokeApiClientFor(actor, input.id, { clock }),
});

export async function revokeApiClientFor(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<ApiClient> {
  const owned = { id, advertiserId: actor.advertiserId };
  await db().apiClient.updateMany({
    where: { ...owned, revokedAt: null },
    data: { revokedAt: nowDate(options.clock) },
  });
  forgetClientStatus(id);
  const row = await db().apiClient.findFirst({ where: owned, select: apiClientSelect });
  if (!row) throw new AppError("not_found", { detail: "No API client with this id." });
  return toApiClient(row);
}
