// next-auth 4 for the dashboard (docs/decisions/1200): email and password
// (credentials provider) checked by the domain with the scrypt KDF, sessions as
// an encrypted JWT in an httpOnly SameSite=Lax cookie for 12 h from sign-in (secure when the
// public origin is https), next-auth's double-submit CSRF token on every POST,
// and a new token at each sign-in (no fixation: nothing issued before sign-in
// survives it). The token carries the user's session version, checked on every read
// (next-auth's session endpoint included), so raising it ends the session
// (docs/decisions/1423). Failed sign-ins are rate limited per IP and per account, or per
// device instead of per account for a browser with a device cookie (docs/decisions/1418).
// The token also names the advertiser the session acts for (`adv`, docs/decisions/1426): the
// one an invitation signed in through joins (1219), otherwise the user's first membership; a
// user who belongs to no advertiser cannot sign in (`NoAdvertiser`).
import { restPath } from "@/lib/http/rest-surface";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env, type Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { acceptInvitation } from "@/lib/domain/members/accept-invitation";
import { membershipsOf } from "@/lib/domain/members/list-memberships";
import { authenticateUser } from "@/lib/domain/users/authenticate-user";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { cookieValue } from "@/lib/http/cookies";
import { logger } from "@/lib/log";
import { deviceCookieName, recordSignIn } from "./device-cookie";
import { limitPasswordAttempts } from "./password-attempts";
import { SESSION_MAX_AGE_SEC, currentSessionUser, secureCookies, sessionCookieName, sessionToken } from "./session";
import { sessionSecret } from "./session-secret";

declare module "next-auth" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface User {
    /** the user's session version at sign-in, for the token (lib/auth/session.ts) */
    sessionVersion?: number;
    /** the advertiser the session acts for (docs/decisions/1426) */
    advertiserId?: string;
  }
}

/**
 * Thrown by the `jwt` callback for a token that is no longer a session (12 hours past its
 * sign-in, its user gone, or of an older session version): next-auth then answers the session
 * endpoint with `{}` and removes the cookie, as for a token it cannot read.
 */
class SessionEnded extends Error {
  constructor() {
    super("the session has ended");
    this.name = "SessionEnded";
  }
}

/** The error code next-auth hands the sign-in page (`?error=`) when a limit refuses an attempt. */
export const SIGN_IN_RATE_LIMITED = "RateLimited";
/** ...and when the check itself failed (the database is unreachable...): the detail is logged, never shown. */
export const SIGN_IN_UNAVAILABLE = "SignInUnavailable";
/** ...when the password is right but the user belongs to no advertiser (removed from every one). */
export const SIGN_IN_NO_ADVERTISER = "NoAdvertiser";
/** ...when the password is right but the invitation signed in through can no longer be accepted. */
export const SIGN_IN_INVITATION_UNUSABLE = "InvitationUnusable";
/** ...when the password is right and the account's second step (a code) is missing (docs/decisions/1431). */
export const SIGN_IN_TWO_FACTOR_REQUIRED = "TwoFactorRequired";

function header(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== "object") return undefined;
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * Checks a sign-in. Failures count against the IP, and against the account (the
 * account-wide bucket of clients without a device cookie) or, when `deviceCookie` is
 * valid for this email, against that device only (docs/decisions/1418); either limit
 * refuses. A device's failures do not count account-wide. With `invitation` (the token of
 * an invitation's link), the right password also accepts it, and the session acts for its
 * advertiser (docs/decisions/1219).
 */
