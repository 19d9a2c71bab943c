"use server";
// The sign-in page's passkey step (docs/decisions/1434): the challenge for the
// email and password the form holds (the password checked and counted as a
// sign-in attempt); the browser's answer then goes with the sign-in itself.
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { startPasskeySignIn } from "@/lib/domain/two-factor/passkeys";
import { toAppError } from "@/lib/errors";
import { runAction } from "@/lib/http/server-action";

export type PasskeyOptionsAnswer =
  { ok: true; options: PublicKeyCredentialRequestOptionsJSON } | { ok: false; error: string };

export async function passkeySignInOptions(email: string, password: string): Promise<PasskeyOptionsAnswer> {
  try {
    return { ok: true, options: await runAction(startPasskeySignIn, { email, password }) };
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "unauthorized") return { ok: false, error: "The email or the password is wrong." };
    return {
      ok: false,
      error: appError.code === "internal_error" ? "Something went wrong. Try again." : appError.detail,
    };
  }
}
