// Whether a connected app's grant still stands, checked on every use of one of
// its tokens, as an API client's status is (docs/decisions/0907): a per-process
// cache of 30 s, forgotten at once where the grant is revoked. The check is also
// what records the app's "last used" time (one conditional update, at most
// once per 30 s per grant and instance).
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { processWide } from "@/lib/process-wide";
import { keyedTtlMemo } from "@/lib/ttl-memo";
import { isRole, type Role } from "../roles";

/** How long a process trusts a grant's "not revoked": a revocation elsewhere takes effect within it. */
export const GRANT_STATUS_CACHE_MS = 30_000;

/**
 * One cache per process, whichever copy of this file reads it: Next bundles each route with
 * its own copy of the modules it imports, so a revocation by GraphQL's copy (the Connected
 * apps page) must reach the cache /mcp's copy reads, and server.ts's (RFC 7009) too.
 */
const grantStatus = processWide("grantPrincipal", () =>
  keyedTtlMemo<ActiveGrant | null>(GRANT_STATUS_CACHE_MS, 10_000),
);

/** What a standing grant holds now: its scopes, and the role its user has in the advertiser (docs/decisions/1433). */
export type ActiveGrant = { scopes: string[]; role: Role | null };

/**
 * The scopes a grant holds now and its user's role, or null when it no longer stands: revoked,
 * of another advertiser, or approved by a user who is no longer a member of it (a grant acts as
 * its user, so it never outlives their membership; docs/decisions/1430). Its scopes narrow when
 * the user's role does; the role decides what an admin-only read shows it (1433).
 */
export async function activeGrant(
  grantId: string,
  advertiserId: string,
  options: { clock?: Clock } = {},
): Promise<ActiveGrant | null> {
  return grantStatus.get(
    `${grantId}\u0000${advertiserId}`,
    async (nowMs) => {
      const { count } = await db().oAuthGrant.updateMany({
        where: { id: grantId, advertiserId, revokedAt: null, user: { memberships: { some: { advertiserId } } } },
        data: { lastUsedAt: nowDate(() => nowMs) },
      });
      if (count !== 1) return null;
      const row = await db().oAuthGrant.findUnique({
        where: { id: grantId },
        select: {
          scopes: true,
          user: { select: { memberships: { where: { advertiserId }, select: { role: true } } } },
        },
      });
      if (!row) return null;
      const role = row.user.memberships[0]?.role;
      return { scopes: row.scopes.split(" ").filter(Boolean), role: isRole(role) ? role : null };
    },
    options.clock,
  );
}

/** The scopes a grant holds now, or null when it no longer stands (activeGrant). */
export async function activeGrantScopes(
  grantId: string,
  advertiserId: string,
  options: { clock?: Clock } = {},
): Promise<string[] | null> {
  return (await activeGrant(grantId, advertiserId, options))?.scopes ?? null;
}

export async function isGrantActive(
  grantId: string,
  advertiserId: string,
  options: { clock?: Clock } = {},
): Promise<boolean> {
  return (await activeGrant(grantId, advertiserId, options)) !== null;
}

/** Forgets the cached status of a grant (it was just revoked in this process). */
export function forgetGrantStatus(grantId: string): void {
  grantStatus.deleteWhere((key) => key.startsWith(`${grantId}\u0000`));
}

/** Forgets the cached statuses of the advertiser's grants (a member's role just changed in this process). */
export function forgetAdvertiserGrantStatuses(advertiserId: string): void {
  grantStatus.deleteWhere((key) => key.endsWith(`\u0000${advertiserId}`));
}
