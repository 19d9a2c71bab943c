// Revokes a postback key: postbacks carrying it are refused from then on (401
// invalid_postback_key). Idempotent: revoking a revoked key answers its listing
// unchanged. Another advertiser's key, or any id that is not one, is 404.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { postbackKeySelect, toPostbackKeyView } from "./postback-key-rows";
import type { PostbackKeyView } from "./postback-keys.schemas";

export async function revokePostbackKey(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<PostbackKeyView> {
  const owned = { id, advertiserId: actor.advertiserId };
  // only an active key changes, so a repeat keeps the first revocation's time
  await db().postbackKey.updateMany({
    where: { ...owned, revokedAt: null },
    data: { revokedAt: nowDate(options.clock) },
  });
  const row = await db().postbackKey.findFirst({ where: owned, select: postbackKeySelect });
  if (!row) throw new AppError("not_found", { detail: "No postback key with this id." });
  return toPostbackKeyView(row);
}
