// A dashboard user's own password: the change they make (current password, new
// one) and the reset the operator makes (CLI). The new password's limits are the
// sign-up's; its strength is checked after these (lib/auth/password-strength.ts).
import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domain/advertisers/advertisers.schemas";

const newPassword = z.string().min(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`).max(PASSWORD_MAX);

export const changePasswordInput = z.strictObject({
  current_password: z.string().min(1, "required").max(PASSWORD_MAX),
  new_password: newPassword,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const resetPasswordInput = z.strictObject({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()),
  password: newPassword,
});
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;
