// Connected apps: the OAuth grants users of the advertiser approved for
// applications (MCP clients) on the consent page (docs/decisions/1312). Listing
// shows each app with its scopes, who approved it, when, and when it last used
// its access; revoking ends its tokens and refresh tokens at once on this
// instance, within 30 s on the others (lib/auth/oauth/grant-status.ts), as an
// API client's revocation does (decision 0907). Revoking is account
// administration: the dashboard session only, as for API clients (1106).
import { revokeGrant } from "@/lib/auth/oauth/grants";
import { isScope, splitScopes } from "@/lib/auth/scopes";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { changeActorOf } from "@/lib/history/change-actor";
import { defineOperation } from "@/lib/operations/operation";
import { listConnectedAppsInput, revokeConnectedAppInput, type ConnectedApp } from "./connected-apps.schemas";

/** At most this many are listed (an advertiser approving more is not a use we know). */
export const CONNECTED_APPS_LISTED = 100;

const select = {
  id: true,
  clientId: true,
  clientName: true,
  clientUri: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  user: { select: { email: true, name: true } },
} as const;

type Row = {
  id: string;
  clientId: string;
  clientName: string;
  clientUri: string | null;
  scopes: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  user: { email: string; name: string };
};

function toConnectedApp(row: Row): ConnectedApp {
  return {
    id: row.id,
    name: row.clientName,
    clientId: row.clientId,
    clientHost: row.clientId.startsWith("https://") ? new URL(row.clientId).host : null,
    uri: row.clientUri,
    scopes: splitScopes(row.scopes).filter(isScope),
    approvedBy: row.user,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  };
}

/** The advertiser's connected apps not revoked, newest first. */
export const listConnectedApps = defineOperation({
  name: "listConnectedApps",
  access: "campaigns:read",
  // the connected apps page is an admin's (docs/decisions/1009)
  role: "admin",
  write: false,
  input: listConnectedAppsInput,
  run: async (actor): Promise<ConnectedApp[]> => {
    const rows = await db().oAuthGrant.findMany({
      where: { advertiserId: actor.advertiserId, revokedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: CONNECTED_APPS_LISTED,
      select,
    });
    return rows.map(toConnectedApp);
  },
});

/** Revokes a connected app of the advertiser (revoking it again answers it unchanged); another's is not_found. */
export const revokeConnectedApp = defineOperation({
  name: "revokeConnectedApp",
  access: "session",
  write: true,
  history: "connected_app",
  input: revokeConnectedAppInput,
  run: async (actor, input, context): Promise<ConnectedApp> => {
    const owned = { id: input.id, advertiserId: actor.advertiserId };
    const row = await db().oAuthGrant.findFirst({ where: owned, select: { id: true } });
    if (!row) throw new AppError("not_found", { detail: "No connected app with this id." });
    const by = { actor: await changeActorOf(actor), operation: revokeConnectedApp.name };
    await revokeGrant(row.id, by, { clock: context.clock });
    return toConnectedApp(await db().oAuthGrant.findFirstOrThrow({ where: owned, select }));
  },
});
