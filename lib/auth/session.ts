// The dashboard session (a signed-in user of one advertiser): next-auth's JWT
// (encrypted, 12 h) in an httpOnly, SameSite=Lax cookie (docs/decisions/1200).
// `sessionUserFromRequest` reads it for every transport that accepts sessions
// (GraphQL through `requestActor`); dashboard pages read it through
// `sessionUserFromCookie`. A token of a user who no longer exists is no session.
import { decode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { getSessionUser } from "@/lib/domain/users/get-session-user";
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

/** Secure cookies (and their __Secure- prefix) when the public origin is https. */
export function secureCookies(): boolean {
  return env().PUBLIC_BASE_URL.startsWith("https://");
}

export function sessionCookieName(): string {
  return secureCookies() ? "__Secure-sma.session" : "sma.session";
}

/** The user of a session cookie's value, or null (missing, forged, expired, or the user is gone). */
export async function sessionUserFromCookie(value: string | null | undefined): Promise<SessionUser | null> {
  if (!value) return null;
  let token;
  try {
    token = await decode({ token: value, secret: await sessionSecret() });
  } catch {
    return null;
  }
  const userId = typeof token?.sub === "string" ? token.sub : null;
  if (!userId || !signedInRecently(token)) return null;
  const user = await getSessionUser(userId);
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
