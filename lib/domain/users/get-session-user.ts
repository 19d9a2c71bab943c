// The user a dashboard session names, if they still exist (a deleted user's
// session ends at once, not at its expiry), with the session version a live
// session's token must carry (docs/decisions/1423). The advertiser comes from
// the row, never from the token.
import { db } from "@/lib/db/client";

export type SessionUserRow = {
  userId: string;
  advertiserId: string;
  email: string;
  name: string;
  sessionVersion: number;
};

export async function getSessionUser(userId: string): Promise<SessionUserRow | null> {
  const row = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, advertiserId: true, email: true, name: true, sessionVersion: true },
  });
  return row
    ? {
        userId: row.id,
        advertiserId: row.advertiserId,
        email: row.email,
        name: row.name,
        sessionVersion: row.sessionVersion,
      }
    : null;
}
