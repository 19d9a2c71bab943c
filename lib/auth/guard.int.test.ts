// The bearer-token guard used by every protected route (defineRoute with auth "token").
import { generateKeyPair, SignJWT, importJWK, type JWK, base64url } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { bearer, call } from "@/test/http";
import { revokeApiClientFor } from "@/lib/domain/api-clients/revoke-api-client";
import type { AppError } from "@/lib/errors";
import { actorFromRequest, requireScope, type Actor } from "./actor";
import { CLIENT_STATUS_CACHE_MS } from "./clients";
import { SCOPES } from "./scopes";
import { rotateSigningKey } from "./signing-keys";
import { issueAccessToken, tokenAudience } from "./tokens";

// a route of the token guard whose handler needs reporting:read (operations declare theirs: lib/operations/invoke.ts)
const protectedRoute = defineRoute({ auth: "token" }, async ({ actor }) => {
  requireScope(actor, "reporting:read");
  return jsonResponse({ advertiser_id: actor.advertiserId, client_id: actor.clientId });
});

async function signingMaterial() {
  const row = await db().signingKey.findFirstOrThrow({ where: { retiredAt: null }, orderBy: { createdAt: "desc" } });
  return { kid: row.kid, privateJwk: JSON.parse(row.privateJwk) as JWK, publicJwk: JSON.parse(row.publicJwk) as JWK };
}

function expectUnauthorized(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(401);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="sma"/);
  expect(res.body).toMatchObject({
    status: 401,
    code: "unauthorized",
    title: "Unauthorized",
    type: expect.any(String),
  });
  expect(res.text).not.toMatch(/at .*\.ts:\d+/); // no stack
}

