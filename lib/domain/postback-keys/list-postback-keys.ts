// The advertiser's postback keys, newest first, revoked ones included (their
// revoked_at says so). Never the keys themselves: only their hashes are kept.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { postbackKeySelect, toPostbackKeyView } from "./postback-key-rows";
import type { PostbackKeyListView } from "./postback-keys.schemas";

export async function listPostbackKeys(actor: Actor): Promise<PostbackKeyListView> {
  const rows = await db().postbackKey.findMany({
    where: { advertiserId: actor.advertiserId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: postbackKeySelect,
  });
  return { postback_keys: rows.map(toPostbackKeyView) };
}
