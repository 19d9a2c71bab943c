// TOTP as RFC 6238 defines it and authenticator apps expect it (SHA-1, 6 digits,
// 30 s), through the maintained otpauth library; recovery codes; and the check
// of a sign-in's second step (docs/decisions/1431). A code is accepted for the
// current step or one step either side (clock drift), and only for a step later
// than the last one accepted (a code seen once cannot be replayed). A recovery
// code works once; only its SHA-256 is kept.
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { hashSecret } from "@/lib/auth/secrets";
import { unseal } from "@/lib/auth/sealing";
import { db } from "@/lib/db/client";

export const TOTP_ISSUER = "Sports Moment Ads";
export const TOTP_PERIOD_SEC = 30;
export const TOTP_DIGITS = 6;
/** steps either side of now a code may be for */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODES = 10;
/** the sealing purpose (lib/auth/sealing.ts) of TOTP secrets */
export const TOTP_SEAL = "totp-secret";

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SEC,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step `code` is right for at `nowMs` (within the window), or null. */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32, "check").validate({ token, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_SEC) + delta;
}

/** A recovery code as typed (any case, spaces or dashes) in the form it is hashed in. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, "");
}

/** Ten new recovery codes, shown once (xxxxx-xxxxx, base32 lowercase: 50 bits each). */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => alphabet[byte % 32]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`;
  });
}

export function recoveryCodeHash(code: string): string {
  return hashSecret(`recovery:${normalizeRecoveryCode(code)}`);
}

/** Whether the user has a second factor: a confirmed authenticator app or a passkey (docs/decisions/1434). */
export async function hasTwoFactor(userId: string): Promise<boolean> {
  const [row, passkeys] = await Promise.all([
    db().userTotp.findUnique({ where: { userId }, select: { confirmedAt: true } }),
    db().passkey.count({ where: { userId } }),
  ]);
  return Boolean(row?.confirmedAt) || passkeys > 0;
}

/**
 * The second step of a sign-in: true when `code` is a TOTP code for a step after the last one
 * accepted (then that step becomes the last), or one of the user's unused recovery codes (then
 * it is used up). Both claims are conditional updates: two sign-ins with one code, one wins.
 */
export async function verifySecondFactor(userId: string, code: string, nowMs: number): Promise<boolean> {
  const row = await db().userTotp.findUnique({ where: { userId } });
  if (!row?.confirmedAt) return false;
  const secret = await unseal(TOTP_SEAL, row.secret, userId);
  const step = secret ? matchingStep(secret, code, nowMs) : null;
  if (step !== null) {
    const { count } = await db().userTotp.updateMany({
      where: { userId, OR: [{ lastStep: null }, { lastStep: { lt: step } }] },
      data: { lastStep: step },
    });
    return count === 1;
  }
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return false;
  const { count } = await db().recoveryCode.updateMany({
    where: { userId, codeHash: recoveryCodeHash(normalized), usedAt: null },
    data: { usedAt: new Date(nowMs) },
  });
  return count === 1;
}
