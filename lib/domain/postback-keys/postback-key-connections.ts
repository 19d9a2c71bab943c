// Postback keys as a cursor-paginated connection, and batch lookups by id
// (GraphQL). The view is the REST list's; only the paging differs.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { countedKeysetPage, newestFirst, type Connection, type ConnectionArgs } from "@/lib/domain/pagination";
import { postbackKeySelect, toPostbackKeyView } from "./postback-key-rows";
import type { PostbackKeyView } from "./postback-keys.schemas";

/** The advertiser's keys, newest first; revoked ones only when asked for. */
export async function listPostbackKeyConnection(
  actor: Actor,
  filter: { include_revoked?: boolean | null },
  page: ConnectionArgs,
): Promise<Connection<PostbackKeyView>> {
  return countedKeysetPage(page, newestFirst("createdAt", "date"), {
    base: { advertiserId: actor.advertiserId, ...(filter.include_revoked ? {} : { revokedAt: null }) },
    count: (args) => db().postbackKey.count(args),
    findMany: (args) => db().postbackKey.findMany({ ...args, select: postbackKeySelect }),
    valueOf: (row) => row.createdAt,
    view: toPostbackKeyView,
  });
}

/** Keys of the actor's advertiser by id (others are absent). */
export async function getPostbackKeys(actor: Actor, ids: readonly string[]): Promise<Map<string, PostbackKeyView>> {
  const rows = await db().postbackKey.findMany({
    where: { id: { in: [...new Set(ids)] }, advertiserId: actor.advertiserId },
    select: postbackKeySelect,
  });
  return new Map(rows.map((row) => [row.id, toPostbackKeyView(row)]));
}
