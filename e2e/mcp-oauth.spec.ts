// Connecting an MCP client to /mcp by its URL alone (docs/decisions/1312): the
// MCP SDK's client with an OAuth client provider gets a 401 from /mcp, discovers
// the RFC 9728 and RFC 8414 metadata, registers itself (RFC 7591) and hands over
// the authorization URL; a signed-out user opens it in Chromium, signs in, comes
// back to the consent page and approves; the client exchanges the code (PKCE),
// calls a tool, refreshes its token (the refresh token rotates) and calls again;
// the user disconnects the app on the Connected apps page, and the client's next
// call is refused (its refresh token is dead too, so it is sent back to ask).
import {
  UnauthorizedError,
  discoverAuthorizationServerMetadata,
  refreshAuthorization,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import { DASHBOARD_PASSWORD, expectAccessible, newPage, createAccount } from "./dashboard";

const BASE = process.env.E2E_BASE_URL!;
/** The client's loopback redirect: nothing listens there, the browser's request to it is caught by the test. */
const REDIRECT = "http://127.0.0.1:47613/callback";

test.describe.configure({ timeout: 90_000 });

/** What an MCP client keeps: its registration, tokens and PKCE verifier, in memory. */
class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata = {
    client_name: "E2E Agent",
    redirect_uris: [REDIRECT],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
  state() {
    return "e2e-state";
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier!;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier") {
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "client") this.client = undefined;
  }
}

async function connect(
  provider: MemoryOAuthProvider,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), { authProvider: provider });
  const client = new Client({ name: "e2e-oauth", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

async function listCampaigns(client: Client): Promise<CallToolResult> {
  return (await client.callTool({ name: "list_campaigns", arguments: {} })) as CallToolResult;
}

test("an MCP client connects by URL: discovery, registration, sign-in, consent, tools, refresh, disconnect", async ({
  browser,
}) => {
  const owner = await newPage(browser);
  const email = await createAccount(owner, "OAuth Agent Co");
  await owner.context().close();

  // 1. the client knows only the URL: a 401, the metadata, a registration, an authorization URL
  const provider = new MemoryOAuthProvider();
  const first = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), { authProvider: provider });
  await expect(new Client({ name: "e2e-oauth", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  expect(provider.client?.client_id).toMatch(/^oac_/);
  const authorizationUrl = provider.authorizationUrl!;
  expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${BASE}/oauth/authorize`);
  expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorizationUrl.searchParams.get("resource")).toBe(`${BASE}/mcp`);

  // 2. the user, signed out, opens it: sign in first, then back to the consent page
  const page = await newPage(browser);
  let callback: URL | undefined;
  await page.route(`${REDIRECT}**`, async (route) => {
    callback = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." });
  });
  await page.goto(authorizationUrl.href);
  await page.waitForURL(/\/signin\?callbackUrl=%2Foauth%2Fconsent%2F/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/oauth\/consent\/oaz_/);
  await expect(page.getByRole("heading", { level: 1, name: "Connect E2E Agent?" })).toBeVisible();
  await expect(page.getByText("OAuth Agent Co")).toBeVisible();
  await expect(page.getByTestId("consent-host")).toContainText("127.0.0.1:47613");
  await expect(page.getByTestId("consent-redirect")).toHaveText(REDIRECT);
  await expect(page.getByTestId("consent-scopes")).toContainText("Create and change campaigns");
  await expectAccessible(page, "consent page");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect.poll(() => callback?.searchParams.get("code") ?? null).not.toBeNull();
  expect(callback!.searchParams.get("state")).toBe("e2e-state");
  expect(callback!.searchParams.get("iss")).toBe(BASE);

  // 3. the client exchanges the code and calls a tool
  await first.finishAuth(callback!.searchParams.get("code")!);
  const { client } = await connect(provider);
  expect((await listCampaigns(client)).isError).not.toBe(true);

  // 4. it refreshes its token: the refresh token rotates, the new access token works
  const before = provider.saved!;
  const metadata = await discoverAuthorizationServerMetadata(new URL(BASE));
  const refreshed = await refreshAuthorization(new URL(BASE), {
    metadata,
    clientInformation: provider.client!,
    refreshToken: before.refresh_token!,
    resource: new URL(`${BASE}/mcp`),
  });
  expect(refreshed.refresh_token).toBeTruthy();
  expect(refreshed.refresh_token).not.toBe(before.refresh_token);
  // stamped with the authorization server, as the SDK's own refresh stores them
  provider.saveTokens({ ...refreshed, issuer: (before as OAuthTokens & { issuer?: string }).issuer } as OAuthTokens);
  expect((await listCampaigns(client)).isError).not.toBe(true);

  // 5. the user disconnects it on the Connected apps page
  await page.goto("/connected-apps");
  const row = page.getByTestId("connected-app-table").getByRole("row", { name: /E2E Agent/ });
  await expect(row).toContainText("reporting:read");
  await expectAccessible(page, "connected apps page");
  await row.getByRole("button", { name: "Disconnect E2E Agent" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("No connected apps")).toBeVisible();

  // 6. the next call is refused: the token is revoked, its refresh token too, so the client must ask again
  provider.authorizationUrl = undefined;
  await expect(listCampaigns(client)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).toBeDefined();
  await client.close().catch(() => {});
  await page.context().close();
});

test("an authorization request that cannot go back to its app is a readable page, not raw JSON", async ({ page }) => {
  const registered = await page.request.post("/oauth/register", {
    data: {
      client_name: "Page Agent",
      redirect_uris: ["http://127.0.0.1:8123/callback"],
      token_endpoint_auth_method: "none",
    },
  });
  expect(registered.status()).toBe(201);
  const { client_id } = (await registered.json()) as { client_id: string };
  const url = new URL("/oauth/authorize", BASE);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id,
    redirect_uri: "https://elsewhere.example/callback",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  }))
    url.searchParams.set(name, value);
  const answer = await page.goto(url.href);
  expect(answer!.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This sign-in request cannot be answered");
  await expect(page.getByText("an address it did not register")).toBeVisible();
  await expectAccessible(page, "an unredirectable authorization request");
});
