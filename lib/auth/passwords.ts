// Dashboard passwords: scrypt from node:crypto (memory-hard, no native add-on) at the
// cost OWASP's Password Storage Cheat Sheet recommends for scrypt (N=2^17, r=8, p=1:
// 128 MiB and about 0.4 s of one core per hash), stored as "scrypt$N$r$p$salt$key" so
// that each hash carries the parameters it was made with. A hash made with other
// parameters (the 2^14 of earlier releases) still verifies, and `needsRehash` tells the
// sign-in to replace it (docs/decisions/1422).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

export type ScryptParams = { N: number; r: number; p: number };

/** OWASP's minimum for scrypt: CPU/memory cost 2^17, block size 8 (1024 bytes), parallelism 1. */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** The parameters a new hash gets: SCRYPT_PARAMS with N = 2^PASSWORD_HASH_COST (17 unless raised). */
export function currentPasswordParams(): Readonly<ScryptParams> {
  const cost = env().PASSWORD_HASH_COST;
  return cost === 17 ? SCRYPT_PARAMS : { ...SCRYPT_PARAMS, N: 2 ** cost };
}

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // Node refuses more than 32 MiB by default; 2^17 * 8 needs 128 MiB (128 * N * r bytes)
  const maxmem = 256 * params.N * params.r;
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(
  password: string,
  params: Readonly<ScryptParams> = currentPasswordParams(),
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

type Parsed = { params: ScryptParams; salt: Buffer; key: Buffer };

const INTEGER = /^[1-9]\d{0,7}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A stored hash's parts, or null when it is not one of ours. The parameters are bounded
 * (N a power of two up to 2^20, r up to 32, p up to 16) so that a damaged row cannot make
 * one sign-in allocate gigabytes.
 */
function parse(stored: string): Parsed | null {
  const parts = stored.split("$");
  if (parts.length !== 6) return null;
  const [scheme, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (scheme !== "scrypt" || ![n, r, p].every((part) => INTEGER.test(part))) return null;
  if (!BASE64URL.test(salt) || !BASE64URL.test(key)) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N < 2 || params.N > 2 ** 20 || params.r > 32 || params.p > 16) return null;
  return { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await scrypt(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * Whether a stored hash was made otherwise than a new one would be (other parameters, key or
 * salt length): after a successful check, the sign-in hashes the password again.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  const current = currentPasswordParams();
  return (
    N !== current.N ||
    r !== current.r ||
    p !== current.p ||
    parsed.key.length !== KEY_LENGTH ||
    parsed.salt.length !== SALT_LENGTH
  );
}
