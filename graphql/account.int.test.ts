// The signed-in user's account over GraphQL with real sessions (next-auth's route,
// the session cookie): sign out everywhere and a password change end every session
// issued before, copied cookies included, while the browser that changed its
// password keeps a new one; a plain sign-out ends that browser only; a wrong current
// password is a userError counted as a failed sign-in; a weak new one is refused with
// zxcvbn's feedback; an access token can do neither (docs/decisions/1423).
import { restRoute } from "@/test/rest-routes";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/passwords";
import { deviceCookieName } from "@/lib/auth/device-cookie";
import { sessionCookieName } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import {
  cookieHeader,
  gqlWithJar,
  nextAuthSession,
  sessionOf,
  signIn,
  signOut,
  viewerEmail,
  type Jar,
} from "@/test/dashboard-session";
import { bearer, call } from "@/test/http";
import { gql } from "@/test/graphql";
import { issueAccessToken } from "@/lib/auth/tokens";

const authRoute = restRoute("/api/auth/{nextauth}");

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a quite different passphrase 42";

const CHANGE = `mutation Change($input: ChangePasswordInput!) {
  changePassword(input: $input) { changedAt userErrors { field code message } }
}`;
const EVERYWHERE = `mutation { signOutEverywhere { signedOutAt userErrors { field code message } } }`;

