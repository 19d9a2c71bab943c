// The user a dashboard session names, if they still exist (a deleted user's
// session ends at once, not at its expiry). The advertiser comes from the row,
// never from the token.
import { db } from "@/lib/db/client";

export type SessionUserRow = { userId: string; advertiserId: string; email: string; name: string };

export async function getSessionUser(userId: string): Promise<SessionUserRow | null> {
  const row = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, advertiserId: true, email: true, name: true },
  });
  return row ? { userId: row.id, advertiserId: row.advertiserId, email: row.email, name: row.name } : null;
}
