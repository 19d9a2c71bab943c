"use server";
// "Forgot password" (the requestPasswordReset operation): the same answer whether
// or not the email has an account; a refused rate limit says when to try again.
import { capitalize } from "@/components/form-errors";
import { requestPasswordReset } from "@/lib/domain/users/request-password-reset";
import { toAppError } from "@/lib/errors";
import { runAction } from "@/lib/http/server-action";
import { logger } from "@/lib/log";

export type ForgotPasswordState = { ok: boolean; emailError?: string; formError?: string };

export async function askForPasswordReset(input: { email: string }): Promise<ForgotPasswordState> {
  try {
    await runAction(requestPasswordReset, { email: input?.email });
    return { ok: true };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "rate_limited") {
      const minutes = Math.max(1, Math.ceil(Number(appError.headers?.["Retry-After"] ?? 60) / 60));
      return { ok: false, formError: `Too many requests from your network. Try again in ${minutes} minutes.` };
    }
    if (appError.code === "internal_error") {
      logger().error({ err: error }, "password reset request failed");
      return { ok: false, formError: "Something went wrong. Try again." };
    }
    const field = appError.fieldErrors?.find((entry) => String(entry.path).startsWith("email"));
    return field ? { ok: false, emailError: capitalize(field.message) } : { ok: false, formError: appError.detail };
  }
}
