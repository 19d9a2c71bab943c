// The change history in the dashboard (docs/decisions/1008): a bid changed in
// the campaign's settings shows in its History tab, naming the signed-in user
// and the bid's before and after; the account-wide /history filters by who made
// a change. axe on both pages at 1280 and 375 px is in dashboard-every-page.
import { expect, test } from "@playwright/test";
import { createAccount, expectAccessible, newPage } from "./dashboard";

const ICON = `http://127.0.0.1:${process.env.E2E_ICON_PORT}/icon.png`;

test.describe.configure({ timeout: 120_000 });

test("a bid changed in the dashboard is in the campaign's History, naming the user", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "History Sportsbook");
  await page.goto("/campaigns/new");
  await page.getByLabel("Name").fill("History of a bid");
  await page.getByRole("checkbox", { name: /Close Game/ }).check();
  await page.getByRole("checkbox", { name: "NBA" }).check();
  await page.getByLabel("Bid (CPM, USD)").fill("2.50");
  await page.getByLabel("Headline").fill("Overtime!");
  await page.getByLabel("Message").fill("Live odds inside");
  await page.getByLabel("Icon URL").fill(ICON);
  await page.getByLabel("Click destination").fill("https://example.com");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await page.waitForURL(/\/campaigns\/(?!new)[^/]+$/);

  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByLabel("Bid (CPM, USD)").fill("3.75");
  await page.getByRole("button", { name: "Save changes" }).click();
  // a higher bid can raise spend: saved once confirmed
  await page
    .getByRole("dialog", { name: "This change can raise spend" })
    .getByRole("button", { name: "Confirm and save" })
    .click();
  await expect(page.getByText("$3.75").first()).toBeVisible();

  await page.getByRole("navigation", { name: "Campaign sections" }).getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/history$/);
  const history = page.getByRole("table", { name: "Campaign history" });
  const latest = history.getByTestId("change-row").first();
  await expect(latest.getByTestId("change-actor")).toHaveText("History Sportsbook");
  await expect(latest).toContainText("Person (dashboard)");
  await expect(latest).toContainText("Changed the campaign");
  await expect(latest.getByTestId("change-fields")).toContainText("Bid (CPM): $2.50 → $3.75");
  // the creation came first: the campaign and its primary variant
  await expect(history.getByTestId("change-row")).toHaveCount(3);
  await expect(history).toContainText("Created the campaign");
  await expect(history).toContainText("Created the campaign's first variant");
  await expectAccessible(page, "campaign history");

  // the account's history, filtered to API keys' changes: none here
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Changes" })).toContainText("Bid (CPM): $2.50 → $3.75");
  await page.getByLabel("Who").selectOption("api_client");
  await page.getByRole("button", { name: "Show changes" }).click();
  await expect(page).toHaveURL(/actor=api_client/);
  await expect(page.getByText("No changes match")).toBeVisible();
  await page.getByLabel("Who").selectOption("user");
  await page.getByLabel("Kind").selectOption("campaign");
  await page.getByRole("button", { name: "Show changes" }).click();
  await expect(page.getByRole("table", { name: "Changes" }).getByTestId("change-row")).toHaveCount(2);
  // a date that is no date is said next to its field, not a failed page
  await page.goto("/history?since=2026-02-30");
  await expect(page.locator("#history-since-error")).toHaveText("Enter a date as YYYY-MM-DD.");
  await expectAccessible(page, "history with an error");
});
