import { expect, test } from "@playwright/test";
import { blockOutsideRequests, newAdvertiserToken } from "./helpers";

test("the built app answers GraphQL: a query, a mutation's userErrors, 401 for a bad token", async ({ request }) => {
  const { access_token } = (await newAdvertiserToken(request, "GraphQL Co")).body;
  const headers = { authorization: `Bearer ${access_token}`, "content-type": "application/json; charset=utf-8" };

  const query = await request.post("/api/graphql", {
    headers,
    data: { query: "{ viewer { advertiser { name } scopes } campaigns(first: 5) { totalCount } momentTypes { key } }" },
  });
  expect(query.status()).toBe(200);
  const body = await query.json();
  expect(body.data.viewer).toEqual({
    advertiser: { name: "GraphQL Co" },
    scopes: ["CAMPAIGNS_READ", "CAMPAIGNS_WRITE", "REPORTING_READ"],
  });
  expect(body.data.campaigns.totalCount).toBe(0);
  expect(body.data.momentTypes).toHaveLength(11);
  expect(body.extensions.cost.limit).toBe(10000);

  const mutation = await request.post("/api/graphql", {
    headers,
    data: {
      query:
        "mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { campaign { id } userErrors { field code message } } }",
      variables: {
        input: {
          name: "Too cheap",
          momentTypes: ["CLOSE_GAME"],
          sports: ["NBA"],
          bidCpmUsd: "0.10",
          dailyBudgetUsd: "50",
          totalBudgetUsd: "500",
          startDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
          creative: {
            headline: "Live now",
            body: "Odds inside",
            iconUrl: "https://icons.example.invalid/icon.png",
            actionUrl: "https://book.example.com",
          },
        },
      },
    },
  });
  const result = await mutation.json();
  expect(result.data.createCampaign.campaign).toBeNull();
  expect(result.data.createCampaign.userErrors).toContainEqual({
    field: ["input", "bidCpmUsd"],
    code: "VALIDATION_FAILED",
    message: expect.stringContaining("the floor of close_game"),
  });

  const refused = await request.post("/api/graphql", {
    headers: { authorization: "Bearer nope", "content-type": "application/json" },
    data: { query: "{ momentTypes { key } }" },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).errors[0].extensions.code).toBe("UNAUTHENTICATED");
});

test("the GraphQL schema page renders the SDL without any outside request", async ({ page, baseURL }) => {
  const outside = await blockOutsideRequests(page, baseURL!);
  await page.goto("/");
  await page.getByRole("link", { name: "GraphQL schema" }).click();
  await expect(page).toHaveURL(/\/docs\/graphql$/);
  await expect(page.getByRole("heading", { level: 1, name: "GraphQL schema" })).toBeVisible();
  await expect(page.locator("#sdl + pre")).toContainText("type Campaign implements Node");
  await expect(page.locator("#sdl + pre")).toContainText("createCampaign(input: CreateCampaignInput!)");
  expect(outside).toEqual([]);
});

test("the GraphiQL explorer is development only: the production build answers 404", async ({ request }) => {
  const explorer = await request.get("/graphiql");
  expect(explorer.status()).toBe(404);
  // and the schema page does not point to it
  const docs = await request.get("/docs/graphql");
  expect(docs.status()).toBe(200);
  expect(await docs.text()).not.toContain('href="/graphiql"');
});
