// Renames a postback key (docs/decisions/1240): the name says which partner it
// is for; null removes it. Active and revoked keys alike (a revoked key's name
// keeps its history readable). Another advertiser's key, or any id that is not
// one, is 404. The same name again changes nothing and records nothing.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { postbackKeySelect } from "./postback-key-rows";
import { renamePostbackKeyInput, type PostbackKey, postbackKeyView } from "./postback-keys.schemas";

export const renamePostbackKey = defineOperation({
  name: "renamePostbackKey",
  access: "campaigns:write",
  // the postback keys are an admin's (docs/decisions/1009)
  role: "admin",
  write: true,
  history: "postback_key",
  idempotent: true,
  input: renamePostbackKeyInput,
  output: postbackKeyView,
  run: (actor, input, { clock }) => renamePostbackKeyFor(actor, input.id, input.name, { clock }),
});

export async function renamePostbackKeyFor(
  actor: Actor,
  id: string,
  name: string | null,
  options: { clock?: Clock } = {},
): Promise<PostbackKey> {
  const owned = { id, advertiserId: actor.advertiserId };
  const now = nowDate(options.clock);
  const by = await changeActorOf(actor);
  return db().$transaction(async (tx) => {
    const before = await tx.postbackKey.findFirst({ where: owned, select: postbackKeySelect });
    if (!before) throw new AppError("not_found", { detail: "No postback key with this id." });
    if (before.name === name) return before;
    const after = await tx.postbackKey.update({ where: { id }, data: { name }, select: postbackKeySelect });
    await recordChange(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: renamePostbackKey.name,
      target: { type: "postback_key", id },
      fields: fieldChanges({ name: before.name }, { name }),
    });
    return after;
  });
}
