// A dashboard user's own password: the change they make (current password, new
// one) and the reset the operator makes (CLI). The new password's limits are the
// sign-up's; its strength is checked after these (lib/auth/password-strength.ts).
import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USER_NAME_MAX } from "@/lib/domain/advertisers/advertisers.schemas";
import { isValidTimeZone } from "@/lib/domain/reporting/zone-calendar";

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

export const signOutEverywhereInput = z.strictObject({});

/** "Forgot password": the email to send a reset link to (the answer is the same whether it has an account). */
export const requestPasswordResetInput = z.strictObject({
  email: z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()),
});

/** A reset link's token (256 bits; anything past 200 characters names nothing) and the new password. */
export const completePasswordResetInput = z.strictObject({
  token: z.string().min(1, "required").max(200),
  new_password: newPassword,
});

/** A password reset link works this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** a person's name: the sign-up's limit (advertisers.schemas.ts) */
export { USER_NAME_MAX };

/** The signed-in user's own details: any of them, at least one. */
export const updateAccountInput = z
  .strictObject({
    name: z.string().trim().min(1, "required").max(USER_NAME_MAX).optional(),
    time_zone: z
      .string()
      .max(64)
      .refine((value) => isValidTimeZone(value), "must be an IANA time zone name such as America/New_York")
      .optional(),
  })
  .refine((value) => value.name !== undefined || value.time_zone !== undefined, "give a name or a time_zone");
export type UpdateAccountInput = z.input<typeof updateAccountInput>;

/** A new sign-in email: the current password confirms it is the user. */
export const changeEmailInput = z.strictObject({
  current_password: z.string().min(1, "required").max(PASSWORD_MAX),
  new_email: z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()),
});
export type ChangeEmailInput = z.input<typeof changeEmailInput>;
