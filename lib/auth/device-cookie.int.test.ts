// Device cookies through next-auth's route (OWASP device cookies, docs/decisions/1418):
// a sign-in sets one; an attacker's failures lock the account for browsers without
// one, not for the owner's known browser; a device's own failures lock that device
// only; a forged, tampered, foreign, expired or malformed cookie counts as none.
import { restRoute } from "@/test/rest-routes";
import { createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { reloadEnv } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";
import { call } from "@/test/http";
import { DEVICE_COOKIE_MAX_AGE_SEC, deviceCookieName, deviceNonce, mintDeviceCookie } from "./device-cookie";
import { SIGN_IN_RATE_LIMITED } from "./next-auth";
import { sessionCookieName } from "./session";

const route = restRoute("/api/auth/{nextauth}");

const PASSWORD = "correct horse battery";
const WRONG = "wrong password!";
const BASE_URL = process.env.PUBLIC_BASE_URL;

afterEach(() => {
  process.env.PUBLIC_BASE_URL = BASE_URL;
  reloadEnv();
});

async function newUser(): Promise<string> {
  const email = `device-${randomBase62(10).toLowerCase()}@example.test`;
  await createAdvertiser({ name: "Device Co", email, password: PASSWORD });
  return email;
}

/** The Set-Cookie lines of a response by cookie name. */
function setCookies(headers: Headers): Map<string, string> {
  return new Map(headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));
}

function valueOf(line: string | undefined): string | undefined {
  return line?.split(";")[0]!.split("=").slice(1).join("=");
}

let lastIp = 0;

/**
 * The CSRF token, then the credentials callback with `cookies` added (each attempt from
 * its own address, so the per-IP limit never decides); the outcome and the device cookie
 * the answer sets, if any.
 */
async function signIn(email: string, password: string, cookies: Record<string, string> = {}) {
  const ip = `198.51.100.${++lastIp}`;
  const csrf = await call(route.GET, "/api/auth/csrf", { ip });
  const sent = { ...Object.fromEntries([...setCookies(csrf.headers)].map(([n, l]) => [n, valueOf(l)!])), ...cookies };
  const res = await call(route.POST, "/api/auth/callback/credentials", {
    body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, email, password, json: "true" }),
    headers: {
      cookie: Object.entries(sent)
        .map(([name, value]) => `${name}=${value}`)
        .join("; "),
    },
    ip,
  });
  const lines = setCookies(res.headers);
  const url: string = res.body.url;
  const outcome = url.includes(`error=${SIGN_IN_RATE_LIMITED}`)
    ? "rate_limited"
    : url.includes("error=CredentialsSignin")
      ? "wrong"
      : lines.has(sessionCookieName()) && !url.includes("error=")
        ? "signed_in"
        : `unexpected: ${url}`;
  return { outcome, lines, device: valueOf(lines.get(deviceCookieName())) };
}

const device = (value: string) => ({ [deviceCookieName()]: value });

async function failTimes(count: number, email: string, cookies: Record<string, string> = {}) {
  for (let attempt = 0; attempt < count; attempt++) {
    expect((await signIn(email, WRONG, cookies)).outcome).toBe("wrong");
  }
}

