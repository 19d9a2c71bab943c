// Revokes a postback key: postbacks carrying it are refused from then on (401
// invalid_postback_key). Idempotent: revoking a revoked key answers it
// unchanged. Another advertiser's key, or any id that is not one, is 404.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { recordRevocation } from "@/lib/history/record-revocation";
import { defineOperation } from "@/lib/operations/operation";
import { postbackKeySelect } from "./postback-key-rows";
import { revokePostbackKeyInput, type PostbackKey, postbackKeyView } from "./postback-keys.schemas";

export const revokePostbackKey = defineOperation({
  name: "revokePostbackKey",
  access: "campaigns:write",
  // a credential for partners: account administration for a dashboard member (docs/decisions/1009)
  role: "admin",
  write: true,
  history: "postback_key",
  idempotent: true,
  input: revokePostbackKeyInput,
  output: postbackKeyView,
  run: (actor, input, { clock }) => revokePostbackKeyFor(actor, input.id, { clock }),
});

export async function revokePostbackKeyFor(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<PostbackKey> {
  const owned = { id, advertiserId: actor.advertiserId };
  // only an active key changes, so a repeat keeps the first revocation's time (and writes no history)
  if ((await db().postbackKey.count({ where: { ...owned, revokedAt: null } })) > 0) {
    const now = nowDate(options.clock);
    await recordRevocation(
      actor,
      now,
      { operation: revokePostbackKey.name, target: { type: "postback_key", id } },
      (tx) => tx.postbackKey.updateMany({ where: { ...owned, revokedAt: null }, data: { revokedAt: now } }),
    );
  }
  const row = await db().postbackKey.findFirst({ where: owned, select: postbackKeySelect });
  if (!row) throw new AppError("not_found", { detail: "No postback key with this id." });
  return row;
}
