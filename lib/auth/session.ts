// The dashboard session (a signed-in user acting for the advertiser they selected,
// with their role there): next-auth's JWT (encrypted, 12 h) in an httpOnly,
// SameSite=Lax cookie (docs/decisions/1200, 1426).
// `sessionUserFromRequest` reads it for every transport that accepts sessions
// (GraphQL through `requestActor`); dashboard pages read it through
// `sessionUserFromCookie`; next-auth's own session endpoint through the same
// `currentSessionUser` (lib/auth/next-auth.ts). A token is a session only while its
// user exists and still has the session version the token carries: raising the
// version (sign out everywhere, a password change or reset) ends every session
// issued before, at once (docs/decisions/1423); removing the user from the
// selected advertiser ends the sessions acting for it, at once (1426).
import { decode, encode, type JWT } from "next-auth/jwt";
import { env } from "@/lib/env";
import { getSessionUser, type SessionUserRow } from "@/lib/domain/users/get-session-user";
import { cookieValue } from "@/lib/http/cookies";
import type { Actor } from "./actor";
import { ROLE_SCOPES, type Role } from "./roles";
import { sessionSecret } from "./session-secret";

/** twoFactorPending: the advertiser requires two-factor sign-in the user has not set up (docs/decisions/1431) */
export type SessionUser = { userId: string; advertiserId: string; role: Role; twoFactorPending?: boolean };

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

/** The advertiser a token selected (`adv`), or undefined for a token issued before sessions selected one. */
export function tokenAdvertiser(token: Record<string, unknown>): string | undefined {
  return typeof token.adv === "string" ? token.adv : undefined;
}

/**
 * The user of a decoded token when it is a live session: signed in within 12 hours, the user
 * still there and a member of the advertiser the token selected, and their session version the
 * token's. Checked on every read of a session.
 */
export async function currentSessionUser(
  token: Record<string, unknown> | null,
  nowMs = Date.now(),
): Promise<SessionUserRow | null> {
  const userId = typeof token?.sub === "string" ? token.sub : null;
  if (!token || !userId || !signedInRecently(token, nowMs)) return null;
  const user = await getSessionUser(userId, tokenAdvertiser(token));
  return user && user.sessionVersion === tokenSessionVersion(token) ? user : null;
}

/** Secure cookies (and their __Secure- prefix) when the public origin is https. */
export function secureCookies(): boolean {
  return env().PUBLIC_BASE_URL.startsWith("https://");
}

export function sessionCookieName(): string {
  return secureCookies() ? "__Secure-sma.session" : "sma.session";
}

/** A session cookie's token, or null (missing, forged, or not ours). */
async function decodeSessionCookie(value: string | null | undefined): Promise<JWT | null> {
  if (!value) return null;
  try {
    return await decode({ token: value, secret: await sessionSecret() });
  } catch {
    return null;
  }
}

/**
 * The user of a session cookie's value, or null (missing, forged, expired, signed out, the user
 * gone, or no longer a member of the advertiser the session selected).
 */
export async function sessionUserFromCookie(value: string | null | undefined): Promise<SessionUser | null> {
  const user = await currentSessionUser(await decodeSessionCookie(value));
  if (!user) return null;
  const session: SessionUser = { userId: user.userId, advertiserId: user.advertiserId, role: user.role };
  return user.twoFactorPending ? { ...session, twoFactorPending: true } : session;
}

/** The signed-in user of a request, or null when it carries no (valid) dashboard session. */
export async function sessionUserFromRequest(request: Request): Promise<SessionUser | null> {
  return sessionUserFromCookie(cookieValue(request.headers.get("cookie"), sessionCookieName()));
}

/** A signed-in member acts for the advertiser they selected with the scopes of their role there (docs/decisions/1009). */
export function sessionActor(user: SessionUser): Actor {
  return {
    advertiserId: user.advertiserId,
    userId: user.userId,
    role: user.role,
    scopes: new Set(ROLE_SCOPES[user.role]),
    via: "session",
    ...(user.twoFactorPending && { twoFactorPending: true }),
  };
}

export type SessionTokenUser = {
  userId: string;
  email: string;
  name: string;
  sessionVersion: number;
  /** the advertiser the session acts for */
  advertiserId: string;
};

/** What next-auth's `jwt` callback puts in the token at sign-in, and what `sessionCookieLine` issues. */
export function sessionToken(user: SessionTokenUser, nowMs = Date.now()): JWT {
  return {
    sub: user.userId,
    email: user.email,
    name: user.name,
    signedInAt: Math.floor(nowMs / 1000),
    sessionVersion: user.sessionVersion,
    adv: user.advertiserId,
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

/**
 * The Set-Cookie line of the session in `cookieHeader` selecting another advertiser: the same
 * token (its sign-in time, so the 12 hours still count from the sign-in, and its version) with
 * `adv` changed; null when the header holds no session cookie. The caller checked the membership.
 */
export async function switchedSessionCookieLine(
  cookieHeader: string | null | undefined,
  advertiserId: string,
  nowMs = Date.now(),
): Promise<string | null> {
  const token = await decodeSessionCookie(cookieValue(cookieHeader ?? null, sessionCookieName()));
  if (!token || !signedInRecently(token, nowMs)) return null;
  const value = await encode({
    token: { ...token, adv: advertiserId },
    secret: await sessionSecret(),
    maxAge: SESSION_MAX_AGE_SEC,
  });
  const signedInAt = token.signedInAt as number;
  return `${sessionCookieName()}=${value}; ${cookieAttributes(new Date((signedInAt + SESSION_MAX_AGE_SEC) * 1000))}`;
}

/** The Set-Cookie line that removes the session cookie (a browser signed out with everyone else). */
export function clearedSessionCookieLine(): string {
  return `${sessionCookieName()}=; ${cookieAttributes(new Date(0))}; Max-Age=0`;
}
