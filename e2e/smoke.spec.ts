import { expect, test } from "@playwright/test";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { newAdvertiserToken } from "./helpers";

test("the home page renders the moment types and their floors", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Sports Moment Ads" })).toBeVisible();
  const rows = page.locator("table tbody tr");
  await expect(rows).toHaveCount(11);
  await expect(rows.filter({ hasText: "Prediction Resolved" })).toContainText("$0.60");
  await expect(rows.filter({ hasText: "Foul Trouble" })).toContainText("ncaa_basketball, nba");
});

test("E2 lists 11 types; a CLI-made client gets a token that verifies against the JWKS", async ({ request }) => {
  const types = await request.get("/api/ads/moment-types");
  expect(types.status()).toBe(200);
  expect(await types.json()).toHaveLength(11);

  const { created, response: token, body } = await newAdvertiserToken(request, "E2E Co", { cliProcess: true });
  expect(token.status()).toBe(200);
  expect(body.expires_in).toBe(3600);

  const jwks = (await (await request.get("/.well-known/jwks.json")).json()) as JSONWebKeySet;
  const { payload } = await jwtVerify(body.access_token, createLocalJWKSet(jwks), {
    issuer: process.env.E2E_BASE_URL,
    algorithms: ["RS256"],
  });
  expect(payload.adv).toBe(created.advertiser_id);
  expect(payload.sub).toBe(created.client_id);
});

test("security headers on pages, API routes and hot paths; the pages run under the CSP without a violation", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/docs/api", "/api/ads/moment-types", "/c/clk_unknown"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    // scripts run by the response's nonce (pages), or not inline at all: never 'unsafe-inline'
    expect(headers["content-security-policy"], path).toMatch(
      /script-src 'self'( 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic')?;/,
    );
    expect(headers["content-security-policy"], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // plain http on localhost: no HSTS
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/docs/api", "/docs/errors", "/docs/graphql"]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
