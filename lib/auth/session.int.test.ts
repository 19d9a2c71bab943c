// Dashboard sessions end to end through next-auth's route (CSRF token, sign-in,
// the session cookie) and `sessionUserFromRequest`, which GraphQL trusts: no
// cookie, a forged cookie, an expired one, a deleted user, a valid one; sign-in
// failures rate limited; the session key kept in the database.
import { restRoute } from "@/test/rest-routes";
import { decode, encode } from "next-auth/jwt";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";
import { nextAuthSession, signIn as signInJar, signOut, cookieHeader as jarHeader } from "@/test/dashboard-session";
import { call, makeRequest } from "@/test/http";
import { SIGN_IN_RATE_LIMITED, SIGN_IN_UNAVAILABLE, signIn as signInUser } from "./next-auth";
import { sessionCookieName, sessionUserFromRequest } from "./session";
import { rotateSessionSecret, sessionSecret } from "./session-secret";

const route = restRoute("/api/auth/{nextauth}");
const graphqlRoute = restRoute("/api/graphql");

const PASSWORD = "correct horse battery";

async function newUser() {
  const email = `user-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name: "Session Co", email, password: PASSWORD });
  return { email, userId: created.user_id, advertiserId: created.advertiser_id };
}

function cookiesOf(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    headers.getSetCookie().map((line) => {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      return [pair!.slice(0, index), pair!.slice(index + 1)];
    }),
  );
}

function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

/** The CSRF token and its cookie, then the credentials callback; returns the callback's answer. */
async function signIn(email: string, password: string, ip = "203.0.113.10") {
  const csrf = await call(route.GET, "/api/auth/csrf", { ip });
  expect(csrf.status).toBe(200);
  const cookies = cookiesOf(csrf.headers);
  const body = new URLSearchParams({ csrfToken: csrf.body.csrfToken, email, password, json: "true" });
  const res = await call(route.POST, "/api/auth/callback/credentials", {
    body,
    headers: { cookie: cookieHeader(cookies) },
    ip,
  });
  return { ...res, cookies: { ...cookies, ...cookiesOf(res.headers) } };
}

function withSession(value: string): Request {
  return makeRequest("/api/graphql", { headers: { cookie: `other=1; ${sessionCookieName()}=${value}` } });
}

describe("dashboard sessions", () => {
  it("signs in with the password and reads the session back", async () => {
    const user = await newUser();
    const res = await signIn(user.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.url).not.toContain("error=");
    const line = res.headers.getSetCookie().find((entry) => entry.startsWith(`${sessionCookieName()}=`));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    const token = res.cookies[sessionCookieName()]!;
    expect(await sessionUserFromRequest(withSession(token))).toEqual({
      userId: user.userId,
      advertiserId: user.advertiserId,
      role: "admin",
    });

    // GraphQL accepts the session: the viewer is this advertiser
    const viewer = await call(graphqlRoute.POST, "/api/graphql", {
      body: { query: "{ viewer { credential advertiser { name } } }" },
      headers: { cookie: `${sessionCookieName()}=${token}` },
    });
    expect(viewer.body.data.viewer).toEqual({ credential: "SESSION", advertiser: { name: "Session Co" } });
  });

  it("runs next-auth's own handler end to end: sign-in, the session, sign-out, and its redirects without json=true", async () => {
    const user = await newUser();
    const jar = new Map<string, string>();
    expect(await signInJar(jar, user.email, PASSWORD, "203.0.113.41")).not.toContain("error=");
    expect(await nextAuthSession(jar)).toBe(user.email);
    const session = await call(route.GET, "/api/auth/session", { headers: { cookie: jarHeader(jar) } });
    expect(session.headers.get("content-type")).toContain("application/json");
    expect(session.headers.get("cache-control")).toBe("no-store");
    expect(session.body).toEqual({ user: { email: user.email, name: "Session Co" }, expires: expect.any(String) });

    await signOut(jar, "203.0.113.41");
    expect(jar.has(sessionCookieName())).toBe(false);
    expect(await nextAuthSession(jar)).toBeNull();

    // a form post without json=true: next-auth's redirect, to a path of this site
    const csrf = await call(route.GET, "/api/auth/csrf", { ip: "203.0.113.42" });
    const redirected = await call(route.POST, "/api/auth/callback/credentials", {
      body: new URLSearchParams({
        csrfToken: csrf.body.csrfToken,
        email: user.email,
        password: PASSWORD,
        callbackUrl: "/overview",
      }),
      headers: { cookie: cookieHeader(cookiesOf(csrf.headers)) },
      ip: "203.0.113.42",
    });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("http://sma.test/overview");
    expect(redirected.headers.getSetCookie().some((line) => line.startsWith(`${sessionCookieName()}=`))).toBe(true);
    const providers = await call(route.GET, "/api/auth/providers");
    expect(Object.keys(providers.body)).toEqual(["credentials"]);
  });

  it("issues a new session token at each sign-in (no fixation)", async () => {
    const user = await newUser();
    const first = await signIn(user.email, PASSWORD);
    const second = await signIn(user.email, PASSWORD);
    expect(second.cookies[sessionCookieName()]).toBeTruthy();
    expect(second.cookies[sessionCookieName()]).not.toBe(first.cookies[sessionCookieName()]);
  });

  it("refuses a sign-in without the CSRF token (422 on the field) or with a wrong one (no session)", async () => {
    const user = await newUser();
    const missing = await call(route.POST, "/api/auth/callback/credentials", {
      body: new URLSearchParams({ email: user.email, password: PASSWORD, json: "true" }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error: { path: string }) => error.path)).toEqual(["csrfToken"]);
    const wrong = await call(route.POST, "/api/auth/callback/credentials", {
      body: new URLSearchParams({ csrfToken: "forged", email: user.email, password: PASSWORD, json: "true" }),
    });
    expect(wrong.headers.getSetCookie().some((line) => line.startsWith(`${sessionCookieName()}=`))).toBe(false);
  });

  it("answers bad requests with problem+json before next-auth runs", async () => {
    const form = (fields: Record<string, string>) => new URLSearchParams({ csrfToken: "t", ...fields });
    const cases = [
      { path: "/api/auth/csrf", options: { body: form({}) }, status: 404, code: "not_found" },
      { path: "/api/auth/nowhere", options: {}, status: 404, code: "not_found" },
      { path: "/api/auth/%E0%A4%A", options: {}, status: 404, code: "not_found" },
      {
        path: "/api/auth/callback/credentials",
        options: { body: "csrfToken=t", headers: { "content-type": "text/plain" } },
        status: 400,
        code: "bad_request",
      },
      {
        path: "/api/auth/callback/credentials",
        options: { body: new URLSearchParams("csrfToken=t&email=a@b.test&email=c@d.test") },
        status: 422,
        code: "validation_failed",
        field: "email",
      },
      {
        path: "/api/auth/callback/credentials",
        options: { body: form({ callbackUrl: "//evil.example/x" }) },
        status: 422,
        code: "validation_failed",
        field: "callbackUrl",
      },
      {
        path: "/api/auth/signout",
        options: { body: form({ json: "maybe" }) },
        status: 422,
        code: "validation_failed",
        field: "json",
      },
      {
        path: "/api/auth/signout",
        options: { body: "[1]", headers: { "content-type": "application/json" } },
        status: 422,
        code: "validation_failed",
      },
    ];
    for (const { path, options, status, code, field } of cases) {
      const res = await call(options.body === undefined ? route.GET : route.POST, path, options);
      expect(res.headers.get("content-type"), path).toContain("application/problem+json");
      expect([res.status, res.body.code], path).toEqual([status, code]);
      if (field) expect(res.body.errors.map((error: { path: string }) => error.path)).toEqual([field]);
    }
  });

  it("answers a wrong password with an error and no session", async () => {
    const user = await newUser();
    const res = await signIn(user.email, "wrong password!", "203.0.113.20");
    expect(res.status).toBe(401);
    expect(res.body.url).toContain("error=CredentialsSignin");
    expect(res.cookies[sessionCookieName()]).toBeUndefined();
  });

  it("rate limits failed sign-ins per account", async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await signIn(user.email, "wrong password!", `198.51.100.${attempt + 1}`);
      expect(res.body.url).toContain("error=CredentialsSignin");
    }
    // the right password, from yet another address: the account is locked for the window
    const locked = await signIn(user.email, PASSWORD, "198.51.100.99");
    expect(locked.body.url).toContain(`error=${SIGN_IN_RATE_LIMITED}`);
    expect(locked.cookies[sessionCookieName()]).toBeUndefined();
  });

  it("answers 413 past the body limit", async () => {
    const res = await call(route.POST, "/api/auth/callback/credentials", {
      body: new URLSearchParams({ password: "x".repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload_too_large");
  });

  it("is no session without a cookie, with a forged one, expired, or for a deleted user", async () => {
    const user = await newUser();
    expect(await sessionUserFromRequest(makeRequest("/api/graphql"))).toBeNull();
    expect(await sessionUserFromRequest(withSession("not-a-jwt"))).toBeNull();

    const secret = await sessionSecret();
    const signedInAt = Math.floor(Date.now() / 1000);
    const forged = await encode({
      token: { sub: user.userId, signedInAt },
      secret: "another secret of 32 characters!!",
    });
    expect(await sessionUserFromRequest(withSession(forged))).toBeNull();

    const expired = await encode({ token: { sub: user.userId, signedInAt }, secret, maxAge: -3600 });
    expect(await sessionUserFromRequest(withSession(expired))).toBeNull();

    // a token without its sign-in time is none
    const undated = await encode({ token: { sub: user.userId }, secret });
    expect(await sessionUserFromRequest(withSession(undated))).toBeNull();

    const valid = await encode({ token: { sub: user.userId, signedInAt }, secret });
    expect(await sessionUserFromRequest(withSession(valid))).toEqual({
      userId: user.userId,
      advertiserId: user.advertiserId,
      role: "admin",
    });
    await db().user.delete({ where: { id: user.userId } });
    expect(await sessionUserFromRequest(withSession(valid))).toBeNull();
  });

  it("ends 12 hours after sign-in however often the session is read (next-auth re-issues the cookie on each read)", async () => {
    const user = await newUser();
    const secret = await sessionSecret();
    const now = Math.floor(Date.now() / 1000);
    const read = async (token: string) => {
      const res = await call(route.GET, "/api/auth/session", {
        headers: { cookie: `${sessionCookieName()}=${token}` },
      });
      return { body: res.body, reissued: cookiesOf(res.headers)[sessionCookieName()] };
    };

    // read within the 12 hours: the re-issued cookie keeps the sign-in time
    const recent = await encode({ token: { sub: user.userId, signedInAt: now - 3600 }, secret });
    const fresh = await read(recent);
    expect(fresh.body.user).toBeTruthy();
    expect((await decode({ token: fresh.reissued!, secret }))?.signedInAt).toBe(now - 3600);

    // signed in 12 h and a minute ago, the cookie itself not expired (it was re-issued an hour ago)
    const stale = await encode({ token: { sub: user.userId, signedInAt: now - 12 * 3600 - 60 }, secret });
    expect(await sessionUserFromRequest(withSession(stale))).toBeNull();
    const ended = await read(stale);
    expect(ended.body.user).toBeUndefined();
    if (ended.reissued) expect((await decode({ token: ended.reissued, secret }))?.sub).toBeUndefined();
  });

  it("a sign-in the service cannot check shows a neutral code, never the error's text", async () => {
    const spy = vi
      .spyOn(db().user, "findUnique")
      .mockRejectedValueOnce(new Error("Can't reach database server at db.internal:5432"));
    await expect(signInUser({ email: "a@example.test", password: PASSWORD }, "203.0.113.77")).rejects.toThrow(
      new Error(SIGN_IN_UNAVAILABLE),
    );
    spy.mockRestore();
  });

  it("keeps one generated session key in the database", async () => {
    const secret = await sessionSecret();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const row = await db().appSecret.findUnique({ where: { name: "session_secret" } });
    expect(row?.value).toBe(secret);
  });

  it("a rotated session key signs everyone out at once in the rotating process; sessions made after it are read", async () => {
    const user = await newUser();
    const before = await signIn(user.email, PASSWORD, "203.0.113.31");
    const old = before.cookies[sessionCookieName()]!;
    expect(await sessionUserFromRequest(withSession(old))).not.toBeNull();

    await rotateSessionSecret();
    expect(await sessionUserFromRequest(withSession(old))).toBeNull();
    const session = await call(route.GET, "/api/auth/session", {
      headers: { cookie: `${sessionCookieName()}=${old}` },
    });
    expect(session.body.user).toBeUndefined();

    const after = await signIn(user.email, PASSWORD, "203.0.113.31");
    expect(await sessionUserFromRequest(withSession(after.cookies[sessionCookieName()]!))).toEqual({
      userId: user.userId,
      advertiserId: user.advertiserId,
      role: "admin",
    });
  });

  it("signs up twice with one email: the second is a conflict on the email field", async () => {
    const email = `dup-${randomBase62(8).toLowerCase()}@example.test`;
    const results = await Promise.allSettled([
      createAdvertiser({ name: "A", email, password: PASSWORD }),
      createAdvertiser({ name: "B", email, password: PASSWORD }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason.code).toBe("conflict");
    expect(rejected.reason.fieldErrors).toEqual([{ path: "email", message: "already registered" }]);
  });
});
