// The advertiser's daily workflows in the built app, as Google Ads users expect
// them: searching the campaign list and its clicks, CTR and conversions columns;
// copy and edit (a campaign duplicated as an editable draft); the leave prompt; pausing and resuming a variant; a change that raises
// spend shown with its before and after estimate and saved once confirmed; target
// CPA; the create form's forecast and budget warning; the all-campaigns report,
// date ranges and the previous period. Dialogs pass axe at 1280 and 375 px.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, createCampaignAs, expectAccessible, graphqlAsUser, newPage, unique } from "./dashboard";

const ICON = `http://127.0.0.1:${process.env.E2E_ICON_PORT}/icon.png`;

test.describe.configure({ timeout: 120_000 });

const createCampaign = (page: Page, name: string) =>
  createCampaignAs(page, { name, bidCpmUsd: "2.00", totalBudgetUsd: "200" });

test("campaign list: search by name or id; clicks, CTR and conversions columns that sort", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Search Co");
  const run = unique();
  const playoffs = await createCampaign(page, `Playoffs ${run}`);
  await createCampaign(page, `Sundays ${run}`);

  await page.goto("/campaigns");
  await page.getByRole("searchbox", { name: "Search campaigns by name or id" }).fill("playoffs");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/q=playoffs/);
  const table = page.getByRole("table", { name: "Campaigns" });
  await expect(table.getByRole("link", { name: `Playoffs ${run}` })).toBeVisible();
  await expect(table.getByRole("link", { name: `Sundays ${run}` })).toHaveCount(0);
  await expect(page.getByText("matching “playoffs”")).toBeVisible();

  // by id, as printed on the campaign's page
  await page.goto(`/campaigns?q=${playoffs.restId}`);
  await expect(table.getByRole("link", { name: `Playoffs ${run}` })).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(1);

  await page.goto(`/campaigns?q=nothing-${run}`);
  await expect(page.getByText(`No campaign matches “nothing-${run}”`)).toBeVisible();

  await page.goto("/campaigns");
  for (const column of ["Clicks", "CTR", "Conversions"]) {
    const header = table.getByRole("columnheader", { name: new RegExp(`^${column}`) });
    await header.getByRole("link").click();
    await expect(table.getByRole("columnheader", { name: new RegExp(`^${column}`) })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  }
  // the search survives a sort
  await page.goto("/campaigns?q=sundays");
  await table
    .getByRole("columnheader", { name: /^Clicks/ })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/q=sundays/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
});

test("copy and edit: Duplicate opens the whole campaign as a draft, saved as a new paused campaign", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "Copy Co");
  const name = `Original ${unique()}`;
  const original = await createCampaign(page, name);
  await page.goto(`/campaigns/${original.id}`);
  await page.getByRole("link", { name: "Duplicate" }).click();
  await page.waitForURL(/\/duplicate$/);
  const form = page.getByRole("form", { name: `Copy of ${name}` });
  // the draft holds the source's settings and notification
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(`Copy of ${name}`);
  await expect(form.getByRole("checkbox", { name: /^Close Game/ })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /^NBA/ })).toBeChecked();
  await expect(form.getByLabel("Bid (CPM, USD)")).toHaveValue("2");
  await expect(form.getByLabel("Headline").first()).toHaveValue("Tied game");
  await expect(form.getByLabel("Keep it paused until I resume it")).toBeChecked();
  // what an edit cannot change: moment types, sports, the notification; and a variant, from variant A
  await form.getByRole("checkbox", { name: /^Overtime/ }).check();
  await form.getByRole("checkbox", { name: /^NFL/ }).check();
  await form.getByLabel("Headline").first().fill("Overtime thriller");
  await form.getByRole("button", { name: "Add a variant (starts from variant A)" }).click();
  const variantB = form.getByRole("group", { name: "Variant B" });
  await expect(variantB.getByLabel("Headline")).toHaveValue("Overtime thriller");
  await expect(variantB.getByLabel("Icon URL")).toHaveValue(/icon\.png$/);
  await variantB.getByLabel("Headline").fill("Extra time, extra odds");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `copy draft at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole("button", { name: "Create the copy" }).click();
  // the copy's own page (the draft's heading reads the same)
  await page.waitForURL((url) => !url.pathname.endsWith("/duplicate"));
  await expect(page.getByRole("heading", { level: 1, name: `Copy of ${name}` })).toBeVisible();
  expect(page.url()).not.toContain(original.id);
  await expect(page.getByText("Paused", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume", exact: true })).toBeVisible();
  await expect(page.getByText("Overtime, Close Game")).toBeVisible();
  await expect(page.getByText("NBA, NFL")).toBeVisible();
  const variants = page.getByRole("table", { name: "Creative variants" });
  await expect(variants.getByText("Overtime thriller")).toBeVisible();
  await expect(variants.getByText("Extra time, extra odds")).toBeVisible();
  await expect(variants.getByText("Tied game")).toHaveCount(0);
  // the source is unchanged
  await page.goto(`/campaigns/${original.id}`);
  await expect(page.getByRole("table", { name: "Creative variants" }).getByText("Tied game")).toBeVisible();
});

test("leaving a half-filled form asks first: a link, Cancel and the browser's own prompt", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Leave Co");
  await page.goto("/campaigns/new");
  const form = page.getByRole("form", { name: "New campaign" });
  const beforeUnloadHeld = () =>
    page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  // nothing typed: nothing held back
  expect(await beforeUnloadHeld()).toBe(false);
  await form.getByLabel("Name", { exact: true }).fill("Half a campaign");
  await expect.poll(beforeUnloadHeld).toBe(true);
  // a link of the dashboard: our dialog; staying keeps what was typed
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Campaigns", exact: true })
    .click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `leave prompt at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).pathname).toBe("/campaigns/new");
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Half a campaign");
  // Cancel asks too; leaving goes where it pointed
  await form.getByRole("button", { name: "Cancel" }).click();
  await dialog.getByRole("button", { name: "Leave and lose the changes" }).click();
  await page.waitForURL(/\/campaigns$/);
});