describe("bearer token guard", () => {
  let adv: TestAdvertiser;
  let valid: string;
  beforeAll(async () => {
    adv = await createTestAdvertiser();
    valid = await adv.token();
  });

  it("lets a valid token through and yields its advertiser", async () => {
    const res = await call(protectedRoute, "/x", { headers: bearer(valid) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ advertiser_id: adv.advertiserId, client_id: adv.clientId });
  });

  it("rejects a missing header and a non-Bearer scheme", async () => {
    expectUnauthorized(await call(protectedRoute, "/x"));
    expectUnauthorized(await call(protectedRoute, "/x", { headers: { authorization: `Basic ${valid}` } }));
  });

  it("rejects alg none", async () => {
    const [, payload] = valid.split(".");
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
    expectUnauthorized(await call(protectedRoute, "/x", { headers: bearer(`${header}.${payload}.`) }));
  });

  it("rejects HS256 signed with the public key (algorithm confusion)", async () => {
    const { kid, publicJwk } = await signingMaterial();
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const forged = await new SignJWT({ adv: adv.advertiserId, scope: "reporting:read" })
      .setProtectedHeader({ alg: "HS256", kid })
      .setIssuer("http://sma.test")
      .setSubject(adv.clientId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret);
    expectUnauthorized(await call(protectedRoute, "/x", { headers: bearer(forged) }));
  });

  it("rejects a tampered payload", async () => {
    const other = await createTestAdvertiser("Other");
    const [header, payload, signature] = valid.split(".");
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!))) as Record<string, unknown>;
    claims.adv = other.advertiserId;
    const tampered = `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`;
    expectUnauthorized(await call(protectedRoute, "/x", { headers: bearer(tampered) }));
  });

  it("rejects an expired token", async () => {
    const { token } = await issueAccessToken(
      { clientId: adv.clientId, advertiserId: adv.advertiserId, scopes: ["reporting:read"] },
      { clock: fixedClock(Date.now() - 3601_000) },
    );
    const res = await call(protectedRoute, "/x", { headers: bearer(token) });
    expectUnauthorized(res);
    expect(res.body.detail).toMatch(/expired/);
  });

  it("rejects a token from another issuer, and one signed by a key we never published", async () => {
    const { kid, privateJwk } = await signingMaterial();
    const key = await importJWK(privateJwk, "RS256");
    const foreign = await new SignJWT({ adv: adv.advertiserId, scope: "reporting:read" })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer("https://evil.example")
      .setSubject(adv.clientId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    expectUnauthorized(await call(protectedRoute, "/x", { headers: bearer(foreign) }));

    const stranger = await generateKeyPair("RS256");
    const unknownKey = await new SignJWT({ adv: adv.advertiserId, scope: "reporting:read" })
      .setProtectedHeader({ alg: "RS256", kid: "key_stranger" })
      .setIssuer("http://sma.test")
      .setSubject(adv.clientId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(stranger.privateKey);
    expectUnauthorized(await call(protectedRoute, "/x", { headers: bearer(unknownKey) }));
  });

  it("answers 403 insufficient_scope when the token lacks the route's scope", async () => {
    const token = await adv.token(["campaigns:read", "campaigns:write"]);
    const res = await call(protectedRoute, "/x", { headers: bearer(token) });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ code: "insufficient_scope", status: 403 });
    expect(res.body.detail).toMatch(/reporting:read/);
  });

  it("keeps verifying tokens of a rotated key for their lifetime, and publishes both keys", async () => {
    const before = await adv.token();
    const newKid = await rotateSigningKey();
    const after = await adv.token();
    expect(JSON.parse(Buffer.from(after.split(".")[0]!, "base64url").toString()).kid).toBe(newKid);
    expect((await call(protectedRoute, "/x", { headers: bearer(before) })).status).toBe(200);
    expect((await call(protectedRoute, "/x", { headers: bearer(after) })).status).toBe(200);
    const jwks = await call(jwksRoute, "/.well-known/jwks.json");
    expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toContain(newKid);
    expect(jwks.body.keys.length).toBeGreaterThanOrEqual(2);
  });

  it("rejects a token without an audience, or for another audience", async () => {
    const { kid, privateJwk } = await signingMaterial();
    const key = await importJWK(privateJwk, "RS256");
    const sign = (audience?: string) => {
      const jwt = new SignJWT({ adv: adv.advertiserId, scope: "reporting:read" })
        .setProtectedHeader({ alg: "RS256", kid })
        .setIssuer("http://sma.test")
        .setSubject(adv.clientId)
        .setIssuedAt()
        .setExpirationTime("1h");
      return (audience ? jwt.setAudience(audience) : jwt).sign(key);
    };
    expect((await call(protectedRoute, "/x", { headers: bearer(await sign(tokenAudience())) })).status).toBe(200);
    const missing = await call(protectedRoute, "/x", { headers: bearer(await sign()) });
    expectUnauthorized(missing);
    expect(missing.body.detail).toMatch(/aud/);
    expectUnauthorized(await call(protectedRoute, "/x", { headers: bearer(await sign("https://other.example")) }));
    expect(JSON.parse(Buffer.from(valid.split(".")[1]!, "base64url").toString()).aud).toBe("http://sma.test");
  });
});

describe("revoked clients", () => {
  const request = (token: string) => new Request("http://sma.test/x", { headers: bearer(token) });
  async function outcome(token: string, atMs: number): Promise<string> {
    return actorFromRequest(request(token), { clock: fixedClock(atMs) }).then(
      (actor) => `ok ${actor.clientId}`,
      (error: AppError) => error.code,
    );
  }

  it("a revocation by another instance ends the client's tokens within the cache window", async () => {
    const adv = await createTestAdvertiser();
    const token = await adv.token();
    const t0 = Date.now();
    expect(await outcome(token, t0)).toBe(`ok ${adv.clientId}`);
    // another instance revokes it: this process still trusts its answer for CLIENT_STATUS_CACHE_MS
    await db().apiClient.update({ where: { id: adv.clientId }, data: { revokedAt: new Date(t0) } });
    expect(await outcome(token, t0 + CLIENT_STATUS_CACHE_MS - 1)).toBe(`ok ${adv.clientId}`);
    expect(await outcome(token, t0 + CLIENT_STATUS_CACHE_MS)).toBe("unauthorized");
  });

  it("a revocation in this process ends them at once", async () => {
    const adv = await createTestAdvertiser();
    const token = await adv.token();
    const t0 = Date.now();
    expect(await outcome(token, t0)).toBe(`ok ${adv.clientId}`);
    const session: Actor = { advertiserId: adv.advertiserId, scopes: new Set(SCOPES), via: "session", userId: "usr_x" };
    await revokeApiClientFor(session, adv.clientId);
    expect(await outcome(token, t0 + 1)).toBe("unauthorized");
  });
});
