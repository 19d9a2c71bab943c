"use server";
// The two-factor page's actions (lib/domain/two-factor/two-factor.ts): start an
// enrolment (a secret and its QR code), confirm it with a first code (the
// recovery codes, shown once), turn it off with the password; enrol a passkey
// (docs/decisions/1434), remove one with the password.
import {
  confirmTotpEnrolment,
  disableTwoFactor,
  startTotpEnrolment,
  type TotpEnrolment,
} from "@/lib/domain/two-factor/two-factor";
import {
  finishPasskeyEnrolment,
  removePasskey,
  startPasskeyEnrolment,
  type PasskeyListing,
} from "@/lib/domain/two-factor/passkeys";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { toAppError } from "@/lib/errors";
import { runAction } from "@/lib/http/server-action";

export type TwoFactorAnswer<T> = { ok: true; value: T } | { ok: false; error: string };

async function answer<T>(run: () => Promise<T>): Promise<TwoFactorAnswer<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const appError = toAppError(error);
    return {
      ok: false,
      error: appError.code === "internal_error" ? "Something went wrong. Try again." : appError.detail,
    };
  }
}

export async function startEnrolment(): Promise<TwoFactorAnswer<TotpEnrolment>> {
  return answer(() => runAction(startTotpEnrolment, {}));
}

export async function confirmEnrolment(code: string): Promise<TwoFactorAnswer<{ recoveryCodes: string[] }>> {
  return answer(() => runAction(confirmTotpEnrolment, { code }));
}

export async function turnOff(password: string): Promise<TwoFactorAnswer<{ disabledAt: Date }>> {
  return answer(() => runAction(disableTwoFactor, { password }));
}

export async function passkeyOptions(): Promise<TwoFactorAnswer<PublicKeyCredentialCreationOptionsJSON>> {
  return answer(() => runAction(startPasskeyEnrolment, {}));
}

export async function addPasskey(name: string, response: unknown): Promise<TwoFactorAnswer<PasskeyListing>> {
  return answer(() => runAction(finishPasskeyEnrolment, { name, response }));
}

export async function deletePasskey(id: string, password: string): Promise<TwoFactorAnswer<{ removedAt: Date }>> {
  return answer(() => runAction(removePasskey, { id, password }));
}
