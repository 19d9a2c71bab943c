// The dashboard session (a signed-in user of one advertiser): next-auth's JWT
// (encrypted, 12 h) in an httpOnly, SameSite=Lax cookie (docs/decisions/1200).
// `sessionUserFromRequest` reads it for every transport that accepts sessions
// (GraphQL through `requestActor`); dashboard pages read it through
// `sessionUserFromCookie`; next-auth's own session endpoint through the same
// `currentSessionUser` (lib/auth/next-auth.ts). A token is a session only while its
// user exists and still has the session version the token carries: raising the
// version (sign out everywhere, a password change or reset) ends every session
// issued before, at once (docs/decisions/1423).
import { decode, encode, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";
import { getSessionUser, type SessionUserRow } from "@/lib/domain/users/get-session-user";
import { cookieValue } from "@/lib/http/cookies";
import { SCOPES } from "./scopes";
import type { Actor } from "./actor";
import { sessionSecret } from "./session-secret";

export type SessionUser = { userId: string; advertiserId: string };

/** 12 hours: a working day, then sign in again. */
export const SESSION_MAX_AGE_SEC = 12 * 60 * 60;

/**
 * Whether a token's sign-in (`signedInAt`, epoch seconds, set only at sign-in) is
 * recent enough. next-auth re-issues the cookie with a fresh expiry whenever the
 * session is read, so without this a session in use would never end: the 12 hours
 * count from the sign-in, not from the last read. Tokens without it are none.
 */
export function signedInRecently(token: Record<string, unknown> | null, nowMs = Date.now()): boolean {
  const at = token?.signedInAt;
  return typeof at === "number" && nowMs / 1000 - at <= SESSION_MAX_AGE_SEC && at <= nowMs / 1000 + 60;
}

/**
 * The session version a token carries. Tokens issued before versions existed carry none and
 * read as 0, every user's first version: they end with the first raise like any other.
 */
export function tokenSessionVersion(token: Record<string, unknown>): number {
  const version = token.sessionVersion;
  return typeof version === "number" && Number.isSafeInteger(version) ? version : 0;
}

/**
 * The user of a decoded token when it is a live session: signed in within 12 hours, the user
 * still there, and their session version the token's. Checked on every read of a session.
 */
export async function currentSessionUser(
  token: Record<string, unknown> | null,
  nowMs = Date.now(),
): Promise<SessionUserRow | null> {
  const userId = typeof token?.sub === "string" ? token.sub : null;
  if (!token || !userId || !signedInRecently(token, nowMs)) return null;
  const user = await getSessionUser(userId);
  return user && user.sessionVersion === tokenSessionVersion(token) ? user : null;
}

/** Secure cookies (and their __Secure- prefix) when the public origin is https. */
export function secureCookies(): boolean {
  return env().PUBLIC_BASE_URL.startsWith("https://");
}

export function sessionCookieName(): string {
  return secureCookies() ? "__Secure-sma.session" : "sma.session";
}

/** The user of a session cookie's value, or null (missing, forged, expired, signed out, or the user is gone). */
export async function sessionUserFromCookie(value: string | null | undefined): Promise<SessionUser | null> {
  if (!value) return null;
  let token;
  try {
    token = await decode({ token: value, secret: await sessionSecret() });
  } catch {
    return null;
  }
  const user = await currentSessionUser(token);
  return user ? { userId: user.userId, advertiserId: user.advertiserId } : null;
}

/** The signed-in user of a request, or null when it carries no (valid) dashboard session. */
export async function sessionUserFromRequest(request: Request): Promise<SessionUser | null> {
  return sessionUserFromCookie(cookieValue(request.headers.get("cookie"), sessionCookieName()));
}

/** A signed-in user acts for their advertiser with every scope (they own the account). */
export function sessionActor(user: SessionUser): Actor {
  return { advertiserId: user.advertiserId, userId: user.userId, scopes: new Set(SCOPES), via: "session" };
}

export type SessionTokenUser = { userId: string; email: string; name: string; sessionVersion: number };

/** What next-auth's `jwt` callback puts in the token at sign-in, and what `sessionCookieLine` issues. */
export function sessionToken(user: SessionTokenUser, nowMs = Date.now()): JWT {
  return {
    sub: user.userId,
    email: user.email,
    name: user.name,
    signedInAt: Math.floor(nowMs / 1000),
    sessionVersion: user.sessionVersion,
  };
}

function cookieAttributes(expires: Date): string {
  return `Path=/; Expires=${expires.toUTCString()}; HttpOnly; SameSite=Lax${secureCookies() ? "; Secure" : ""}`;
}

/**
 * The Set-Cookie line of a new session for `user`, as next-auth issues one at sign-in (the same
 * name, encryption, attributes and 12 hours): the browser that changed its password stays signed
 * in while every other session of the user ends.
 */
export async function sessionCookieLine(user: SessionTokenUser, nowMs = Date.now()): Promise<string> {
  const value = await encode({
    token: sessionToken(user, nowMs),
    secret: await sessionSecret(),
    maxAge: SESSION_MAX_AGE_SEC,
  });
  return `${sessionCookieName()}=${value}; ${cookieAttributes(new Date(nowMs + SESSION_MAX_AGE_SEC * 1000))}`;
}

/** The Set-Cookie line that removes the session cookie (a browser signed out with everyone else). */
export function clearedSessionCookieLine(): string {
  return `${sessionCookieName()}=; ${cookieAttributes(new Date(0))}; Max-Age=0`;
}