let lastIp = 0;
/** Each test's browsers come from their own addresses, so the per-IP sign-in limit never decides by accident. */
const nextIp = () => `198.18.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

async function newUser() {
  const email = `account-${randomBase62(10).toLowerCase()}@example.test`;
  const created = await createAdvertiser({ name: "Account Co", email, password: PASSWORD });
  return { email, userId: created.user_id, advertiserId: created.advertiser_id, clientId: created.client_id };
}

/** A browser signed in as `email`. */
async function browser(email: string, password = PASSWORD, ip = nextIp()): Promise<Jar> {
  const jar: Jar = new Map();
  const url = await signIn(jar, email, password, ip);
  expect(url, "sign-in").not.toContain("error=");
  expect(sessionOf(jar)).toBeTruthy();
  return jar;
}

/** Another browser holding a copy of `jar`'s session cookie (and nothing else: no device cookie). */
function copyOf(jar: Jar): Jar {
  return new Map([[sessionCookieName(), sessionOf(jar)!]]);
}

describe("sign out everywhere", () => {
  it("ends every session of the user, copied cookies and this browser included; other users keep theirs", async () => {
    const user = await newUser();
    const other = await newUser();
    const first = await browser(user.email);
    const second = await browser(user.email);
    const stolen = copyOf(first);
    const bystander = await browser(other.email);
    for (const jar of [first, second, stolen]) expect(await viewerEmail(jar)).toBe(user.email);

    const res = await gqlWithJar(first, EVERYWHERE);
    expect(res.status).toBe(200);
    expect(res.body.data.signOutEverywhere).toEqual({ signedOutAt: expect.any(String), userErrors: [] });
    // this browser's cookie is removed by the answer
    expect(sessionOf(first)).toBeUndefined();
    expect(res.headers.getSetCookie().find((line) => line.startsWith(`${sessionCookieName()}=;`))).toMatch(/Max-Age=0/);

    for (const jar of [second, stolen]) {
      expect(await viewerEmail(jar)).toBeNull();
      // next-auth's session endpoint: no session, and the dead cookie is removed
      const session = await call(authRoute.GET, "/api/auth/session", { headers: { cookie: cookieHeader(jar) } });
      expect(session.body).toEqual({});
      expect(session.headers.getSetCookie().find((line) => line.startsWith(`${sessionCookieName()}=`))).toMatch(
        /^[^=]+=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
      );
    }
    expect(await viewerEmail(bystander)).toBe(other.email);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.userId } })).sessionVersion).toBe(1);

    // the password still works: a new sign-in is a session of the new version
    const again = await browser(user.email);
    expect(await viewerEmail(again)).toBe(user.email);
    expect(await nextAuthSession(again)).toBe(user.email);
  });

  it("signing out of one browser ends that browser's session only", async () => {
    const user = await newUser();
    const first = await browser(user.email);
    const second = await browser(user.email);
    await signOut(second);
    expect(sessionOf(second)).toBeUndefined();
    expect(await viewerEmail(second)).toBeNull();
    expect(await viewerEmail(first)).toBe(user.email);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.userId } })).sessionVersion).toBe(0);
  });
});

describe("changePassword", () => {
  it("ends every other session (copies included) and gives this browser a new session of the new password", async () => {
    const user = await newUser();
    const changer = await browser(user.email);
    const other = await browser(user.email);
    const stolen = copyOf(changer);
    const before = sessionOf(changer);

    const res = await gqlWithJar(changer, CHANGE, {
      input: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.body.data.changePassword).toEqual({ changedAt: expect.any(String), userErrors: [] });
    const line = res.headers.getSetCookie().find((entry) => entry.startsWith(`${sessionCookieName()}=`));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    expect(sessionOf(changer)).toBeTruthy();
    expect(sessionOf(changer)).not.toBe(before);

    // the changing browser stays signed in, for GraphQL and for next-auth
    expect(await viewerEmail(changer)).toBe(user.email);
    expect(await nextAuthSession(changer)).toBe(user.email);
    // every other session is over: another browser, a copy of the changer's old cookie
    for (const jar of [other, stolen]) {
      expect(await viewerEmail(jar)).toBeNull();
      expect(await nextAuthSession(jar)).toBeNull();
    }

    const row = await db().user.findUniqueOrThrow({ where: { id: user.userId } });
    expect(row.sessionVersion).toBe(1);
    expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true);
    // the old password no longer signs in; the new one does
    expect(await signIn(new Map(), user.email, PASSWORD, nextIp())).toContain("error=CredentialsSignin");
    expect(await viewerEmail(await browser(user.email, NEW_PASSWORD))).toBe(user.email);
  });

  it("refuses a wrong current password as a userError, changing nothing", async () => {
    const user = await newUser();
    const jar = await browser(user.email);
    const res = await gqlWithJar(jar, CHANGE, {
      input: { currentPassword: "not my password at all", newPassword: NEW_PASSWORD },
    });
    expect(res.body.data.changePassword).toEqual({
      changedAt: null,
      userErrors: [
        { field: ["input", "currentPassword"], code: "VALIDATION_FAILED", message: "is not your current password" },
      ],
    });
    const row = await db().user.findUniqueOrThrow({ where: { id: user.userId } });
    expect(row.sessionVersion).toBe(0);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
    expect(await viewerEmail(jar)).toBe(user.email);
  });

  it("refuses a weak new password with zxcvbn's feedback, before the current password is checked", async () => {
    const user = await newUser();
    const jar = await browser(user.email);
    const cases = [
      ["password123", "This is a commonly used password. Add more words that are less common."],
      [user.email, expect.any(String)],
      ["short", "At least 10 characters".toLowerCase()],
      [PASSWORD, "must differ from the current password"],
    ] as const;
    for (const [newPassword, message] of cases) {
      // a wrong current password too: the weak choice is refused first, spending no sign-in attempt
      const res = await gqlWithJar(jar, CHANGE, { input: { currentPassword: PASSWORD, newPassword } });
      expect(res.body.data.changePassword, newPassword).toEqual({
        changedAt: null,
        userErrors: [{ field: ["input", "newPassword"], code: "VALIDATION_FAILED", message }],
      });
    }
    const row = await db().user.findUniqueOrThrow({ where: { id: user.userId } });
    expect(row.sessionVersion).toBe(0);
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
  });

  it("counts wrong current passwords as failed sign-ins: a known browser's against its device, a copied cookie's against the account", async () => {
    const { points } = RATE_LIMIT_POLICIES.sign_in_account;
    expect(RATE_LIMIT_POLICIES.sign_in_device.points).toBe(points);
    const wrong = (jar: Jar, ip: string) =>
      gqlWithJar(jar, CHANGE, { input: { currentPassword: "a wrong guess 12345", newPassword: NEW_PASSWORD } }, ip);

    // the owner's browser (it has a device cookie): its failures lock that device only
    const user = await newUser();
    const owner = await browser(user.email);
    expect(owner.has(deviceCookieName())).toBe(true);
    for (let attempt = 0; attempt < points; attempt++) {
      expect((await wrong(owner, nextIp())).body.data.changePassword.userErrors).toHaveLength(1);
    }
    const locked = await gqlWithJar(
      owner,
      CHANGE,
      { input: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } },
      nextIp(),
    );
    expect(locked.body.data.changePassword).toBeNull();
    expect(locked.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED", retryAfter: expect.any(Number) });
    expect(locked.headers.get("retry-after")).toBeTruthy();
    // ...and its sign-ins, which share the device's count; another browser still signs in
    expect(await signIn(new Map(owner), user.email, PASSWORD, nextIp())).toContain("error=RateLimited");
    expect(await signIn(new Map(), user.email, PASSWORD, nextIp())).not.toContain("error=");
    expect(
      await verifyPassword(PASSWORD, (await db().user.findUniqueOrThrow({ where: { id: user.userId } })).passwordHash),
    ).toBe(true);

    // a copied session cookie without the device cookie: its failures count against the account
    const victim = await newUser();
    const stolen = copyOf(await browser(victim.email));
    for (let attempt = 0; attempt < points; attempt++) {
      expect((await wrong(stolen, nextIp())).body.data.changePassword.userErrors).toHaveLength(1);
    }
    expect((await wrong(stolen, nextIp())).body.errors[0].extensions.code).toBe("RATE_LIMITED");
    expect(await signIn(new Map(), victim.email, PASSWORD, nextIp())).toContain("error=RateLimited");
  });

  it("is refused to an access token (it acts for the advertiser, not for a user), as sign out everywhere is", async () => {
    const user = await newUser();
    const { token } = await issueAccessToken({
      clientId: user.clientId,
      advertiserId: user.advertiserId,
      scopes: ["campaigns:read", "campaigns:write", "reporting:read"],
    });
    const change = await gql(CHANGE, {
      variables: { input: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } },
      headers: bearer(token),
    });
    expect(change.data).toEqual({ changePassword: null });
    expect(change.errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "session_required" });
    const everywhere = await gql(EVERYWHERE, { headers: bearer(token) });
    expect(everywhere.errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "session_required" });
    const viewer = await gql("{ viewer { credential user { email } } }", { headers: bearer(token) });
    expect(viewer.data.viewer).toEqual({ credential: "TOKEN", user: null });
    const row = await db().user.findUniqueOrThrow({ where: { id: user.userId } });
    expect(row.sessionVersion).toBe(0);

    // without any credential: UNAUTHENTICATED
    const anonymous = await gql(EVERYWHERE);
    expect(anonymous.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });

  it("answers malformed input as GraphQL errors, never a fault", async () => {
    const user = await newUser();
    const jar = await browser(user.email);
    const cases: [string, Record<string, unknown> | undefined][] = [
      [CHANGE, { input: { currentPassword: PASSWORD } }],
      [CHANGE, { input: { currentPassword: 12, newPassword: NEW_PASSWORD } }],
      [CHANGE, { input: { currentPassword: PASSWORD, newPassword: ["x"] } }],
      [CHANGE, { input: null }],
      [CHANGE, { input: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, extra: 1 } }],
      [CHANGE, { input: { currentPassword: "pass\u0000word", newPassword: NEW_PASSWORD } }],
      [`mutation { changePassword { changedAt } }`, undefined],
      [`mutation { signOutEverywhere(input: {}) { signedOutAt } }`, undefined],
    ];
    for (const [query, variables] of cases) {
      const res = await gqlWithJar(jar, query, variables);
      expect(res.status, JSON.stringify(variables)).toBe(400);
      expect(res.body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toMatch(
        /^(BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED|BAD_REQUEST)$/,
      );
    }
    // over the length limits: userErrors on the fields
    const long = await gqlWithJar(jar, CHANGE, {
      input: { currentPassword: "x".repeat(201), newPassword: "y".repeat(201) },
    });
    expect(long.status).toBe(200);
    expect(long.body.data.changePassword.userErrors.map((error: { field: string[] }) => error.field)).toEqual([
      ["input", "currentPassword"],
      ["input", "newPassword"],
    ]);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.userId } })).sessionVersion).toBe(0);
    expect(await viewerEmail(jar)).toBe(user.email);
  });
});
