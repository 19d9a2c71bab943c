// A new sign-in email for the signed-in user (docs/decisions/1220). It is the
// account's identity, so: the current password is required (checked under the
// sign-in limits, as a password change checks it), the new email must be nobody's
// (a unique index decides races), unspent password reset links are spent (they
// went to the old address), and with email configured the old address is told,
// so a takeover through a stolen session does not go unnoticed. Pending
// invitations to the old address stay for it: they are accepted by that email.
import { requireCurrentPassword } from "@/lib/auth/password-attempts";
import { nowDate } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { emailConfigured, sendEmail } from "@/lib/email/mailer";
import { emailChangedNotice } from "@/lib/email/messages";
import { AppError, isUniqueViolation } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { requireSessionUser } from "./require-session-user";
import type { Account } from "./update-account";
import { changeEmailInput } from "./users.schemas";

function taken(): AppError {
  return new AppError("conflict", {
    detail: "new_email: another account uses this email",
    fieldErrors: [{ path: "new_email", message: "is used by another account" }],
  });
}

export const changeEmail = defineOperation({
  name: "changeEmail",
  access: "session",
  role: "viewer",
  write: true,
  history: { none: "the user's own sign-in identity, not the advertiser's configuration" },
  input: changeEmailInput,
  run: async (actor, input, context): Promise<Account> => {
    const userId = requireSessionUser(actor, "Changing your email");
    const user = await db().user.findUnique({ where: { id: userId } });
    if (!user) throw new AppError("unauthorized", { detail: "The session's user no longer exists." });
    if (input.new_email === user.email) {
      throw new AppError("validation_failed", {
        detail: "new_email: is your current email",
        fieldErrors: [{ path: "new_email", message: "is your current email" }],
      });
    }
    await requireCurrentPassword(user, input.current_password, {
      ip: context.clientAddress,
      deviceCookie: context.deviceCookie,
    });
    if (await db().user.findUnique({ where: { email: input.new_email }, select: { id: true } })) throw taken();
    const now = nowDate(context.clock);
    try {
      await db().$transaction(async (tx) => {
        // only over what was checked: an email changed meanwhile is not overwritten
        const { count } = await tx.user.updateMany({
          where: { id: userId, email: user.email },
          data: { email: input.new_email },
        });
        if (count === 0) {
          throw new AppError("conflict", { detail: "Your email changed meanwhile. Reload the page and try again." });
        }
        await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    if (emailConfigured()) {
      await sendEmail(emailChangedNotice({ to: user.email, newEmail: input.new_email })).catch((error: unknown) =>
        context.log.warn({ err: error, userId }, "email change notice not sent"),
      );
    }
    return { userId, email: input.new_email, name: user.name, timeZone: user.timeZone };
  },
});
