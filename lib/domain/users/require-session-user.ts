// The account's own settings (password, sessions) belong to the signed-in person:
// an access token acts for the advertiser, not for a user, and cannot change them.
import type { Actor } from "@/lib/auth/actor";
import { AppError } from "@/lib/errors";

/** The session's user id; session_required for any other actor. */
export function requireSessionUser(actor: Actor, what: string): string {
  if (actor.via !== "session" || !actor.userId) {
    throw new AppError("session_required", {
      detail: `${what} is for the signed-in user: sign in to the dashboard to do it (an access token cannot).`,
    });
  }
  return actor.userId;
}
