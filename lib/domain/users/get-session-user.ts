// The user a dashboard session names, if they still exist and are still a member
// of the advertiser the session selected (a deleted user's session ends at once,
// and so does a removed member's session for that advertiser), with their role
// there and the session version a live session's token must carry
// (docs/decisions/1423, 1426). The advertiser and the role come from the
// database on every request, never from the token.
import { isRole, type Role } from "@/lib/auth/roles";
import { db } from "@/lib/db/client";

export type SessionUserRow = {
  userId: string;
  advertiserId: string;
  role: Role;
  email: string;
  name: string;
  sessionVersion: number;
  timeZone: string;
  /** the advertiser requires two-factor sign-in and the user has none (docs/decisions/1431) */
  twoFactorPending: boolean;
};

/**
 * `advertiserId`: the advertiser the session selected; undefined for a token issued before
 * sessions selected one (it reads as the user's first membership, their own advertiser then).
 */
export async function getSessionUser(userId: string, advertiserId?: string): Promise<SessionUserRow | null> {
  const row = await db().user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      sessionVersion: true,
      timeZone: true,
      totp: { select: { confirmedAt: true } },
      _count: { select: { passkeys: true } },
      memberships: {
        where: advertiserId === undefined ? {} : { advertiserId },
        orderBy: [{ createdAt: "asc" }, { advertiserId: "asc" }],
        take: 1,
        select: { advertiserId: true, role: true, advertiser: { select: { twoFactorRequiredAt: true } } },
      },
    },
  });
  const membership = row?.memberships[0];
  if (!row || !membership || !isRole(membership.role)) return null;
  return {
    userId: row.id,
    advertiserId: membership.advertiserId,
    role: membership.role,
    email: row.email,
    name: row.name,
    sessionVersion: row.sessionVersion,
    timeZone: row.timeZone,
    // a passkey satisfies the requirement as an authenticator app does (docs/decisions/1434)
    twoFactorPending:
      membership.advertiser.twoFactorRequiredAt !== null && !row.totp?.confirmedAt && row._count.passkeys === 0,
  };
}