test("pause and resume a variant: traffic re-splits to the others", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Variant Co");
  const campaign = await createCampaign(page, `Variants ${unique()}`);
  const added = await graphqlAsUser(
    page,
    `mutation($input: AddCreativeVariantInput!) { addCreativeVariant(input: $input) { creative { id } userErrors { message } } }`,
    {
      input: {
        campaignId: campaign.id,
        headline: "Overtime",
        body: "Odds are moving",
        iconUrl: ICON,
        actionUrl: "https://example.com",
      },
    },
  );
  expect(added.addCreativeVariant.userErrors).toEqual([]);
  await page.goto(`/campaigns/${campaign.id}`);
  const allocations = page.getByTestId("allocation");
  await expect(allocations).toHaveText(["50%", "50%"]);
  await page.getByRole("button", { name: "Pause Variant B" }).click();
  await expect(allocations).toHaveText(["100%", "0%"]);
  await expect(page.getByRole("button", { name: "Resume Variant B" })).toBeVisible();
  await page.getByRole("button", { name: "Resume Variant B" }).click();
  await expect(allocations).toHaveText(["50%", "50%"]);
  await expect(page.getByRole("button", { name: "Pause Variant A" })).toBeVisible();
});

test("a bid raise shows the estimate before and after and saves once confirmed; target CPA set and cleared", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "Raise Co");
  const campaign = await createCampaign(page, `Raise ${unique()}`);
  await page.goto(`/campaigns/${campaign.id}`);

  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByLabel("Bid (CPM, USD)").fill("4");
  await page.getByRole("button", { name: "Save changes" }).click();
  const dialog = page.getByRole("dialog", { name: "This change can raise spend" });
  await expect(dialog.getByText("Bid (CPM): $2.00 → $4.00")).toBeVisible();
  await expect(dialog.getByText("Now")).toBeVisible();
  await expect(dialog.getByText("After the change")).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `spend confirmation at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // going back saves nothing
  await dialog.getByRole("button", { name: "Back to the form" }).click();
  await page.reload();
  await expect(page.getByText("$2.00").first()).toBeVisible();

  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByLabel("Bid (CPM, USD)").fill("4");
  await page.getByLabel("Daily budget (USD)").fill("300");
  await expect(page.getByTestId("budget-warning")).toBeVisible();
  await page.getByLabel("Daily budget (USD)").fill("20");
  await expect(page.getByTestId("budget-warning")).toHaveCount(0);
  await page.getByRole("button", { name: "Save changes" }).click();
  await page
    .getByRole("dialog", { name: "This change can raise spend" })
    .getByRole("button", { name: "Confirm and save" })
    .click();
  await expect(page.getByRole("status").getByText("Saved.")).toBeVisible();
  await expect(page.getByText("$4.00").first()).toBeVisible();

  // a change that cannot raise spend saves at once: a lower bid and a target CPA
  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByLabel("Bid (CPM, USD)").fill("3");
  await page.getByLabel("Target CPA (USD, optional)").fill("12.50");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").getByText("Saved.")).toBeVisible();
  await expect(page.getByText("$12.50")).toBeVisible();

  await page.getByRole("button", { name: "Edit settings" }).click();
  await expect(page.getByLabel("Target CPA (USD, optional)")).toHaveValue(/^12\.50?$/);
  await page.getByLabel("Target CPA (USD, optional)").fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  const cleared = page.getByRole("dialog", { name: "This change can raise spend" });
  if (await cleared.isVisible()) await cleared.getByRole("button", { name: "Confirm and save" }).click();
  await expect(page.getByRole("status").getByText("Saved.")).toBeVisible();
  await expect(page.getByText("Off")).toBeVisible();
});

test("create form: the forecast follows the settings; a daily budget above the total is warned about", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "Forecast Co");
  await page.goto("/campaigns/new");
  const forecast = page.getByTestId("delivery-forecast");
  await expect(forecast).toContainText("Choose moment types and sports");
  await page.getByRole("checkbox", { name: /Close Game/ }).check();
  await page.getByRole("checkbox", { name: "NBA" }).check();
  await expect(forecast).toContainText("Enter a bid");
  await page.getByLabel("Bid (CPM, USD)").fill("5");
  // no other advertisers' auctions in a fresh market: withheld, never a forecast of zero
  await expect(forecast).toContainText("Not enough market data yet");
  await page.getByLabel("Daily budget (USD)").fill("600");
  await expect(page.getByTestId("budget-warning")).toBeVisible();
  await page.getByLabel("Target CPA (USD, optional)").fill("0");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.getByText(/target cost per conversion must be/i).first()).toBeVisible();
});

test("reports: all campaigns by campaign, date ranges in the report's zone, the previous period", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "All Reports Co");
  const run = unique();
  await createCampaign(page, `First ${run}`);
  await createCampaign(page, `Second ${run}`);
  await page.goto("/reports?campaign=all");
  await expect(page.getByRole("heading", { name: "All campaigns by campaign" })).toBeVisible();
  const table = page.getByTestId("report-table");
  await expect(table.getByRole("cell", { name: `First ${run}` })).toBeVisible();
  await expect(table.getByRole("cell", { name: `Second ${run}` })).toBeVisible();

  const ranges = page.getByRole("navigation", { name: "Date ranges" });
  await expect(ranges.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
  await ranges.getByRole("link", { name: "Yesterday" }).click();
  await expect(ranges.getByRole("link", { name: "Yesterday" })).toHaveAttribute("aria-current", "true");
  const url = new URL(page.url());
  expect(url.searchParams.get("start")).toBe(url.searchParams.get("end"));
  expect(url.searchParams.get("campaign")).toBe("all");

  await page.getByLabel("Compare with the previous period").check();
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page.getByRole("heading", { name: /against the previous period/ })).toBeVisible();
  await expect(page.getByTestId("total-impressions-change")).toContainText("no change");

  // a creative breakdown is one campaign's
  await page.goto("/reports?campaign=all&breakdown=CREATIVE");
  await expect(page.getByText("Break down by creative in one campaign's report")).toBeVisible();
});

test("bulk pause, resume and end with one confirmation, each campaign's result shown", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Bulk Co");
  const run = unique();
  await createCampaign(page, `Bulk one ${run}`);
  await createCampaign(page, `Bulk two ${run}`);
  await page.goto("/campaigns");
  const table = page.getByRole("table", { name: "Campaigns" });
  await page.getByRole("button", { name: "Pause selected" }).click();
  await expect(page.getByText("Select the campaigns first.")).toBeVisible();

  await page.getByRole("checkbox", { name: `Select Bulk one ${run}` }).check();
  await page.getByRole("checkbox", { name: `Select Bulk two ${run}` }).check();
  await page.getByRole("button", { name: "Pause selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Pause 2 campaigns?" });
  await expect(dialog.getByText(`Bulk one ${run}`)).toBeVisible();
  await expectAccessible(page, "bulk confirmation");
  await dialog.getByRole("button", { name: "Pause 2" }).click();
  const results = page.getByTestId("bulk-results");
  await expect(results).toContainText(`Bulk one ${run}: paused`);
  await expect(results).toContainText(`Bulk two ${run}: paused`);
  await expect(table.getByRole("row", { name: new RegExp(`Bulk one ${run}`) })).toContainText("Paused");

  // ending one, then resuming both: the ended one is refused, the other resumes
  await page.getByRole("checkbox", { name: `Select Bulk one ${run}` }).check();
  await page.getByRole("button", { name: "End selected" }).click();
  await page.getByRole("dialog", { name: "End 1 campaign?" }).getByRole("button", { name: "End 1" }).click();
  await expect(results).toContainText(`Bulk one ${run}: ended`);
  await page.reload();
  await page.getByRole("checkbox", { name: `Select Bulk one ${run}` }).check();
  await page.getByRole("checkbox", { name: `Select Bulk two ${run}` }).check();
  await page.getByRole("button", { name: "Resume selected" }).click();
  await page.getByRole("dialog", { name: "Resume 2 campaigns?" }).getByRole("button", { name: "Resume 2" }).click();
  await expect(page.getByTestId("bulk-results").locator("li", { hasText: `Bulk two ${run}` })).toContainText("resumed");
  await expect(page.getByTestId("bulk-results").locator("li", { hasText: `Bulk one ${run}` })).not.toContainText(
    "resumed",
  );
});
