// The pages under the Content-Security-Policy in the built app (docs/decisions/0912):
// every page's response carries a fresh script nonce, every script Next rendered
// carries it, and no page (public, docs, the dashboard's, a not-found) makes
// Chromium report a violation or log an error. The account comes from the
// operator CLI (no sign-up: its per-address budget is the other specs').
// Also the API's answers to an unknown path and an unserved method, from Next
// itself (docs/decisions/0916).
import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_PASSWORD, signIn, uniqueEmail } from "./dashboard";
import { adminWithStdin } from "./helpers";

const ICON_ORIGIN = `http://127.0.0.1:${process.env.E2E_ICON_PORT}`;

test.describe.configure({ timeout: 120_000 });

/** Where the page's listener keeps the violations it saw. */
type Watched = Window & { cspViolations?: string[] };

/** Collects the page's CSP violations (in the page, before any of its scripts) and its console errors. */
async function watch(page: Page): Promise<{ violations: () => Promise<string[]>; errors: string[] }> {
  await page.addInitScript(() => {
    (window as Watched).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as Watched).cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return {
    violations: () => page.evaluate(() => (window as Watched).cspViolations ?? ["the page has no violation listener"]),
    errors,
  };
}

/** Opens `path`, checks the response's nonce against every script of the page, and that nothing was refused. */
async function visit(page: Page, path: string, watcher: Awaited<ReturnType<typeof watch>>, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  const csp = (await response!.headerValue("content-security-policy")) ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, `${path}: ${csp}`).toBeDefined();
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // every script the server rendered carries the nonce (those Next's runtime adds later
  // run by 'strict-dynamic', and would be reported below if refused)
  const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length, path).toBeGreaterThan(0);
  for (const tag of tags) expect(tag, path).toContain(` nonce="${nonce}"`);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await watcher.violations(), path).toEqual([]);
}

test("every page runs under the nonce policy: no violation, no console error", async ({ page }) => {
  const watcher = await watch(page);
  const seen = new Set<string>();
  for (const path of ["/", "/docs/api", "/docs/errors", "/docs/graphql", "/signin", "/signup"]) {
    await visit(page, path, watcher);
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get("content-security-policy"));
    seen.add(csp ?? "");
  }
  // a fresh nonce per response
  expect(seen.size).toBe(6);

  const email = uniqueEmail("csp");
  // the password on standard input: the CLI refuses it in the arguments
  await adminWithStdin(
    `${DASHBOARD_PASSWORD}\n`,
    "create-advertiser",
    "--name",
    "CSP Co",
    "--email",
    email,
    "--password-stdin",
  );
  await signIn(page, email);
  const graphql = async (query: string, variables: Record<string, unknown>) => {
    const res = await page.request.post("/api/graphql", { data: { query, variables } });
    const body = await res.json();
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const created = await graphql(
    `
      mutation ($input: CreateCampaignInput!) {
        createCampaign(input: $input) {
          campaign {
            id
          }
          userErrors {
            message
          }
        }
      }
    `,
    {
      input: {
        name: "CSP campaign",
        momentTypes: ["PROP_ALERT"],
        sports: ["MLB"],
        bidCpmUsd: "2.00",
        dailyBudgetUsd: "50",
        totalBudgetUsd: "100",
        startDate: new Date().toISOString().slice(0, 10),
        pacing: "EVEN",
        creative: {
          headline: "Your prop is close",
          body: "Tap to see the line",
          iconUrl: `${ICON_ORIGIN}/icon.png`,
          actionUrl: "https://book.example.com/props",
        },
      },
    },
  );
  expect(created.createCampaign.userErrors).toEqual([]);
  const campaignId = created.createCampaign.campaign.id as string;
  const registered = await graphql(
    `
      mutation ($input: RegisterWebhookEndpointInput!) {
        registerWebhookEndpoint(input: $input) {
          webhookEndpoint {
            id
          }
          userErrors {
            message
          }
        }
      }
    `,
    { input: { url: `${ICON_ORIGIN}/hooks`, events: ["CAMPAIGN_ENDED"] } },
  );
  expect(registered.registerWebhookEndpoint.userErrors).toEqual([]);
  const webhookId = registered.registerWebhookEndpoint.webhookEndpoint.id as string;

  for (const path of [
    "/overview",
    "/campaigns",
    "/campaigns/new",
    `/campaigns/${encodeURIComponent(campaignId)}`,
    `/reports?campaign=${encodeURIComponent(campaignId)}`,
    "/clearing-prices",
    "/webhooks",
    `/webhooks/${encodeURIComponent(webhookId)}`,
    "/api-keys",
  ])
    await visit(page, path, watcher);
  // a page that does not exist renders Next's not-found page, under the same policy
  await visit(page, "/no-such-page", watcher, 404);
  expect(watcher.errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});

test("an unknown API path is 404 problem+json, an unserved method 405 with Allow, whatever Next would say", async ({
  request,
}) => {
  for (const method of ["GET", "POST", "DELETE"]) {
    const response = await request.fetch("/api/ads/no-such-thing", { method, maxRedirects: 0 });
    expect(response.status(), method).toBe(404);
    expect(response.headers()["content-type"]).toBe("application/problem+json");
    const problem = await response.json();
    expect(problem).toMatchObject({ status: 404, code: "not_found" });
    expect(problem.request_id).toBe(response.headers()["x-request-id"]);
  }
  const wrongMethod = await request.fetch("/api/ads/moment-types", { method: "DELETE" });
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  expect(wrongMethod.headers()["content-type"]).toBe("application/problem+json");
  expect(await wrongMethod.json()).toMatchObject({ status: 405, code: "method_not_allowed" });
  // Next's own OPTIONS answer agrees with the request edge's Allow
  const options = await request.fetch("/api/ads/moment-types", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
  // the dashboard's not-found page stays HTML
  const page = await request.get("/no-such-page");
  expect(page.headers()["content-type"]).toMatch(/^text\/html/);
});