export async function signIn(
  credentials: { email?: string; password?: string; invitation?: string; otp?: string; passkey?: string } | undefined,
  ip: string,
  deviceCookie?: string | null,
): Promise<{ id: string; email: string; name: string; sessionVersion: number; advertiserId: string } | null> {
  const email = (credentials?.email ?? "").trim().toLowerCase();
  const password = credentials?.password ?? "";
  const invitation = credentials?.invitation || undefined;
  let user;
  try {
    const otp = credentials?.otp || undefined;
    const passkey = credentials?.passkey || undefined;
    user = await limitPasswordAttempts({ email, ip, deviceCookie }, () =>
      authenticateUser({ email, password, otp, passkey }),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") throw new Error(SIGN_IN_RATE_LIMITED);
    if (error instanceof AppError && error.code === "two_factor_required") throw new Error(SIGN_IN_TWO_FACTOR_REQUIRED);
    // a password the domain refuses outright (over its 200 characters) is a wrong one too
    if (error instanceof AppError && (error.code === "unauthorized" || error.code === "validation_failed")) return null;
    // next-auth would put the message in the redirect URL (`?error=`): log it, show a neutral code
    logger().error({ err: error }, "sign-in failed");
    throw new Error(SIGN_IN_UNAVAILABLE);
  }
  let advertiserId: string | undefined;
  try {
    if (invitation) advertiserId = (await acceptInvitation(user.userId, invitation)).advertiserId;
    else advertiserId = (await membershipsOf(user.userId))[0]?.advertiserId;
  } catch (error) {
    // expired, revoked, spent, another email's, or a member already: the invitation page says which
    if (error instanceof AppError && error.status < 500) throw new Error(SIGN_IN_INVITATION_UNUSABLE);
    logger().error({ err: error }, "sign-in failed");
    throw new Error(SIGN_IN_UNAVAILABLE);
  }
  if (!advertiserId) throw new Error(SIGN_IN_NO_ADVERTISER);
  return { id: user.userId, email: user.email, name: user.name, sessionVersion: user.sessionVersion, advertiserId };
}

/** What the options were built from, and the options: reused while both are unchanged. */
let built: { env: Env; secret: string; options: NextAuthOptions } | undefined;

/**
 * The options, built once and reused for every request (next-auth copies them, never changes
 * them). They are made of the environment (PUBLIC_BASE_URL: next-auth's URL, secure cookies and
 * the cookie's name) and the session key, so they are rebuilt when either changes: a new env()
 * (after reloadEnv) or another key from `sessionSecret()`, whose own caching decides how
 * long a stored key is kept (docs/decisions/1417). Async only for the key, read (or made) in the
 * database when SESSION_SECRET is not set; concurrent first calls share that one read and the
 * build after it is synchronous, so they share one build too.
 */
export async function authOptions(): Promise<NextAuthOptions> {
  const secret = await sessionSecret();
  const current = env();
  if (built?.env !== current || built.secret !== secret) {
    built = { env: current, secret, options: buildOptions(current, secret) };
  }
  return built.options;
}

function buildOptions(current: Env, secret: string): NextAuthOptions {
  // next-auth takes its own public URL from NEXTAUTH_URL only: ours is PUBLIC_BASE_URL
  process.env.NEXTAUTH_URL = `${current.PUBLIC_BASE_URL}${restPath("dashboardAuthGet").replace(/\/\{\w+\}$/, "")}`;
  const secure = secureCookies();
  return {
    secret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SEC, updateAge: 60 * 60 },
    jwt: { maxAge: SESSION_MAX_AGE_SEC },
    useSecureCookies: secure,
    cookies: {
      sessionToken: {
        name: sessionCookieName(),
        options: { httpOnly: true, sameSite: "lax", path: "/", secure },
      },
    },
    pages: { signIn: "/signin", error: "/signin" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          invitation: { label: "Invitation", type: "hidden" },
          otp: { label: "Authentication code", type: "text" },
          passkey: { label: "Passkey", type: "hidden" },
        },
        authorize: (credentials, request) =>
          signIn(
            credentials,
            header(request?.headers, CLIENT_IP_HEADER) ?? "unknown",
            cookieValue(header(request?.headers, "cookie"), deviceCookieName()),
          ),
      }),
    ],
    callbacks: {
      // the user id, their session version and the advertiser selected travel in the token; the
      // membership (and so the role) is read from the database on each request. The sign-in time stays as it was when next-auth re-issues the
      // cookie, and a token past 12 h since sign-in, of a user who is gone, or of an older session
      // version (signed out everywhere, a new password) ends: next-auth removes its cookie.
      jwt: async ({ token, user }) => {
        if (user) {
          return sessionToken({
            userId: user.id,
            email: user.email ?? "",
            name: user.name ?? "",
            sessionVersion: user.sessionVersion ?? 0,
            advertiserId: user.advertiserId ?? "",
          });
        }
        if (await currentSessionUser(token)) return token;
        throw new SessionEnded();
      },
      session: ({ session, token }) => ({
        ...session,
        user: token.sub ? { email: token.email, name: token.name } : undefined,
      }),
    },
    events: {
      // the route (app/api/[...path]/dashboard-auth.ts) sets this browser's device cookie
      signIn: ({ user, account }) => {
        if (account?.provider === "credentials" && user.email) recordSignIn(user.email);
      },
    },
    logger: {
      // an ended session is an everyday answer, not a fault
      error: (code, metadata) =>
        metadata instanceof SessionEnded
          ? logger().debug({ code }, "next-auth: session ended")
          : logger().warn({ code, metadata }, "next-auth"),
      warn: (code) => logger().debug({ code }, "next-auth"),
      debug: () => undefined,
    },
  };
}
