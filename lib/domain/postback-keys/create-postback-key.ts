// Creates a postback key for the actor's advertiser. The key (256 random bits)
// is returned this once; only its SHA-256 is stored (lib/auth/secrets.ts, as
// client secrets and platform keys). From the first active key on, every
// postback for the advertiser's campaigns must carry an active key.
import type { Actor } from "@/lib/auth/actor";
import { hashSecret, newSecret } from "@/lib/auth/secrets";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { MAX_ACTIVE_POSTBACK_KEYS, type CreatedPostbackKeyView } from "./postback-keys.schemas";

export async function createPostbackKey(
  actor: Actor,
  options: { clock?: Clock } = {},
): Promise<CreatedPostbackKeyView & { key: string }> {
  const active = await db().postbackKey.count({ where: { advertiserId: actor.advertiserId, revokedAt: null } });
  if (active >= MAX_ACTIVE_POSTBACK_KEYS) {
    throw new AppError("conflict", {
      detail: `An advertiser may have at most ${MAX_ACTIVE_POSTBACK_KEYS} active postback keys; revoke one first.`,
    });
  }
  const key = newSecret("pbkey");
  const row = await db().postbackKey.create({
    data: {
      id: newId("pbk"),
      advertiserId: actor.advertiserId,
      keyHash: hashSecret(key),
      createdAt: nowDate(options.clock),
    },
    select: { id: true, createdAt: true },
  });
  return { id: row.id, key, created_at: row.createdAt.toISOString() };
}
