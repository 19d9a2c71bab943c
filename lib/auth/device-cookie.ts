// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies";
// docs/decisions/1418): a successful dashboard sign-in marks the browser with a
// long-lived cookie bound to the account, and failed sign-ins from a browser that
// shows a valid one count against that device instead of the account-wide bucket,
// so an attacker who locks the account out for unknown clients does not lock out
// the owner's known browsers.
//
// The value is `<issued at, epoch s>.<nonce>.<mac>`: 16 random bytes and an
// HMAC-SHA256 over the normalized email, the time and the nonce, keyed with a key
// derived (HKDF) from the session key. The email is not in the cookie at all, not
// even hashed (an unsalted hash of an email is reversed with a list of emails): the
// sign-in always knows which email it checks the cookie for. Nothing is stored
// server side; a cookie for another email, another key, tampered, malformed or past
// its 180 days is no device cookie.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { secureCookies } from "./session";
import { sessionSecret } from "./session-secret";

/** 180 days: the browser stays known for half a year after its last sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SEC = 180 * 24 * 60 * 60;

const FORMAT = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
/** A cookie dated this far ahead of the clock is still accepted (clock skew between instances). */
const SKEW_SEC = 60;

export function deviceCookieName(): string {
  return secureCookies() ? "__Secure-sma.device" : "sma.device";
}

let derived: { secret: string; key: Buffer } | undefined;

/** The MAC key: HKDF of the session key, so the session's JWTs and device cookies never share a key. */
async function deviceKey(): Promise<Buffer> {
  const secret = await sessionSecret();
  if (derived?.secret !== secret) {
    derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", "sma device cookie v1", 32)) };
  }
  return derived.key;
}

function mac(key: Buffer, email: string, issuedAt: string, nonce: string): Buffer {
  return createHmac("sha256", key).update(`${issuedAt}.${nonce}.${email}`).digest();
}

/** A new device cookie value for `email` (normalized: trimmed, lower case). */
export async function mintDeviceCookie(email: string, nowMs = Date.now()): Promise<string> {
  const issuedAt = String(Math.floor(nowMs / 1000));
  const nonce = randomBytes(16).toString("base64url");
  return `${issuedAt}.${nonce}.${mac(await deviceKey(), email, issuedAt, nonce).toString("base64url")}`;
}

/**
 * The nonce of a device cookie valid for `email`, or null when the value is missing,
 * malformed, signed with another key or for another email, or expired: all count as no
 * device cookie.
 */
export async function deviceNonce(
  value: string | null | undefined,
  email: string,
  nowMs = Date.now(),
): Promise<string | null> {
  const match = value ? FORMAT.exec(value) : null;
  if (!match || !email) return null;
  const [, issuedAt, nonce, given] = match as unknown as [string, string, string, string];
  const age = nowMs / 1000 - Number(issuedAt);
  if (age > DEVICE_COOKIE_MAX_AGE_SEC || age < -SKEW_SEC) return null;
  const expected = mac(await deviceKey(), email, issuedAt, nonce);
  const actual = Buffer.from(given, "base64url");
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
}

/** The Set-Cookie line of a device cookie: httpOnly, SameSite=Lax, whole site, 180 days, Secure on https. */
export function deviceCookieLine(value: string): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `${deviceCookieName()}=${value}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_SEC}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Who signed in during one request to next-auth's route: the route runs next-auth inside
 * `collectSignIn`, and next-auth's `events.signIn` (fired once the session cookie is
 * issued) records the user's email with `recordSignIn`. Outside such a request the
 * record is dropped. next-auth's options are shared by every request, so this is how
 * one request's sign-in reaches that request's response.
 */
const signedIn = new AsyncLocalStorage<{ email?: string }>();

export async function collectSignIn<T>(run: () => Promise<T>): Promise<{ result: T; email: string | undefined }> {
  const record: { email?: string } = {};
  const result = await signedIn.run(record, run);
  return { result, email: record.email };
}

export function recordSignIn(email: string): void {
  const record = signedIn.getStore();
  if (record) record.email = email;
}
