// The advertiser's postback keys, newest first, revoked ones included (their
// revoked_at says so). Never the keys themselves: only their hashes are kept.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { defineOperation } from "@/lib/operations/operation";
import { postbackKeySelect } from "./postback-key-rows";
import { listPostbackKeysInput, type PostbackKey, postbackKeyListView } from "./postback-keys.schemas";

export const listPostbackKeys = defineOperation({
  name: "listPostbackKeys",
  access: "campaigns:read",
  // the postback keys page is an admin's (docs/decisions/1009)
  role: "admin",
  write: false,
  input: listPostbackKeysInput,
  output: postbackKeyListView,
  run: (actor) => postbackKeyList(actor),
});

export async function postbackKeyList(actor: Actor): Promise<PostbackKey[]> {
  return db().postbackKey.findMany({
    where: { advertiserId: actor.advertiserId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: postbackKeySelect,
  });
}
