// Every check of a dashboard password (the sign-in, and the current password a password
// change asks for) counts its failures under the sign-in policies: per IP address first,
// then per account, or per device instead of per account for a browser whose device
// cookie is valid for this email (docs/decisions/1200, 1418). One budget for both, so a
// signed-in session (or a stolen cookie) is no way to guess the password faster.
import { AppError, type ErrorCode } from "@/lib/errors";
import { limitFailures } from "@/lib/rate-limit/limiter";
import { deviceNonce } from "./device-cookie";
import { verifyPassword } from "./passwords";

/** The codes a password check fails with that count as a failed attempt. */
const FAILED: readonly ErrorCode[] = ["unauthorized"];

/**
 * Runs `check` (which throws `unauthorized` for a wrong password) under the sign-in limits
 * of `email` from `ip`, with the browser's device cookie when it sent one. A refusal is
 * `rate_limited`, before the check runs; a device's failures do not count account-wide.
 */
export async function limitPasswordAttempts<T>(
  attempt: { email: string; ip: string; deviceCookie?: string | null },
  check: () => Promise<T>,
): Promise<T> {
  const email = attempt.email.trim().toLowerCase();
  const nonce = await deviceNonce(attempt.deviceCookie, email);
  const [policy, key] = nonce
    ? (["sign_in_device", `${email} ${nonce}`] as const)
    : (["sign_in_account", email || "(empty)"] as const);
  return limitFailures("sign_in_ip", attempt.ip, FAILED, () => limitFailures(policy, key, FAILED, check));
}

/**
 * The current password a signed-in change asks for (password, email): checked under the sign-in
 * limits, where a wrong one counts as a failed sign-in; to the caller it is a field of the form
 * (422 on `current_password`), not a lost session.
 */
export async function requireCurrentPassword(
  user: { email: string; passwordHash: string },
  password: string,
  attempt: { ip: string; deviceCookie?: string | null },
): Promise<void> {
  try {
    await limitPasswordAttempts({ email: user.email, ...attempt }, async () => {
      if (!(await verifyPassword(password, user.passwordHash))) {
        throw new AppError("unauthorized", { detail: "The current password is wrong." });
      }
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthorized") {
      throw new AppError("validation_failed", {
        detail: "current_password: is not your current password",
        fieldErrors: [{ path: "current_password", message: "is not your current password" }],
      });
    }
    throw error;
  }
}