describe("sign-in device cookies", () => {
  it("a sign-in sets a long-lived httpOnly device cookie that does not show the email, beside next-auth's cookies", async () => {
    const email = await newUser();
    const res = await signIn(email, PASSWORD);
    expect(res.outcome).toBe("signed_in");
    const line = res.lines.get("sma.device")!;
    expect(line).toBeDefined();
    const attributes = line.split(/;\s*/).slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(["Path=/", `Max-Age=${180 * 24 * 3600}`, "HttpOnly", "SameSite=Lax"]),
    );
    expect(attributes).not.toContain("Secure");
    expect(DEVICE_COOKIE_MAX_AGE_SEC).toBe(180 * 24 * 3600);
    // a time, a 16-byte nonce and a 32-byte MAC: nothing of the email, not even its hash
    expect(res.device).toMatch(/^\d{10}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    // next-auth's session cookie is still there, and each sign-in gets a new device cookie
    expect(res.lines.has(sessionCookieName())).toBe(true);
    const again = await signIn(email, PASSWORD, device(res.device!));
    expect(again.device).toBeTruthy();
    expect(again.device).not.toBe(res.device);

    // a wrong password sets none
    expect((await signIn(email, WRONG)).device).toBeUndefined();
    // signing out leaves it: it marks the browser, not the session
    const session = valueOf(again.lines.get(sessionCookieName()))!;
    const csrf = await call(route.GET, "/api/auth/csrf");
    const csrfCookie = [...setCookies(csrf.headers).values()].map((entry) => entry.split(";")[0]).join("; ");
    const out = await call(route.POST, "/api/auth/signout", {
      body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: "true" }),
      headers: { cookie: `${csrfCookie}; ${sessionCookieName()}=${session}; sma.device=${again.device}` },
    });
    expect(out.status).toBe(200);
    expect(setCookies(out.headers).has(sessionCookieName())).toBe(true);
    expect(setCookies(out.headers).has("sma.device")).toBe(false);
  });

  it("is Secure and __Secure- prefixed when the public origin is https, and read under that name", async () => {
    process.env.PUBLIC_BASE_URL = "https://ads.example.test";
    reloadEnv();
    const email = await newUser();
    const res = await signIn(email, PASSWORD);
    expect(res.outcome).toBe("signed_in");
    const line = res.lines.get("__Secure-sma.device")!;
    expect(line.split(/;\s*/).slice(1)).toEqual(
      expect.arrayContaining(["Path=/", `Max-Age=${DEVICE_COOKIE_MAX_AGE_SEC}`, "HttpOnly", "SameSite=Lax", "Secure"]),
    );
    await failTimes(5, email);
    expect((await signIn(email, PASSWORD, { "sma.device": res.device! })).outcome).toBe("rate_limited");
    expect((await signIn(email, PASSWORD, { "__Secure-sma.device": res.device! })).outcome).toBe("signed_in");
  });

  it("an attacker's failures lock the account for browsers without a device cookie, not for the owner's browser", async () => {
    const email = await newUser();
    const owner = await signIn(email, PASSWORD);
    expect(owner.device).toBeTruthy();

    // the attacker knows the email, not the password, and has no device cookie
    await failTimes(5, email);
    expect((await signIn(email, PASSWORD)).outcome).toBe("rate_limited");

    // the owner's browser still signs in with the right password
    const known = await signIn(email, PASSWORD, device(owner.device!));
    expect(known.outcome).toBe("signed_in");
    // and so does the cookie that sign-in renewed
    expect((await signIn(email, PASSWORD, device(known.device!))).outcome).toBe("signed_in");
  });

  it("failures with a device cookie lock that device only, not the account", async () => {
    const email = await newUser();
    const first = await signIn(email, PASSWORD);
    const second = await signIn(email, PASSWORD);
    await failTimes(5, email, device(first.device!));
    const locked = await signIn(email, PASSWORD, device(first.device!));
    expect(locked.outcome).toBe("rate_limited");
    expect(locked.device).toBeUndefined();
    // another device of the account, and browsers without one, are not locked
    expect((await signIn(email, PASSWORD, device(second.device!))).outcome).toBe("signed_in");
    expect((await signIn(email, PASSWORD)).outcome).toBe("signed_in");
  });

  it("ignores a forged, tampered, foreign, expired or malformed device cookie (as if there were none)", async () => {
    const email = await newUser();
    const other = await newUser();
    const mine = (await signIn(email, PASSWORD)).device!;
    const theirs = (await signIn(other, PASSWORD)).device!;
    const [issuedAt, nonce, mac] = mine.split(".") as [string, string, string];
    const forgedMac = createHmac("sha256", randomBytes(32)).update(`${issuedAt}.${nonce}.${email}`).digest();
    const flip = (text: string) => `${text[0] === "A" ? "B" : "A"}${text.slice(1)}`;
    const ignored = {
      "forged with another key": `${issuedAt}.${nonce}.${forgedMac.toString("base64url")}`,
      "tampered mac": `${issuedAt}.${nonce}.${flip(mac)}`,
      "tampered nonce": `${issuedAt}.${flip(nonce)}.${mac}`,
      "tampered time": `${Number(issuedAt) - 1}.${nonce}.${mac}`,
      "minted for another email": theirs,
      expired: await mintDeviceCookie(email, Date.now() - (DEVICE_COOKIE_MAX_AGE_SEC + 60) * 1000),
      "from the future": await mintDeviceCookie(email, Date.now() + 3600 * 1000),
      malformed: "not-a-device-cookie",
      empty: "",
    };
    for (const [name, value] of Object.entries(ignored)) {
      expect(await deviceNonce(value, email), name).toBeNull();
    }
    expect(await deviceNonce(mine, email)).toBe(nonce);

    // through the route: with the account-wide bucket locked, none of them signs in...
    await failTimes(5, email);
    for (const [name, value] of Object.entries(ignored)) {
      expect((await signIn(email, PASSWORD, device(value))).outcome, name).toBe("rate_limited");
    }
    // while the genuine cookie does
    expect((await signIn(email, PASSWORD, device(mine))).outcome).toBe("signed_in");
  });
});
