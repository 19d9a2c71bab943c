// Values the service must keep but not in plain text (a stored API response that
// holds a webhook's signing secret, docs/decisions/1307): AES-256-GCM with a key
// derived by HKDF-SHA256 from the session key (lib/auth/session-secret.ts), which
// every instance sharing the database already has: SESSION_SECRET when set (then
// a database dump alone cannot open them), else the key kept in app_secrets. Each
// use names its purpose (its own key) and binds the value to where it is stored
// (additional authenticated data), so a sealed value copied into another row does
// not open. After a rotation of the session key, earlier values no longer open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Clock } from "@/lib/clock";
import { sessionSecret } from "./session-secret";

const PREFIX = "sealed:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The last derived key per purpose, with the secret it was derived from. */
const derived = new Map<string, { secret: string; key: Buffer }>();

async function keyFor(purpose: string, clock?: Clock): Promise<Buffer> {
  const secret = await sessionSecret(clock);
  const cached = derived.get(purpose);
  if (cached?.secret === secret) return cached.key;
  const key = Buffer.from(hkdfSync("sha256", secret, "sma-sealing-v1", purpose, 32));
  derived.set(purpose, { secret, key });
  return key;
}

/** True for a value `seal` made (anything else was stored before sealing existed). */
export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** `plaintext` encrypted for `purpose`, bound to `context` (which `unseal` must be given again). */
export async function seal(purpose: string, plaintext: string, context: string, clock?: Clock): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", await keyFor(purpose, clock), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/**
 * The plaintext of a sealed value, or null when it does not open: sealed under
 * another session key (rotated since), with another context, or altered.
 */
export async function unseal(purpose: string, sealed: string, context: string, clock?: Clock): Promise<string | null> {
  if (!isSealed(sealed)) return null;
  const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", await keyFor(purpose, clock), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
