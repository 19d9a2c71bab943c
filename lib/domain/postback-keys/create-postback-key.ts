// Creates a postback key for the actor's advertiser. The key (256 random bits)
// is returned this once; only its SHA-256 is stored (lib/auth/secrets.ts, as
// client secrets and platform keys). From the first active key on, every
// postback for the advertiser's campaigns must carry an active key.
import type { Actor } from "@/lib/auth/actor";
import { hashSecret, newSecret } from "@/lib/auth/secrets";
import { nowDate, type Clock } from "@/lib/clock";
import { checkAdvertiserCap } from "@/lib/db/advertiser-cap";
import { db } from "@/lib/db/client";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { defineOperation } from "@/lib/operations/operation";
import { postbackKeySelect } from "./postback-key-rows";
import {
  createPostbackKeyInput,
  MAX_ACTIVE_POSTBACK_KEYS,
  type CreatedPostbackKey,
  createdPostbackKeyView,
} from "./postback-keys.schemas";

/** A retry with the same idempotency key gets the first answer without the key (stored in no table). */
export const createPostbackKey = defineOperation({
  name: "createPostbackKey",
  access: "campaigns:write",
  // a credential for partners: account administration for a dashboard member (docs/decisions/1009)
  role: "admin",
  write: true,
  history: "postback_key",
  idempotent: true,
  storedForReplay: (created: CreatedPostbackKey): CreatedPostbackKey => ({ ...created, key: null }),
  input: createPostbackKeyInput,
  output: createdPostbackKeyView,
  run: (actor, input, { clock }) => createPostbackKeyFor(actor, { clock, name: input.name ?? null }),
});

export async function createPostbackKeyFor(
  actor: Actor,
  options: { clock?: Clock; name?: string | null } = {},
): Promise<CreatedPostbackKey & { key: string }> {
  const name = options.name ?? null;
  const key = newSecret("pbkey");
  const now = nowDate(options.clock);
  const by = await changeActorOf(actor);
  const postbackKey = await db().$transaction(async (tx) => {
    await checkAdvertiserCap(tx, actor.advertiserId, now, {
      count: (locked) => locked.postbackKey.count({ where: { advertiserId: actor.advertiserId, revokedAt: null } }),
      max: MAX_ACTIVE_POSTBACK_KEYS,
      refusal: `An advertiser may have at most ${MAX_ACTIVE_POSTBACK_KEYS} active postback keys; revoke one first.`,
    });
    const created = await tx.postbackKey.create({
      data: { id: newId("pbk"), advertiserId: actor.advertiserId, name, keyHash: hashSecret(key), createdAt: now },
      select: postbackKeySelect,
    });
    // the key is never recorded (nor its hash): only that one now exists
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: createPostbackKey.name,
      target: { type: "postback_key", id: created.id },
      fields: fieldChanges(null, { name, revoked_at: null, created_at: now.toISOString() }),
    });
    return created;
  });
  return { postbackKey, key };
}
