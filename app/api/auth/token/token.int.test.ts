import { restRoute } from "@/test/rest-routes";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import { createClient } from "@/lib/auth/clients";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";

const { POST } = restRoute("/api/auth/token");

let ipCounter = 0;
/** each test gets its own client address so the 10/min limit does not leak between tests */
const freshIp = () => `198.51.100.${++ipCounter}`;

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields);
}

function basic(id: string, secret: string) {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
}

describe("POST /api/auth/token (E1)", () => {
  let adv: TestAdvertiser;
  beforeAll(async () => {
    adv = await createTestAdvertiser();
  });

  it("issues an RS256 JWT for client credentials in the body, verifiable with the JWKS", async () => {
    const res = await call(POST, "/api/auth/token", {
      body: form({ grant_type: "client_credentials", client_id: adv.clientId, client_secret: adv.clientSecret }),
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3600,
      scope: "campaigns:read campaigns:write reporting:read",
    });

    const jwks = await call(jwksRoute, "/.well-known/jwks.json");
    expect(jwks.status).toBe(200);
    for (const key of jwks.body.keys) {
      expect(key).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String) });
      expect(key.d).toBeUndefined();
    }
    const header = decodeProtectedHeader(res.body.access_token);
    expect(header).toMatchObject({ alg: "RS256", typ: "JWT" });
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);

    const { payload } = await jwtVerify(res.body.access_token, createLocalJWKSet(jwks.body), {
      issuer: "http://sma.test",
      algorithms: ["RS256"],
    });
    expect(payload.sub).toBe(adv.clientId);
    expect(payload.adv).toBe(adv.advertiserId);
    expect(payload.scope).toBe("campaigns:read campaigns:write reporting:read");
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(typeof payload.jti).toBe("string");
  });

  it("accepts HTTP Basic client authentication", async () => {
    const res = await call(POST, "/api/auth/token", {
      headers: { authorization: basic(adv.clientId, adv.clientSecret) },
      body: form({ grant_type: "client_credentials" }),
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("Bearer");
  });

  it("grants a requested subset of the client's scopes", async () => {
    const res = await call(POST, "/api/auth/token", {
      body: form({
        grant_type: "client_credentials",
        client_id: adv.clientId,
        client_secret: adv.clientSecret,
        scope: "reporting:read campaigns:read",
      }),
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe("reporting:read campaigns:read");
  });

  it("refuses a scope the client does not hold, or an unknown one, with invalid_scope", async () => {
    const limited = await createClient(adv.advertiserId, { scopes: ["reporting:read"] });
    for (const scope of ["campaigns:write", "admin:all", "reporting:read campaigns:write"]) {
      const res = await call(POST, "/api/auth/token", {
        body: form({
          grant_type: "client_credentials",
          client_id: limited.clientId,
          client_secret: limited.clientSecret,
          scope,
        }),
        ip: freshIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_scope");
    }
    const omitted = await call(POST, "/api/auth/token", {
      body: form({
        grant_type: "client_credentials",
        client_id: limited.clientId,
        client_secret: limited.clientSecret,
      }),
      ip: freshIp(),
    });
    expect(omitted.body.scope).toBe("reporting:read");
  });

  it.each([
    ["wrong secret", () => ({ grant_type: "client_credentials", client_id: adv.clientId, client_secret: "sk_wrong" })],
    [
      "unknown client",
      () => ({ grant_type: "client_credentials", client_id: "cli_nope", client_secret: adv.clientSecret }),
    ],
  ])("answers 401 invalid_client for a %s", async (_label, fields) => {
    const res = await call(POST, "/api/auth/token", { body: form(fields()), ip: freshIp() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_client", error_description: expect.any(String) });
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic/);
  });

  it.each([
    ["grant_type missing", { client_id: "x", client_secret: "y" }, 400, "invalid_request"],
    [
      "grant_type password",
      { grant_type: "password", client_id: "x", client_secret: "y" },
      400,
      "unsupported_grant_type",
    ],
    ["client_id missing", { grant_type: "client_credentials", client_secret: "y" }, 400, "invalid_request"],
    ["client_secret missing", { grant_type: "client_credentials", client_id: "x" }, 400, "invalid_request"],
    // PostgreSQL's text cannot hold a NUL: it is refused before the client lookup (docs/decisions/1421)
    [
      "a NUL in client_id",
      { grant_type: "client_credentials", client_id: "cli_\0", client_secret: "y" },
      400,
      "invalid_request",
    ],
    [
      "a NUL in scope",
      { grant_type: "client_credentials", client_id: "x", client_secret: "y", scope: "a\0" },
      400,
      "invalid_request",
    ],
  ])("answers RFC 6749 errors: %s", async (_label, fields, status, error) => {
    const res = await call(POST, "/api/auth/token", { body: form(fields as Record<string, string>), ip: freshIp() });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, error_description: expect.any(String) });
    expect(res.headers.get("content-type")).toBe("application/json");
  });

  it("refuses Basic credentials holding a NUL with invalid_client, before the client lookup", async () => {
    const res = await call(POST, "/api/auth/token", {
      body: form({ grant_type: "client_credentials" }),
      headers: { authorization: basic("cli_\0", "secret") },
      ip: freshIp(),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "invalid_client", error_description: expect.stringContaining("U+0000") });
  });

  it("refuses a JSON body, repeated parameters and two client authentication methods", async () => {
    const json = await call(POST, "/api/auth/token", {
      body: { grant_type: "client_credentials", client_id: adv.clientId, client_secret: adv.clientSecret },
      ip: freshIp(),
    });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe("invalid_request");

    const repeated = await call(POST, "/api/auth/token", {
      body: `grant_type=client_credentials&grant_type=client_credentials&client_id=${adv.clientId}&client_secret=${adv.clientSecret}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ip: freshIp(),
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe("invalid_request");

    const both = await call(POST, "/api/auth/token", {
      headers: { authorization: basic(adv.clientId, adv.clientSecret) },
      body: form({ grant_type: "client_credentials", client_secret: adv.clientSecret }),
      ip: freshIp(),
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("invalid_request");
  });

  it("answers the 11th request in a minute from one IP with 429, counting failed requests too", async () => {
    const ip = freshIp();
    const good = form({ grant_type: "client_credentials", client_id: adv.clientId, client_secret: adv.clientSecret });
    const bad = form({ grant_type: "client_credentials", client_id: adv.clientId, client_secret: "wrong" });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(POST, "/api/auth/token", { body: i % 2 ? bad : good, ip });
      statuses.push(res.status);
      expect(res.headers.get("ratelimit-limit")).toBe("10");
      expect(res.headers.get("ratelimit-remaining")).toBe(String(9 - i));
    }
    expect(statuses).toEqual([200, 401, 200, 401, 200, 401, 200, 401, 200, 401]);
    const eleventh = await call(POST, "/api/auth/token", { body: good, ip });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ error: "rate_limited", error_description: expect.any(String) });
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(eleventh.headers.get("ratelimit-remaining")).toBe("0");
    expect(eleventh.headers.get("ratelimit-reset")).toBe(String(retryAfter));

    // another address is not affected
    const other = await call(POST, "/api/auth/token", { body: good, ip: freshIp() });
    expect(other.status).toBe(200);
  });

  it("counts an IPv6 client by its /64 (rotating addresses inside it buys nothing) and an IPv4-mapped address as its IPv4 address", async () => {
    const good = form({ grant_type: "client_credentials", client_id: adv.clientId, client_secret: adv.clientSecret });
    for (let i = 1; i <= 10; i++) {
      const res = await call(POST, "/api/auth/token", { body: good, ip: `2001:db8:e1:64::${i.toString(16)}` });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-remaining")).toBe(String(10 - i));
    }
    const rotated = await call(POST, "/api/auth/token", { body: good, ip: "2001:db8:e1:64:ffff:1:2:3" });
    expect(rotated.status).toBe(429);
    const nextNetwork = await call(POST, "/api/auth/token", { body: good, ip: "2001:db8:e1:65::1" });
    expect(nextNetwork.status).toBe(200);
    expect(nextNetwork.headers.get("ratelimit-remaining")).toBe("9");

    const ip = freshIp();
    expect((await call(POST, "/api/auth/token", { body: good, ip })).headers.get("ratelimit-remaining")).toBe("9");
    const mapped = await call(POST, "/api/auth/token", { body: good, ip: `::ffff:${ip}` });
    expect(mapped.status).toBe(200);
    expect(mapped.headers.get("ratelimit-remaining")).toBe("8");
  });
});
