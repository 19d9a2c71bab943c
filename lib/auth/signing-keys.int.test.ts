// The per-process cache of verification keys: it expires, reloads are shared and
// swapped in whole, unknown kids reload at most once per interval, and a key can
// be retired at once.
import { exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { bearer, call } from "@/test/http";
import {
  currentSigningKey,
  PUBLIC_KEYS_TTL_MS,
  publicKeyFor,
  retireSigningKey,
  rotateSigningKey,
  TOKEN_LIFETIME_SEC,
  UNKNOWN_KID_RELOAD_MS,
} from "./signing-keys";

const protectedRoute = defineRoute({ auth: "token" }, async ({ actor }) => jsonResponse({ id: actor.advertiserId }));
const at = (ms: number) => ({ clock: fixedClock(ms) });

/** Moves the clock past the key cache's lifetime: the next lookup reloads the keys, as a new process would. */
const pastTheCache = () => vi.setSystemTime(Date.now() + PUBLIC_KEYS_TTL_MS);
// Date only, and it keeps running: timers, the database drivers and the request path stay real
beforeAll(() => vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true }));
afterAll(() => vi.useRealTimers());
beforeEach(pastTheCache);

/** Counts the loads of the public keys (each is one read of the live key rows). */
function countLoads(): { readonly count: number } {
  const spy = vi.spyOn(db().signingKey, "findMany");
  const start = spy.mock.calls.length;
  return {
    get count() {
      return spy.mock.calls.length - start;
    },
  };
}

describe("verification key cache", () => {
  it("expires: a key retired by another instance stops verifying once the cache is PUBLIC_KEYS_TTL_MS old", async () => {
    const { kid } = await currentSigningKey();
    const t0 = Date.now();
    expect(await publicKeyFor(kid, at(t0))).toBeDefined();
    // another instance retires it for good (what retire-signing-key writes)
    await db().signingKey.update({
      where: { kid },
      data: { retiredAt: new Date(t0 - TOKEN_LIFETIME_SEC * 1000 - 1000) },
    });
    expect(await publicKeyFor(kid, at(t0 + PUBLIC_KEYS_TTL_MS - 1))).toBeDefined();
    expect(await publicKeyFor(kid, at(t0 + PUBLIC_KEYS_TTL_MS))).toBeUndefined();
    await rotateSigningKey();
  });

  it("reloads once for many concurrent lookups of an expired cache, and every one finds the key", async () => {
    const { kid } = await currentSigningKey();
    const t0 = Date.now();
    await publicKeyFor(kid, at(t0));
    const loads = countLoads();
    const keys = await Promise.all(Array.from({ length: 20 }, () => publicKeyFor(kid, at(t0 + PUBLIC_KEYS_TTL_MS))));
    expect(keys.every((key) => key !== undefined)).toBe(true);
    expect(loads.count).toBe(1);
  });

  it("random kids cause at most one reload per interval, and valid tokens keep verifying meanwhile", async () => {
    const { kid } = await currentSigningKey();
    const t0 = Date.now();
    await publicKeyFor(kid, at(t0));
    const loads = countLoads();
    const lookups = await Promise.all(
      Array.from({ length: 40 }, (_, i) => publicKeyFor(i % 4 === 0 ? kid : `key_random${i}`, at(t0 + 1))),
    );
    lookups.forEach((key, i) => (i % 4 === 0 ? expect(key).toBeDefined() : expect(key).toBeUndefined()));
    expect(loads.count).toBe(1);
    expect(await publicKeyFor("key_another", at(t0 + UNKNOWN_KID_RELOAD_MS - 1))).toBeUndefined();
    expect(loads.count).toBe(1);
    expect(await publicKeyFor("key_another", at(t0 + 1 + UNKNOWN_KID_RELOAD_MS))).toBeUndefined();
    expect(loads.count).toBe(2);
  });

  it("finds a key another instance just added: an unknown kid reloads", async () => {
    const t0 = Date.now();
    await publicKeyFor((await currentSigningKey()).kid, at(t0));
    // another instance adds a key (its own rotation), unseen by this process's cache
    const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
    const kid = "key_otherinstance";
    await db().signingKey.create({
      data: {
        kid,
        alg: "RS256",
        publicJwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }),
        privateJwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: "RS256" }),
        retiredAt: new Date(t0),
      },
    });
    const loads = countLoads();
    expect(await publicKeyFor(kid, at(t0 + 1))).toBeDefined();
    expect(loads.count).toBe(1);
  });
});

describe("retireSigningKey", () => {
  it("retires at once: its tokens stop verifying, the JWKS drops it, a new key signs", async () => {
    const adv = await createTestAdvertiser();
    const before = await adv.token();
    const { kid } = await currentSigningKey();
    expect((await call(protectedRoute, "/x", { headers: bearer(before) })).status).toBe(200);

    const { retired, signingKid } = await retireSigningKey(kid);
    expect(retired).toBe(kid);
    expect(signingKid).not.toBe(kid);
    const refused = await call(protectedRoute, "/x", { headers: bearer(before) });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toMatch(/unknown key/);
    const jwks = await call(jwksRoute, "/.well-known/jwks.json");
    expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).not.toContain(kid);
    expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toContain(signingKid);
    expect((await call(protectedRoute, "/x", { headers: bearer(await adv.token()) })).status).toBe(200);
  });

  it("a reload that read the keys before a retirement does not bring the retired key back", async () => {
    const { kid } = await currentSigningKey();
    const findMany = db().signingKey.findMany.bind(db().signingKey);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let loaded!: () => void;
    const read = new Promise<void>((resolve) => (loaded = resolve));
    // the first load reads the rows (the key still live), then answers only after the retirement
    const spy = vi.spyOn(db().signingKey, "findMany").mockImplementationOnce((async (
      args: Parameters<typeof findMany>[0],
    ) => {
      const rows = await findMany(args);
      loaded();
      await gate;
      return rows;
    }) as unknown as typeof findMany);
    const slow = publicKeyFor(kid);
    await read;
    await retireSigningKey(kid);
    release();
    expect(await slow).toBeDefined(); // the caller that started before the retirement
    expect(await publicKeyFor(kid)).toBeUndefined();
    spy.mockRestore();
  });

  it("a database failure while loading keys is the service's error (500), not the token's (401)", async () => {
    const adv = await createTestAdvertiser();
    const token = await adv.token();
    pastTheCache();
    const spy = vi.spyOn(db().signingKey, "findMany").mockRejectedValueOnce(new Error("connection refused"));
    const res = await call(protectedRoute, "/x", { headers: bearer(token) });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain("connection refused");
    expect((await call(protectedRoute, "/x", { headers: bearer(token) })).status).toBe(200);
    spy.mockRestore();
  });

  it("retires a key that rotation had already retired (still published) at once too; an unknown kid is not_found", async () => {
    const adv = await createTestAdvertiser();
    const old = (await currentSigningKey()).kid;
    const token = await adv.token();
    await rotateSigningKey();
    expect((await call(protectedRoute, "/x", { headers: bearer(token) })).status).toBe(200);
    await retireSigningKey(old);
    expect((await call(protectedRoute, "/x", { headers: bearer(token) })).status).toBe(401);
    await expect(retireSigningKey("key_nope")).rejects.toMatchObject({ code: "not_found" });
  });
});
