import { expect, test } from "@playwright/test";
import { blockOutsideRequests } from "./helpers";

test("the API reference renders the OpenAPI document without any outside request, one page per group", async ({
  page,
  baseURL,
}) => {
  const outside = await blockOutsideRequests(page, baseURL!);
  await page.goto("/");
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: /Sports Moment Ads API/ })).toBeVisible();
  const agents = page.locator("section[aria-labelledby=agents]");
  await expect(agents).toContainText('"SMA_API_KEY": "<client_id>:<client_secret>"');
  await expect(agents).toContainText(`"url": "${process.env.E2E_BASE_URL}/mcp"`);
  // the index lists every operation; each link opens its group's page at the operation
  const operations = page.locator("section[aria-labelledby=operations]");
  await expect(operations.getByRole("link", { name: "Moment types" })).toBeVisible();
  await operations.locator("li", { hasText: "Create a campaign (E5)" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/docs\/api\/campaigns#createCampaign$/);
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  for (const summary of [
    "Create a campaign (E5)",
    "List campaigns (E4)",
    "Update a campaign (E7)",
    "Cancel a campaign",
    "Add a creative variant (E8)",
  ]) {
    await expect(page.locator("article h3", { hasText: summary })).toBeVisible();
  }
  await expect(page.locator("article h3", { hasText: "Clearing-price statistics (E3)" })).toHaveCount(0);
  const create = page.locator("article#createCampaign");
  await expect(create).toContainText("Bearer token with scope campaigns:write");
  await expect(create).toContainText("icon_unreachable");
  // the schemas the group's operations reach are on its page, linked in place
  await create.getByRole("link", { name: "CreateCampaignInput" }).first().click();
  await expect(page).toHaveURL(/#schema-CreateCampaignInput$/);
  const schema = page.locator("article#schema-CreativeInput");
  await expect(schema).toContainText("headline");
  await expect(schema).toContainText("max length 60");
  // pacing is in the contract: chosen at E5 (even or asap), shown on the campaign
  const createInput = page.locator("article#schema-CreateCampaignInput");
  await expect(createInput).toContainText("pacing");
  await expect(createInput).toContainText("asap");
  await expect(page.locator("article#schema-Campaign")).toContainText("pacing");
  // another group from the sidebar
  await page.getByRole("navigation", { name: "API reference" }).getByRole("link", { name: "Moment types" }).click();
  await expect(page.locator("article h3", { hasText: "Clearing-price statistics (E3)" })).toBeVisible();
  expect((await page.request.get("/docs/api/no-such-group")).status()).toBe(404);
  expect(outside).toEqual([]);
});

test("problem types link to the error code table", async ({ page, request }) => {
  const problem = await request.get("/api/ads/campaigns");
  expect(problem.status()).toBe(401);
  const body = (await problem.json()) as { type: string };
  expect(body.type).toBe("/docs/errors#unauthorized");
  await page.goto(body.type);
  await expect(page.locator("tr#unauthorized")).toContainText("401");
  await expect(page.locator("tr#icon_unreachable")).toContainText("422");
});

test("discovery documents are served", async ({ request }) => {
  const openapi = await request.get("/.well-known/openapi.json");
  expect(openapi.status()).toBe(200);
  const doc = (await openapi.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/api/ads/campaigns/{id}/variants");
  const wellKnown = await (await request.get("/.well-known/adagents.json")).json();
  const root = await (await request.get("/adagents.json")).json();
  expect(root).toEqual(wellKnown);
  expect(wellKnown.authorized_agents[0].url).toBe(`${process.env.E2E_BASE_URL}/mcp`);
});
