// A reset link's new password (docs/decisions/1220): the link must be unspent and
// under an hour old; the new password is checked as any new password is
// (length, zxcvbn). The link is spent by a conditional update in the same
// transaction as the password, so it works once; every other unspent link of the
// user is spent with it, and the session version goes up: every session of the
// user ends (the browser signs in with the new password). An unknown, spent or
// expired link is one answer, counted against the address like a request.
import { requireStrongPassword } from "@/lib/auth/password-strength";
import { hashPassword } from "@/lib/auth/passwords";
import { hashSecret } from "@/lib/auth/secrets";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { forgetCredentialStatuses, revokeUserGrantsEverywhere } from "@/lib/domain/members/member-credentials";
import { AppError } from "@/lib/errors";
import { userChangeActor } from "@/lib/history/change-actor";
import { defineOperation } from "@/lib/operations/operation";
import { completePasswordResetInput } from "./users.schemas";

export type ResetLinkStatus = "valid" | "unknown" | "used" | "expired";

function linkUnusable(): AppError {
  return new AppError("not_found", {
    detail:
      "This password reset link is unknown, was used already or expired (a link works one hour). Ask for a new one.",
  });
}

async function findReset(token: string) {
  if (token.length === 0 || token.length > 200) return null;
  return db().passwordReset.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: { id: true, userId: true, usedAt: true, expiresAt: true, user: { select: { email: true, name: true } } },
  });
}

/** What the link's page shows: a form for a valid link, or why it no longer works. */
export async function passwordResetStatus(token: string, options: { clock?: Clock } = {}): Promise<ResetLinkStatus> {
  const row = await findReset(token);
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expiresAt.getTime() <= nowDate(options.clock).getTime() ? "expired" : "valid";
}

export const completePasswordReset = defineOperation({
  name: "completePasswordReset",
  access: "public",
  write: true,
  // the user's connected apps, revoked with the old password (never a secret's value)
  history: "connected_app",
  // links are 256 bits: the count bounds nothing but noise, and keeps an address from trying forever
  rateLimit: { policy: "password_reset_ip", failures: ["not_found"] },
  input: completePasswordResetInput,
  run: async (_actor, input, { clock }): Promise<{ email: string; resetAt: Date }> => {
    const now = nowDate(clock);
    const row = await findReset(input.token);
    if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) throw linkUnusable();
    await requireStrongPassword(input.new_password, [row.user.email, row.user.name], "new_password");
    const passwordHash = await hashPassword(input.new_password);
    const by = await userChangeActor(row.userId);
    const revoked = await db().$transaction(async (tx) => {
      const { count } = await tx.passwordReset.updateMany({
        where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (count === 0) throw linkUnusable();
      await tx.passwordReset.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
      await tx.user.update({
        where: { id: row.userId },
        data: { passwordHash, sessionVersion: { increment: 1 } },
      });
      // what acts as the user ends with their sessions (docs/decisions/1430)
      return revokeUserGrantsEverywhere(tx, { userId: row.userId, by, now, reason: "password_reset" });
    });
    forgetCredentialStatuses(revoked);
    return { email: row.user.email, resetAt: now };
  },
});
