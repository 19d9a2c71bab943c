"use server";
// A reset link's server actions, given the link's token in their POST body: whether the
// link still works, and its new password (the completePasswordReset operation): every
// session of the account ends; the browser signs in with the new password.
import { capitalize } from "@/components/form-errors";
import {
  completePasswordReset,
  passwordResetStatus,
  type ResetLinkStatus,
} from "@/lib/domain/users/complete-password-reset";
import { toAppError } from "@/lib/errors";
import { runAction } from "@/lib/http/server-action";
import { logger } from "@/lib/log";

export type { ResetLinkStatus };

export async function checkResetLink(token: string): Promise<ResetLinkStatus> {
  return passwordResetStatus(typeof token === "string" ? token : "");
}

export type ResetPasswordState = { ok: boolean; email?: string; passwordError?: string; formError?: string };

export async function resetPassword(input: { token: string; newPassword: string }): Promise<ResetPasswordState> {
  try {
    const { email } = await runAction(completePasswordReset, { token: input?.token, new_password: input?.newPassword });
    return { ok: true, email };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "internal_error") {
      logger().error({ err: error }, "password reset failed");
      return { ok: false, formError: "Something went wrong. Try again." };
    }
    const field = appError.fieldErrors?.find((entry) => String(entry.path).startsWith("new_password"));
    return field ? { ok: false, passwordError: capitalize(field.message) } : { ok: false, formError: appError.detail };
  }
}
