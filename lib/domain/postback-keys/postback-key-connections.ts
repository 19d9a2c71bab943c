// Postback keys as a cursor-paginated connection (GraphQL's
// Advertiser.postbackKeys), and batch lookups by id (its loaders). The keys are
// REST's list's; only the paging, and revoked keys hidden unless asked, differ.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { countedKeysetPage, newestFirst, type Connection } from "@/lib/domain/pagination";
import { defineOperation } from "@/lib/operations/operation";
import { postbackKeySelect } from "./postback-key-rows";
import {
  listPostbackKeyConnectionInput,
  type ListPostbackKeyConnectionInput,
  type PostbackKey,
} from "./postback-keys.schemas";

export const listPostbackKeyConnection = defineOperation({
  name: "listPostbackKeyConnection",
  access: "campaigns:read",
  // the postback keys page is an admin's (docs/decisions/1009)
  role: "admin",
  write: false,
  input: listPostbackKeyConnectionInput,
  run: (actor, input) => postbackKeyConnection(actor, input),
});

/** A page of the advertiser's keys, newest first; revoked ones only when asked for. */
export async function postbackKeyConnection(
  actor: Actor,
  input: ListPostbackKeyConnectionInput,
): Promise<Connection<PostbackKey>> {
  const { include_revoked: includeRevoked, ...page } = input;
  return countedKeysetPage(page, newestFirst("createdAt", "date"), {
    base: { advertiserId: actor.advertiserId, ...(includeRevoked ? {} : { revokedAt: null }) },
    count: (args) => db().postbackKey.count(args),
    findMany: (args) => db().postbackKey.findMany({ ...args, select: postbackKeySelect }),
    valueOf: (row) => row.createdAt,
    view: (row) => row,
  });
}

/** Keys of the actor's advertiser by id (others are absent). */
export async function getPostbackKeys(actor: Actor, ids: readonly string[]): Promise<Map<string, PostbackKey>> {
  const rows = await db().postbackKey.findMany({
    where: { id: { in: [...new Set(ids)] }, advertiserId: actor.advertiserId },
    select: postbackKeySelect,
  });
  return new Map(rows.map((row) => [row.id, row]));
}
