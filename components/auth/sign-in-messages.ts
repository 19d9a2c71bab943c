// What a refused sign-in says, by next-auth's error (lib/auth/next-auth.ts names them).

/** The message for `error`; `waitMinutes` is the sign-in rate limit's window (the page reads the policy). */
export function signInMessage(error: string, waitMinutes = 15): string {
  if (error === "CredentialsSignin") return "The email or the password is wrong.";
  if (error === "RateLimited") return `Too many failed sign-ins. Wait ${waitMinutes} minutes and try again.`;
  if (error === "NoAdvertiser")
    return "Your account is no longer a member of any advertiser. Ask an admin to invite you again.";
  if (error === "InvitationUnusable")
    return "This invitation can no longer be used (expired, revoked, used, or for another email). Reload the page to see why.";
  return "Sign-in failed. Try again.";
}

/** A refused sign-in that carried a two-factor code (docs/decisions/1431). */
export const WRONG_CODE = "The password or the code is wrong, or the code was used already.";

/** A passkey's answer the sign-in refused (expired, used, or not this account's: docs/decisions/1434). */
export const PASSKEY_REFUSED = "The passkey was not accepted. Try again, or type a code.";
