// "Sign out everywhere": the user's session version goes up, so every dashboard
// session issued before (this browser's, other browsers', a copied cookie) is
// signed out at its next request, on every instance (docs/decisions/1423), and the
// connected apps the user approved are revoked (docs/decisions/1430).
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { userChangeActor } from "@/lib/history/change-actor";
import { defineOperation } from "@/lib/operations/operation";
import { forgetCredentialStatuses, revokeUserGrantsEverywhere } from "@/lib/domain/members/member-credentials";
import { requireSessionUser } from "./require-session-user";

/** GraphQL's signOutEverywhere (the dashboard session only): the caller removes this browser's cookie. */
export const signOutEverywhere = defineOperation({
  name: "signOutEverywhere",
  access: "session",
  // a person's own sessions, whatever their role in the selected advertiser
  role: "viewer",
  write: true,
  // the user's connected apps, revoked with their sessions
  history: "connected_app",
  input: z.strictObject({}),
  run: (actor, _input, { clock }) => endUserSessions(actor, { clock }),
});

/** Raises the user's session version; when it happened. */
export async function endUserSessions(actor: Actor, options: { clock?: Clock } = {}): Promise<{ signedOutAt: Date }> {
  const userId = requireSessionUser(actor, "Signing out everywhere");
  const now = nowDate(options.clock);
  const by = await userChangeActor(userId);
  const revoked = await db().$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId },
      data: { sessionVersion: { increment: 1 } },
    });
    if (count === 0) throw new AppError("unauthorized", { detail: "The session's user no longer exists." });
    return revokeUserGrantsEverywhere(tx, { userId, by, now, reason: "signed_out_everywhere" });
  });
  forgetCredentialStatuses(revoked);
  return { signedOutAt: now };
}
