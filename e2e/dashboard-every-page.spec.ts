// Every page of the dashboard, the docs included, at a desktop's 1280 px and a
// phone's 375 px: no serious or critical axe violation (WCAG 2.x A and AA), and
// no page wider than the window (tables scroll inside their cards). Signed in,
// the docs keep the dashboard's frame; their links in text are told apart from
// the text, and their examples name this server.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, expectAccessible, graphqlAsUser, ICON_ORIGIN, newPage, today } from "./dashboard";

const BASE = process.env.E2E_BASE_URL!;

test.describe.configure({ timeout: 300_000 });

/** Names the elements reaching past the window's right edge outside a scroller, for the failure message. */
async function widthReport(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return {
      width,
      scroll: document.documentElement.scrollWidth,
      wide: [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        .filter((el) => !el.parentElement?.closest("[data-scroll-region], pre, .overflow-x-auto"))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`),
    };
  });
}

/** A new account's pages: every page of the dashboard, with a campaign, a webhook endpoint and an API key to show. */
async function signedInPages(page: Page): Promise<string[]> {
  await createAccount(page, "Every Page Co");
  const created = await graphqlAsUser(
    page,
    `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } } }`,
    {
      input: {
        name: "Every page",
        momentTypes: ["CLOSE_GAME", "OVERTIME"],
        sports: ["NBA"],
        bidCpmUsd: "2.50",
        dailyBudgetUsd: "50",
        totalBudgetUsd: "500",
        startDate: today(),
        creative: {
          headline: "Overtime!",
          body: "Live odds inside",
          iconUrl: `${ICON_ORIGIN}/icon.png`,
          actionUrl: "https://example.com",
        },
      },
    },
  );
  const hook = await graphqlAsUser(
    page,
    `mutation($input: RegisterWebhookEndpointInput!) { registerWebhookEndpoint(input: $input) { webhookEndpoint { id } } }`,
    { input: { url: `${ICON_ORIGIN}/hooks/every-page`, events: ["CONVERSION_RECORDED"] } },
  );
  await graphqlAsUser(
    page,
    `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { apiClient { id } } }`,
    { input: { name: "Every page key", scopes: ["REPORTING_READ"] } },
  );
  return [
    "/overview",
    "/campaigns",
    "/campaigns/new",
    `/campaigns/${created.createCampaign.campaign.id}`,
    `/campaigns/${created.createCampaign.campaign.id}/history`,
    "/history",
    "/history?actor=user&kind=campaign",
    "/reports",
    "/reports?granularity=HOUR&breakdown=HOUR_OF_DAY",
    "/reports?compare=previous",
    "/reports?campaign=all&compare=previous",
    "/campaigns?q=every",
    "/clearing-prices",
    "/webhooks",
    `/webhooks/${hook.registerWebhookEndpoint.webhookEndpoint.id}`,
    "/api-keys",
    "/settings",
    "/settings/postback-keys",
    "/members",
    "/docs/api",
    "/docs/errors",
    "/docs/graphql",
    "/campaigns/cmp_none",
  ];
}

const PUBLIC_PAGES = [
  "/",
  "/signin",
  "/signup",
  "/forgot-password",
  "/invite#sma_invite_unknown",
  "/reset-password#sma_reset_unknown",
  "/docs/api",
  "/docs/errors",
  "/docs/graphql",
];

/**
 * Each page at `width`: its heading shown, nothing wider than the window, no serious or critical axe violation
 * (on the pages of `axeOnly` alone when it is given).
 */
async function checkPages(
  page: Page,
  paths: readonly string[],
  width: number,
  who: string,
  axeOnly?: readonly string[],
): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    const what = `${path} at ${width} px${who}`;
    const report = await widthReport(page);
    expect(report.scroll, `${what}: ${report.wide.join(", ")}`).toBeLessThanOrEqual(report.width);
    if (!axeOnly || axeOnly.includes(path)) await expectAccessible(page, what);
  }
}

/** The API reference's group pages, as its index links them (/docs/api/campaigns, ...). */
async function referencePages(page: Page): Promise<string[]> {
  await page.goto("/docs/api");
  const links = page.locator("section[aria-labelledby=operations] h3 a");
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!));
  expect(hrefs.length, "the reference's groups").toBeGreaterThan(10);
  return hrefs;
}

// the page sets are apart, so the run's workers share them
test.describe("every page: no serious or critical axe violation, no sideways scroll", () => {
  test.describe.configure({ mode: "parallel" });
  for (const width of [1280, 375]) {
    test(`signed in, at ${width} px`, async ({ browser }) => {
      const page = await newPage(browser);
      await checkPages(page, await signedInPages(page), width, "");
    });
    test(`signed out, at ${width} px`, async ({ browser }) => {
      await checkPages(await newPage(browser), PUBLIC_PAGES, width, ", signed out");
    });
  }
  // The group pages are one template on one stylesheet, thousands of nodes in all: every rule on every page at
  // 1280 px; at 375 px every page for width, and every rule on the largest (Campaigns, which holds every kind of
  // element the template draws).
  test("the API reference's group pages, at 1280 and 375 px", async ({ browser }) => {
    const page = await newPage(browser);
    const pages = await referencePages(page);
    await checkPages(page, pages, 1280, ", signed out");
    await checkPages(page, pages, 375, ", signed out", ["/docs/api/campaigns"]);
  });
});

test("signed in, the docs keep the dashboard's frame; examples name this server; next-auth is not in the reference", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await page.goto("/docs/api");
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toHaveCount(0);
  await createAccount(page, "Docs Frame Co");
  for (const path of ["/docs/api", "/docs/errors", "/docs/graphql"]) {
    await page.goto(path);
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    await expect(nav, path).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  }
  await page.goto("/docs/graphql");
  await expect(page.locator("pre").first()).toContainText(`${BASE}/api/graphql`);
  await expect(page.locator("main")).not.toContainText("localhost:3000");
  for (const path of ["/docs/api", "/docs/api/authentication"]) {
    await page.goto(path);
    await expect(page.locator("main"), path).not.toContainText("/api/auth/csrf");
    await expect(page.locator("main"), path).not.toContainText("/api/auth/callback");
    await expect(page.locator("main"), path).toContainText("/api/auth/token");
  }
  expect((await page.request.get("/docs/api/dashboard-session")).status()).toBe(404);
});
