// The OAuth 2.1 authorization-code flow of /mcp (docs/decisions/1312) over real
// HTTP: the Express app of lib/server/oauth-routes.ts on a loopback port (as
// server.ts mounts it), the consent page's answer (decideAuthorization, what its
// server action runs), /mcp and the REST routes in-process. Every refusal the
// MCP authorization spec and OAuth 2.1 ask for: a wrong PKCE verifier, an
// unregistered redirect URI, a reused code (revokes the grant), a reused refresh
// token (revokes the grant), a token for another audience, a denied consent, and
// client ID metadata documents that must not be used.
import { restRoute } from "@/test/rest-routes";
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DocumentFetcher } from "@/lib/auth/oauth/clients";
import { decideAuthorization } from "@/lib/auth/oauth/grants";
import { GRANT_STATUS_CACHE_MS, isGrantActive } from "@/lib/auth/oauth/grant-status";
import type { SessionUser } from "@/lib/auth/session";
import { currentSigningKey } from "@/lib/auth/signing-keys";
import { mcpAudience, verifyAccessToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { bearer, call } from "@/test/http";
import { callTool, connectMcp } from "@/test/mcp-client";
import { createOAuthApp } from "./oauth-routes";

const { GET: listCampaigns } = restRoute("/api/ads/campaigns");

const BASE = "http://sma.test";
const REDIRECT = "http://127.0.0.1:8123/callback";
const DOC_URL = "https://agent.example/oauth/client.json";

/** Documents the injected fetcher serves, by URL (the guard's own fetcher is tested with a private address). */
const documents = new Map<string, { status: number; body: string }>();
const fetchDocument: DocumentFetcher = async (url) => {
  const doc = documents.get(url);
  if (!doc) throw new Error(`no document ${url}`);
  const body = Buffer.from(doc.body);
  return { status: doc.status, body: body.subarray(0, 5 * 1024), truncated: body.length > 5 * 1024 };
};

let server: Server;
let origin: string;
let user: SessionUser;
let apiClient: { id: string; secret: string };
let addresses = 0;

beforeAll(async () => {
  const app = createOAuthApp({ fetchDocument });
  server = createServer((req, res) => {
    // server.ts's request edge stamps the client address; each test call gets its own (rate limits)
    req.headers["x-sma-client-ip"] ??= `198.51.100.${(addresses++ % 200) + 1}`;
    app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const adv = await createTestAdvertiser("OAuth Co");
  const row = await db().user.findFirstOrThrow({
    where: { memberships: { some: { advertiserId: adv.advertiserId } } },
  });
  user = { userId: row.id, advertiserId: adv.advertiserId, role: "admin" };
  apiClient = { id: adv.clientId, secret: adv.clientSecret };
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => documents.clear());

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function register(metadata: Record<string, unknown> = {}) {
  const res = await fetch(`${origin}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test Agent", redirect_uris: [REDIRECT], ...metadata }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function authorize(params: Record<string, string>) {
  const url = new URL(`${origin}/oauth/authorize`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const res = await fetch(url, { redirect: "manual" });
  const location = res.headers.get("location");
  return {
    status: res.status,
    location: location ? new URL(location) : null,
    body: res.status === 302 ? null : ((await res.json()) as Record<string, string>),
  };
}

async function token(form: Record<string, string>) {
  const res = await fetch(`${origin}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** Register (or use `clientId`), authorize, approve (or deny) as the user: the redirect back to the client. */
async function consent(options: { clientId?: string; approve?: boolean; redirectUri?: string } = {}) {
  const clientId = options.clientId ?? ((await register()).body.client_id as string);
  const { verifier, challenge } = pkce();
  const started = await authorize({
    response_type: "code",
    client_id: clientId,
    redirect_uri: options.redirectUri ?? REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "st-123",
    scope: "campaigns:read reporting:read",
    resource: `${BASE}/mcp`,
  });
  expect(started.status).toBe(302);
  expect(started.location!.href).toMatch(/^http:\/\/sma\.test\/oauth\/consent\/oaz_/);
  const requestId = started.location!.pathname.split("/").pop()!;
  const answer = await decideAuthorization(user, requestId, options.approve ?? true, { fetchDocument });
  return { clientId, verifier, redirect: new URL(answer.redirectTo), grantId: answer.grantId, requestId };
}

async function approvedTokens() {
  const flow = await consent();
  const code = flow.redirect.searchParams.get("code")!;
  const exchanged = await token({
    grant_type: "authorization_code",
    client_id: flow.clientId,
    code,
    code_verifier: flow.verifier,
    redirect_uri: REDIRECT,
    resource: `${BASE}/mcp`,
  });
  expect(exchanged.status).toBe(200);
  return { ...flow, code, tokens: exchanged.body };
}

describe("the authorization-code flow", () => {
  it("registers a public client, asks consent, issues a /mcp token that calls tools, and rotates refresh tokens", async () => {
    const registered = await register({ token_endpoint_auth_method: "client_secret_post" });
    expect(registered.status).toBe(201);
    // public clients only: no secret however it asked
    expect(registered.body).toMatchObject({ token_endpoint_auth_method: "none", redirect_uris: [REDIRECT] });
    expect(registered.body.client_secret).toBeUndefined();

    const flow = await consent({ clientId: registered.body.client_id as string });
    expect(flow.redirect.origin + flow.redirect.pathname).toBe(REDIRECT);
    expect(flow.redirect.searchParams.get("state")).toBe("st-123");
    expect(flow.redirect.searchParams.get("iss")).toBe(BASE);
    const code = flow.redirect.searchParams.get("code")!;

    const exchanged = await token({
      grant_type: "authorization_code",
      client_id: flow.clientId,
      code,
      code_verifier: flow.verifier,
      redirect_uri: REDIRECT,
      resource: `${BASE}/mcp`,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({
      token_type: "Bearer",
      expires_in: 3600,
      scope: "campaigns:read reporting:read",
    });
    const claims = await verifyAccessToken(exchanged.body.access_token!, { audiences: [mcpAudience()] });
    expect(claims).toMatchObject({
      advertiserId: user.advertiserId,
      clientId: flow.clientId,
      audience: `${BASE}/mcp`,
      grant: { grantId: flow.grantId, userId: user.userId },
    });

    const mcp = await connectMcp(exchanged.body.access_token);
    const tools = (await mcp.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain("list_campaigns");
    expect(tools).not.toContain("create_campaign"); // campaigns:write was not asked for
    const listed = await callTool(mcp, "list_campaigns");
    expect(listed.isError).toBe(false);
    await mcp.close();

    const refreshed = await token({
      grant_type: "refresh_token",
      client_id: flow.clientId,
      refresh_token: exchanged.body.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(exchanged.body.refresh_token);
    const again = await connectMcp(refreshed.body.access_token);
    expect((await callTool(again, "list_campaigns")).isError).toBe(false);
    await again.close();
  });

  it("takes a client whose client_id is its metadata document's URL", async () => {
    documents.set(DOC_URL, {
      status: 200,
      body: JSON.stringify({
        client_id: DOC_URL,
        client_name: "Document Agent",
        client_uri: "https://agent.example",
        redirect_uris: [REDIRECT],
      }),
    });
    const flow = await consent({ clientId: DOC_URL });
    const exchanged = await token({
      grant_type: "authorization_code",
      client_id: DOC_URL,
      code: flow.redirect.searchParams.get("code")!,
      code_verifier: flow.verifier,
      redirect_uri: REDIRECT,
    });
    expect(exchanged.status).toBe(200);
    const grant = await db().oAuthGrant.findUniqueOrThrow({ where: { id: flow.grantId! } });
    expect(grant).toMatchObject({
      clientId: DOC_URL,
      clientName: "Document Agent",
      clientUri: "https://agent.example",
    });
  });

  it("accepts a loopback redirect URI on any port (RFC 8252 §7.3), not another path or host", async () => {
    const flow = await consent({ redirectUri: "http://127.0.0.1:59999/callback" });
    expect(flow.redirect.host).toBe("127.0.0.1:59999");
    const clientId = (await register()).body.client_id as string;
    const { challenge } = pkce();
    for (const redirect of ["http://127.0.0.1:8123/other", "http://localhost:8123/callback"]) {
      const refused = await authorize({
        response_type: "code",
        client_id: clientId,
        redirect_uri: redirect,
        code_challenge: challenge,
        code_challenge_method: "S256",
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: "invalid_request", error_description: "Unregistered redirect_uri" });
    }
  });

  it("answers a browser an authorization request it cannot redirect with a readable page, not raw JSON", async () => {
    const clientId = (await register()).body.client_id as string;
    const url = new URL(`${origin}/oauth/authorize`);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id: clientId,
      redirect_uri: "https://evil.example/<b>callback</b>",
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    }))
      url.searchParams.set(name, value);
    const res = await fetch(url, {
      redirect: "manual",
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain("<h1>This sign-in request cannot be answered</h1>");
    expect(page).toContain("an address it did not register");
    expect(page).toContain("<code>invalid_request</code>: Unregistered redirect_uri");
    expect(page).not.toContain("<b>");
    // an unknown client too
    url.searchParams.set("client_id", "no-such-client");
    const unknown = await fetch(url, { redirect: "manual", headers: { accept: "text/html" } });
    expect(unknown.status).toBe(400);
    const unknownPage = await unknown.text();
    expect(unknownPage, unknownPage).toContain("is not registered with Sports Moment Ads");
  });
});

describe("client credentials at the same token endpoint", () => {
  it("answers E1's grant (an API-audience token), in the body or with HTTP Basic", async () => {
    const inBody = await token({
      grant_type: "client_credentials",
      client_id: apiClient.id,
      client_secret: apiClient.secret,
    });
    expect(inBody.status).toBe(200);
    expect(inBody.body.refresh_token).toBeUndefined();
    const claims = await verifyAccessToken(inBody.body.access_token!);
    expect(claims).toMatchObject({ clientId: apiClient.id, advertiserId: user.advertiserId, audience: BASE });
    const basic = await fetch(`${origin}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${apiClient.id}:${apiClient.secret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: "reporting:read" }),
    });
    expect(basic.status).toBe(200);
    expect(((await basic.json()) as { scope: string }).scope).toBe("reporting:read");
    const wrong = await token({ grant_type: "client_credentials", client_id: apiClient.id, client_secret: "sk_wrong" });
    expect(wrong).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });
});

describe("refusals", () => {
  it("refuses a wrong PKCE verifier", async () => {
    const flow = await consent();
    const refused = await token({
      grant_type: "authorization_code",
      client_id: flow.clientId,
      code: flow.redirect.searchParams.get("code")!,
      code_verifier: pkce().verifier,
      redirect_uri: REDIRECT,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_grant");
  });

  it("refuses plain PKCE and a missing challenge, redirecting the error with state and iss", async () => {
    const clientId = (await register()).body.client_id as string;
    const plain = await authorize({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: "x".repeat(43),
      code_challenge_method: "plain",
      state: "s1",
    });
    expect(plain.status).toBe(302);
    expect(plain.location!.searchParams.get("error")).toBe("invalid_request");
    expect(plain.location!.searchParams.get("state")).toBe("s1");
    expect(plain.location!.searchParams.get("iss")).toBe(BASE);
  });

  it("answers a redirect URI that is not registered directly, never redirecting to it", async () => {
    const clientId = (await register()).body.client_id as string;
    const refused = await authorize({
      response_type: "code",
      client_id: clientId,
      redirect_uri: "https://attacker.example/callback",
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    });
    expect(refused.status).toBe(400);
    expect(refused.location).toBeNull();
    expect(refused.body).toMatchObject({ error: "invalid_request" });
  });

  it("refuses a reused authorization code and revokes what it granted", async () => {
    const flow = await approvedTokens();
    const reused = await token({
      grant_type: "authorization_code",
      client_id: flow.clientId,
      code: flow.code,
      code_verifier: flow.verifier,
      redirect_uri: REDIRECT,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("invalid_grant");
    expect(
      await isGrantActive(flow.grantId!, user.advertiserId, { clock: () => Date.now() + GRANT_STATUS_CACHE_MS }),
    ).toBe(false);
    const mcp = await connectMcp(flow.tokens.access_token).catch((error: Error) => error);
    expect(mcp).toBeInstanceOf(Error);
    const refresh = await token({
      grant_type: "refresh_token",
      client_id: flow.clientId,
      refresh_token: flow.tokens.refresh_token!,
    });
    expect(refresh.body.error).toBe("invalid_grant");
  });

  it("refuses a reused refresh token and revokes the connected app", async () => {
    const flow = await approvedTokens();
    const first = await token({
      grant_type: "refresh_token",
      client_id: flow.clientId,
      refresh_token: flow.tokens.refresh_token!,
    });
    expect(first.status).toBe(200);
    const reused = await token({
      grant_type: "refresh_token",
      client_id: flow.clientId,
      refresh_token: flow.tokens.refresh_token!,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe("invalid_grant");
    // the rotated token, held by whoever refreshed first, is dead too
    const rotated = await token({
      grant_type: "refresh_token",
      client_id: flow.clientId,
      refresh_token: first.body.refresh_token!,
    });
    expect(rotated.body.error).toBe("invalid_grant");
    expect((await db().oAuthGrant.findUniqueOrThrow({ where: { id: flow.grantId! } })).revokedAt).not.toBeNull();
    expect(await connectMcp(first.body.access_token).catch((error: Error) => error)).toBeInstanceOf(Error);
  });

  it("refuses a refresh token presented by another client", async () => {
    const flow = await approvedTokens();
    const other = (await register()).body.client_id as string;
    const refused = await token({
      grant_type: "refresh_token",
      client_id: other,
      refresh_token: flow.tokens.refresh_token!,
    });
    expect(refused.body.error).toBe("invalid_grant");
  });

  it("refuses a token for another audience at /mcp, and a /mcp token at the REST API", async () => {
    const flow = await approvedTokens();
    const rest = await call(listCampaigns, "/api/ads/campaigns", { headers: bearer(flow.tokens.access_token!) });
    expect(rest.status).toBe(401);
    expect(rest.body.detail).toBe("token aud is not valid");

    const key = await currentSigningKey();
    const foreign = await new SignJWT({
      adv: user.advertiserId,
      scope: "campaigns:read",
      client_id: flow.clientId,
      gid: flow.grantId,
    })
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
      .setIssuer(BASE)
      .setAudience("https://other.example/mcp")
      .setSubject(user.userId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key.privateKey);
    const error = (await connectMcp(foreign).catch((caught: Error) => caught)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/401|aud/);
  });

  it("refuses a resource other than /mcp (RFC 8707 invalid_target)", async () => {
    const clientId = (await register()).body.client_id as string;
    const refused = await authorize({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
      resource: "https://other.example/api",
      state: "s2",
    });
    expect(refused.location!.searchParams.get("error")).toBe("invalid_target");
    expect(refused.location!.searchParams.get("iss")).toBe(BASE);
  });

  it("answers a denied consent with access_denied, state and iss, and no code", async () => {
    const flow = await consent({ approve: false });
    expect(flow.redirect.searchParams.get("error")).toBe("access_denied");
    expect(flow.redirect.searchParams.get("state")).toBe("st-123");
    expect(flow.redirect.searchParams.get("iss")).toBe(BASE);
    expect(flow.redirect.searchParams.has("code")).toBe(false);
    expect(flow.grantId).toBeNull();
    // a request is answered once
    await expect(decideAuthorization(user, flow.requestId, true, { fetchDocument })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("revokes the connected app through RFC 7009", async () => {
    const flow = await approvedTokens();
    const res = await fetch(`${origin}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: flow.clientId, token: flow.tokens.refresh_token! }),
    });
    expect(res.status).toBe(200);
    expect(await connectMcp(flow.tokens.access_token).catch((error: Error) => error)).toBeInstanceOf(Error);
  });

  it("refuses registrations whose redirect URIs could leak codes", async () => {
    for (const uri of ["http://agent.example/cb", "javascript:alert(1)", "https://agent.example/cb#frag"]) {
      const refused = await register({ redirect_uris: [uri] });
      expect(refused.status, uri).toBe(400);
      expect(refused.body.error).toBe("invalid_client_metadata");
    }
    expect((await register({ redirect_uris: ["com.example.agent:/oauth/callback"] })).status).toBe(201);
  });

  it("F4: registers no redirect the browser or the system would run, and never redirects an error to one", async () => {
    for (const uri of ["ms-msdt:/id PCWDiagnostic", "view-source:https://sma.test/", "jar:https://a.example/x!/"]) {
      const refused = await register({ redirect_uris: [uri] });
      expect(refused.status, uri).toBe(400);
      expect(refused.body.error).toBe("invalid_client_metadata");
    }
    // a client stored before this rule, naming such a scheme: an invalid request is answered here, not redirected
    const clientId = `oac_f4_${pkce().verifier.slice(0, 8)}`;
    await db().oAuthClient.create({
      data: {
        id: clientId,
        metadata: JSON.stringify({
          client_id: clientId,
          client_name: "Old",
          redirect_uris: ["ms-msdt:/id PCWDiagnostic"],
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        }),
      },
    });
    const answer = await authorize({ response_type: "token", client_id: clientId });
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
  });

  it("refuses U+0000 in a parameter", async () => {
    const refused = await token({ grant_type: "refresh_token", client_id: "oac_x", refresh_token: "a\0b" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_request");
  });
});

describe("client ID metadata documents", () => {
  async function authorizeWith(clientId: string) {
    return authorize({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
    });
  }
  const valid = { client_id: DOC_URL, client_name: "Doc", redirect_uris: [REDIRECT] };

  it.each([
    ["a client_id other than its URL", 200, { ...valid, client_id: "https://agent.example/other.json" }, /client_id/],
    ["a client secret", 200, { ...valid, client_secret: "s" }, /secret/],
    ["a shared-secret auth method", 200, { ...valid, token_endpoint_auth_method: "client_secret_basic" }, /none/],
    ["an http redirect off loopback", 200, { ...valid, redirect_uris: ["http://agent.example/cb"] }, /redirect/],
    ["no redirect URIs", 200, { ...valid, redirect_uris: [] }, /redirect_uris/],
    ["an http logo", 200, { ...valid, logo_uri: "http://agent.example/logo.png" }, /logo_uri/],
    ["a status other than 200", 404, valid, /HTTP 404/],
    ["a body that is not JSON", 200, "<html>", /not JSON/],
    ["a body over 5 KiB", 200, { ...valid, client_name: "x".repeat(6000) }, /larger than/],
  ])("refuses a document with %s", async (name, status, body, reason) => {
    // a document of its own (an accepted document is cached for its URL)
    const url = `https://agent.example/oauth/${name.replace(/\W+/g, "-")}.json`;
    const served =
      typeof body === "string" ? body : { ...body, client_id: body.client_id === DOC_URL ? url : body.client_id };
    documents.set(url, { status, body: typeof served === "string" ? served : JSON.stringify(served) });
    const refused = await authorizeWith(url);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "invalid_client" });
    expect(refused.body!.error_description).toMatch(reason);
  });

  it("fetches nothing for a client_id URL the draft forbids", async () => {
    for (const id of [
      "https://agent.example/",
      "https://user:pw@agent.example/c.json",
      "https://agent.example/a/../c.json",
    ]) {
      const refused = await authorizeWith(id);
      expect(refused.status, id).toBe(400);
      expect(refused.body!.error).toBe("invalid_client");
    }
  });

  it("fetches through the outbound guard: a document on a private address is refused", async () => {
    const guarded = createOAuthApp();
    const res = await new Promise<{ status: number; body: string }>((resolve) => {
      const probe = createServer((req, out) => {
        req.headers["x-sma-client-ip"] = "198.51.100.250";
        guarded(req, out);
      });
      probe.listen(0, "127.0.0.1", async () => {
        const port = (probe.address() as AddressInfo).port;
        const url = new URL(`http://127.0.0.1:${port}/oauth/authorize`);
        url.searchParams.set("client_id", "https://127.0.0.1/client.json");
        url.searchParams.set("response_type", "code");
        const answer = await fetch(url, { redirect: "manual" });
        const body = await answer.text();
        probe.close();
        resolve({ status: answer.status, body });
      });
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: "invalid_client" });
    expect(JSON.parse(res.body).error_description).toMatch(/could not be fetched/);
  });
});
