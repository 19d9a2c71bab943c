// Who the history names for a caller (docs/decisions/1008). The credential
// decides the kind: the dashboard session is its user; an OAuth grant's token is
// the connected app, acting for the user who approved it; any other token is its
// API client. The name is read when the change is made and kept with it, so the
// history still reads right after a rename or a revocation. Beside the name,
// which anyone chooses and two may share, each actor carries what tells it
// apart: a user's email, a client's id (docs/decisions/1430). Read before the
// change's transaction opens: a name is a label, not part of what commits.
import type { Actor } from "@/lib/auth/actor";
import { db, type Db, type Tx } from "@/lib/db/client";
import type { ChangeActor } from "./changes";

/** An API client whose row is gone (never in practice: clients are revoked, not deleted). */
const UNKNOWN_CLIENT = "API client";
const UNKNOWN_USER = "Dashboard user";

/** A user as the history names them: their name (or email) and their email. */
async function userLabel(
  client: Db | Tx,
  userId: string | undefined,
): Promise<{ name: string; handle: string | null }> {
  if (!userId) return { name: UNKNOWN_USER, handle: null };
  const user = await client.user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
  return { name: user?.name.trim() || user?.email || UNKNOWN_USER, handle: user?.email ?? null };
}

/** The history's actor for `actor` (its name as it is now). */
export async function changeActorOf(actor: Actor, client: Db | Tx = db()): Promise<ChangeActor> {
  if (actor.via === "session") {
    return { type: "user", id: actor.userId ?? "unknown", ...(await userLabel(client, actor.userId)) };
  }
  if (actor.grantId) {
    const grant = await client.oAuthGrant.findUnique({
      where: { id: actor.grantId },
      select: { clientName: true, clientId: true, userId: true },
    });
    const userId = grant?.userId ?? actor.userId;
    return {
      type: "oauth_app",
      id: actor.grantId,
      name: grant?.clientName ?? actor.clientId ?? "Connected app",
      handle: grant?.clientId ?? actor.clientId ?? null,
      onBehalfOf: { id: userId ?? "unknown", ...(await userLabel(client, userId)) },
    };
  }
  if (!actor.clientId) return { type: "api_client", id: "unknown", name: UNKNOWN_CLIENT, handle: null };
  const row = await client.apiClient.findUnique({ where: { id: actor.clientId }, select: { name: true } });
  return { type: "api_client", id: actor.clientId, name: row?.name ?? UNKNOWN_CLIENT, handle: actor.clientId };
}

/** A user by id, as the history names them (the consent page's approval, where no Actor exists yet). */
export async function userChangeActor(userId: string, client: Db | Tx = db()): Promise<ChangeActor> {
  return { type: "user", id: userId, ...(await userLabel(client, userId)) };
}
