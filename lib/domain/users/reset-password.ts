// Operator use case (npm run admin -- reset-password): a new password for the user
// with this email, chosen by the operator and checked like any new password; every
// dashboard session of the user ends (the session version goes up,
// docs/decisions/1423), and so do the connected apps the user approved (decision 1430).
import { requireStrongPassword } from "@/lib/auth/password-strength";
import { hashPassword } from "@/lib/auth/passwords";
import { nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { forgetCredentialStatuses, revokeUserGrantsEverywhere } from "@/lib/domain/members/member-credentials";
import { SYSTEM_ACTORS } from "@/lib/history/changes";
import { AppError, parseInput } from "@/lib/errors";
import { resetPasswordInput, type ResetPasswordInput } from "./users.schemas";

export async function resetPassword(input: ResetPasswordInput): Promise<{ user_id: string; email: string }> {
  const data = parseInput(resetPasswordInput, input);
  const user = await db().user.findUnique({ where: { email: data.email }, select: { id: true, name: true } });
  if (!user) throw new AppError("not_found", { detail: `No user with the email ${data.email}.` });
  await requireStrongPassword(data.password, [data.email, user.name]);
  const passwordHash = await hashPassword(data.password);
  const revoked = await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    return revokeUserGrantsEverywhere(tx, {
      userId: user.id,
      by: SYSTEM_ACTORS.operator,
      now: nowDate(),
      reason: "password_reset",
    });
  });
  forgetCredentialStatuses(revoked);
  return { user_id: user.id, email: data.email };
}
