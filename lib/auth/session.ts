// The dashboard session (a signed-in user of one advertiser). Sign-in itself
// (next-auth) is the dashboard's: until it exists, no request carries a
// session, so `sessionUserFromRequest` answers null. When it lands it reads
// the session cookie here, and every transport that accepts sessions
// (GraphQL) gets the session actor through `requestActor` unchanged.
import { SCOPES } from "./scopes";
import type { Actor } from "./actor";

export type SessionUser = { userId: string; advertiserId: string };

/** The signed-in user of a request, or null when it carries no (valid) dashboard session. */
export async function sessionUserFromRequest(_request: Request): Promise<SessionUser | null> {
  return null;
}

/** A signed-in user acts for their advertiser with every scope (they own the account). */
export function sessionActor(user: SessionUser): Actor {
  return { advertiserId: user.advertiserId, userId: user.userId, scopes: new Set(SCOPES), via: "session" };
}
