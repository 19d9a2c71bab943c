// What an advertiser trips on in daily use of the dashboard, in the built app:
// the webhook form and the campaign list at desktop widths, time zones, a
// shared link opened while signed out, forms that fail (an error summary that
// takes focus and links to each field), human error messages and forgiving
// amounts, campaign ids as printed, real 404s, an ended campaign's numbers, the
// API key list, the delivery log's answers, the favicon, the phone menu and
// sorting by every column of the campaign list.
import { expect, test, type Page } from "@playwright/test";
import {
  createAccount,
  createCampaignAs,
  DASHBOARD_PASSWORD,
  expectAccessible,
  graphqlAsUser,
  ICON_ORIGIN,
  newPage,
  unique,
} from "./dashboard";
import { admin } from "./helpers";

const ICON = `${ICON_ORIGIN}/icon.png`;

test.describe.configure({ timeout: 120_000 });

/** A campaign made through GraphQL with the session; returns its global and REST ids. */
const createCampaign = (page: Page, name: string, bid = "1.00") => createCampaignAs(page, { name, bidCpmUsd: bid });

/** The page scrolls only vertically at its current width. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scroll, `${what}: page width ${scroll} px in a ${width} px window`).toBeLessThanOrEqual(width);
}

test("webhooks at desktop widths: event checkboxes beside their own labels, no sideways scroll", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "Wide Hooks Co");
  for (const width of [1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/webhooks");
    // the page streams in after its loading skeleton: measure the form once it is there
    const labels = page.getByRole("group", { name: "Events" }).locator("label");
    await expect(labels.first()).toBeVisible();
    await expectNoSidewaysScroll(page, `/webhooks at ${width}`);
    const boxes = await labels.evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.querySelector("input")!.getBoundingClientRect();
        const text = label.querySelector("code")!.getBoundingClientRect();
        return {
          box: [box.left, box.right, box.top, box.bottom],
          text: [text.left, text.right, text.top, text.bottom],
        };
      }),
    );
    expect(boxes.length).toBeGreaterThan(5);
    // no checkbox sits on any label's text
    for (const { box } of boxes)
      for (const { text } of boxes) {
        const overlaps = box[0]! < text[1]! && text[0]! < box[1]! && box[2]! < text[3]! && text[2]! < box[3]!;
        expect(overlaps, `checkbox ${box.join(",")} over label ${text.join(",")} at ${width} px`).toBe(false);
      }
  }
});

test("the campaign list at desktop widths: the table fits without scrolling sideways, its columns all there", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "Wide Campaigns Co");
  // a campaign as advertisers name them (long, and a word with no space to break at), on several
  // moment types and sports no other spec bids on, with large budgets and some spend
  const name = `NFL, NCAA & MLB playoffs — spreads, positions and follows for high-value bettors ${unique()} SuperBowl_LX_Retargeting_SegmentA`;
  const campaign = await createCampaignAs(page, {
    name,
    momentTypes: ["SPREAD_ALERT", "POSITION_ALERT", "FOLLOW_ALERT"],
    sports: ["NFL", "NCAA_BASKETBALL", "MLB"],
    bidCpmUsd: "987.65",
    dailyBudgetUsd: "25000",
    totalBudgetUsd: "1250000",
    pacing: "ASAP",
    creative: { headline: "Spread moved", body: "Tap for the line", iconUrl: ICON, actionUrl: "https://example.com" },
  });
  const platformKey = (await admin("create-platform-key", "--name", `e2e-wide-${unique()}`)).key!;
  for (const sport of ["nfl", "ncaa_basketball", "mlb"]) {
    const res = await page.request.post("/api/delivery/decisions", {
      headers: { authorization: `Bearer ${platformKey}` },
      data: { moment_type: "spread_alert", sport, game_id: `g-${unique()}`, user_id: `u-${unique()}` },
    });
    expect(res.status()).toBe(200);
    expect((await res.json()).campaign_id).toBe(campaign.restId);
  }

  const table = page.getByRole("table", { name: "Campaigns" });
  for (const width of [1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    // the impressions are counted within seconds (docs/api.md): wait for them before measuring
    await expect
      .poll(
        async () => {
          await page.goto("/campaigns");
          return table
            .getByRole("row", { name: new RegExp(campaign.restId) })
            .getByRole("cell")
            .nth(5)
            .textContent();
        },
        { timeout: 15_000 },
      )
      .toBe("3");
    await expectNoSidewaysScroll(page, `/campaigns at ${width}`);
    const region = page.getByRole("region", { name: "Campaigns" });
    const { scroll, client } = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(
      scroll,
      `the campaigns table is ${scroll} px wide in its ${client} px card at ${width} px`,
    ).toBeLessThanOrEqual(client);
    // every column keeps its header; the numbers stay right-aligned
    for (const column of [
      "Name",
      "Status",
      "Bid CPM",
      "Today",
      "Spend to date",
      "Impressions",
      "Clicks",
      "CTR",
      "Conversions",
      "Created",
    ])
      await expect(table.getByRole("columnheader", { name: new RegExp(`^${column}`) }), column).toBeVisible();
    const row = table.getByRole("row", { name: new RegExp(campaign.restId) });
    await expect(row.getByRole("link", { name })).toBeVisible();
    for (const cell of [2, 4, 5, 6, 7, 8])
      await expect(row.getByRole("cell").nth(cell)).toHaveCSS("text-align", "right");
    if (width === 1280) await expectAccessible(page, "campaigns list at 1280 px");
  }
  await graphqlAsUser(page, `mutation($input: EndCampaignInput!) { endCampaign(input: $input) { campaign { id } } }`, {
    input: { id: campaign.id },
  });
});

test("reports: canonical IANA zones with their UTC offsets, searchable; an old name in a link still works", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "Zones Co");
  const campaign = await createCampaign(page, `Zones ${unique()}`);
  await page.goto(`/reports?campaign=${campaign.restId}`);
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toBeVisible();
  const options = page.locator(`#${await zone.getAttribute("list")} option`);
  const values = await options.evaluateAll((list) => list.map((option) => (option as HTMLOptionElement).value));
  for (const name of ["Asia/Kolkata", "Europe/Kyiv", "Asia/Ho_Chi_Minh", "Asia/Kathmandu", "Asia/Yangon"])
    expect(values).toContain(name);
  for (const old of ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "Asia/Katmandu", "Asia/Rangoon"])
    expect(values).not.toContain(old);
  // each option says its offset now (Kolkata has no daylight saving time)
  await expect(options.and(page.locator('[value="Asia/Kolkata"]'))).toHaveAttribute("label", /UTC\+05:30/);
  // typing finds a zone by part of its name
  await zone.fill("Kolkata");
  await expect(zone).toHaveValue("Kolkata");

  // a link shared with the old name shows the report in the canonical zone
  await page.goto(`/reports?campaign=${campaign.restId}&tz=Asia/Calcutta`);
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Asia/Kolkata");
  await expect(page.getByText("(Asia/Kolkata)").first()).toBeVisible();
  await expect(page.getByText("UTC+05:30").first()).toBeVisible();
});

test("a shared link opened while signed out returns to the same page after sign-in; other places do not", async ({
  browser,
}) => {
  const owner = await newPage(browser);
  const email = await createAccount(owner, "Shared Link Co");
  const campaign = await createCampaign(owner, `Shared ${unique()}`);
  const link = `/reports?campaign=${campaign.restId}&tz=America%2FNew_York&breakdown=SPORT`;

  const page = await newPage(browser);
  await page.goto(link);
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/reports");
  expect(new URL(page.url()).search).toBe(new URL(link, "http://x").search);

  // only a local path: another host, a scheme or a backslash sends to the overview
  for (const target of [
    "//evil.example/x",
    "https://evil.example/",
    "/\\evil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
  ]) {
    const other = await newPage(browser);
    await other.goto(`/signin?callbackUrl=${encodeURIComponent(target)}`);
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password").fill(DASHBOARD_PASSWORD);
    await other.getByRole("button", { name: "Sign in" }).click();
    await other.waitForURL("**/overview");
    expect(new URL(other.url()).host, target).toBe(new URL(process.env.E2E_BASE_URL!).host);
    await other.context().close();
  }
});

test("forms that fail move focus to an error summary linking to each field; adding a variant keeps focus", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "Summary Co");
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });

  // create a campaign without a moment type
  await page.goto("/campaigns/new");
  await page.getByLabel("Name").fill("No moments");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: "Select at least one moment type" }).click();
  await expect(page.getByRole("checkbox").first()).toBeFocused();

  // add a variant: opening it focuses its first field (variant A's headline); without a headline it fails to the summary
  const campaign = await createCampaign(page, `Variants ${unique()}`);
  await page.goto(`/campaigns/${campaign.id}`);
  await page.getByRole("button", { name: "Add a variant" }).click();
  await expect(page.getByLabel(/^Headline/)).toBeFocused();
  await page.getByLabel(/^Headline/).fill("");
  await page.getByRole("button", { name: "Add variant" }).click();
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: /headline/i }).click();
  await expect(page.getByLabel(/^Headline/)).toBeFocused();
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("button", { name: "Add a variant" })).toBeFocused();

  // edit a bid that is not an amount
  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByLabel("Bid (CPM, USD)").fill("two dollars");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: /bid/i }).click();
  await expect(page.getByLabel("Bid (CPM, USD)")).toBeFocused();

  // a webhook without an event, an API key without a name or a scope
  await page.goto("/webhooks");
  await page.getByLabel("Endpoint URL").fill(`${ICON_ORIGIN}/hooks/${unique()}`);
  await page.getByRole("button", { name: "Register endpoint" }).click();
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: "Select at least one event" }).click();
  await expect(page.getByRole("group", { name: "Events" }).getByRole("checkbox").first()).toBeFocused();

  await page.goto("/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveCount(2);
  await summary.getByRole("link", { name: /name/i }).click();
  await expect(page.getByLabel("Name")).toBeFocused();
});

test("error messages speak to people; amounts such as $2 and 1,50 are understood", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Messages Co");
  await page.goto("/campaigns/new");
  await page.getByRole("checkbox", { name: /Bet Resolved/ }).check();
  const bid = page.getByLabel("Bid (CPM, USD)");
  const bidError = page.locator("#bidCpmUsd-error");
  await bid.fill("0.10");
  await expect(bidError).toContainText("Bet Resolved");
  await expect(bidError).toContainText("$0.50");
  await expect(bidError).not.toContainText("bet_resolved");
  await bid.fill("$2");
  await expect(bidError).toHaveCount(0);
  await bid.fill("1,50");
  await expect(bidError).toHaveCount(0);
  await bid.fill("1,500");
  await expect(bidError).toContainText("2.50");
  await bid.fill("abc");
  await bid.blur();
  await expect(bidError).not.toContainText("Invalid input");
  await expect(bidError).toContainText("2.50");

  await page.getByLabel("Icon URL").fill("icon.png");
  await page.getByLabel("Icon URL").blur();
  await expect(page.locator("#iconUrl-error")).not.toContainText("absolute URL");
  await expect(page.locator("#iconUrl-error")).toContainText("https://");

  // a create with "$2" and "1,50"-style budgets goes through
  await page.getByLabel("Name").fill("Forgiving amounts");
  await page.getByRole("checkbox", { name: "NBA" }).check();
  await bid.fill("$2");
  await page.getByLabel("Daily budget (USD)").fill("$50");
  await page.getByLabel("Total budget (USD)").fill("500,00");
  await page.getByLabel("Headline").fill("Settled!");
  await page.getByLabel("Message").fill("Your next bet is on us");
  await page.getByLabel("Icon URL").fill(ICON);
  await page.getByLabel("Click destination").fill("https://example.com/next");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await page.waitForURL(/\/campaigns\/[A-Za-z0-9_-]+$/);
  await expect(page.getByText("$2.00").first()).toBeVisible();

  // the report's refusals name dates as people do
  await page.goto("/reports?start=2026-03-10&end=2026-03-01");
  const end = page.locator("#report-end-error");
  await expect(end).toContainText("end date");
  await expect(end).not.toContainText("end_date");
});

test("campaign ids as printed open the campaign; unknown pages answer 404", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Ids Co");
  const campaign = await createCampaign(page, `Ids ${unique()}`);
  for (const id of [campaign.id, campaign.restId]) {
    const response = await page.goto(`/campaigns/${id}`);
    expect(response?.status(), id).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ids ");
  }
  for (const path of ["/campaigns/cmp_doesNotExist", "/campaigns/nope", "/webhooks/nope", "/no-such-page"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("Not found").first()).toBeVisible();
  }
});

test("an ended campaign says delivery stopped; the API key list and secret box fit; answers said once; favicon; Escape closes the phone menu", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page, "Daily Co");
  const campaign = await createCampaign(page, `Ended ${unique()}`);
  await graphqlAsUser(page, `mutation($input: EndCampaignInput!) { endCampaign(input: $input) { campaign { id } } }`, {
    input: { id: campaign.id },
  });
  await page.goto(`/campaigns/${campaign.id}`);
  const delivery = page.getByTestId("delivery-today");
  await expect(delivery).toContainText("Delivery stopped");
  await expect(delivery).not.toContainText("left");
  await expect(delivery).not.toContainText("pacing allows");
  await expect(page.getByTestId("allocation")).toHaveText(["—"]);

  // API keys: a revoked key's status on one line, its client id whole; the secret's box holds its button
  await page.goto("/api-keys");
  await page.getByLabel("Name").fill("Revoked soon");
  await page.getByRole("checkbox", { name: /reporting:read/ }).check();
  await page.getByRole("button", { name: "Create API key" }).click();
  const panel = page.getByRole("status").filter({ hasText: "shown this once" });
  const copy = panel.getByRole("button", { name: "Copy secret" });
  const [panelBox, copyBox] = [await panel.boundingBox(), await copy.boundingBox()];
  expect(copyBox!.x + copyBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
  await page.getByRole("button", { name: "Done" }).click();
  const row = page.getByTestId("api-key-table").getByRole("row", { name: /Revoked soon/ });
  await row.getByRole("button", { name: "Revoke Revoked soon" }).click();
  // the dialog's text wraps inside it (opened from a one-line cell), "This cannot be undone" included, at both widths
  const revoke = page.getByRole("dialog", { name: "Revoke “Revoked soon”?" });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const [dialogBox, textBox] = [await revoke.boundingBox(), await revoke.getByText(/cannot be undone/).boundingBox()];
    expect(textBox!.x + textBox!.width, `${width} px`).toBeLessThanOrEqual(dialogBox!.x + dialogBox!.width);
    expect(textBox!.x + textBox!.width, `${width} px`).toBeLessThanOrEqual(width);
    await expectAccessible(page, `revoke dialog at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await revoke.getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  const lineHeight = 24;
  expect((await row.locator("code").boundingBox())!.height).toBeLessThanOrEqual(lineHeight);
  expect((await row.getByText("Revoked", { exact: true }).boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 4);
  // the status is its own: no date or id wrapped into it, the row a few lines high at most
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 4);

  // a test event to an endpoint answering 404: the answer is said once
  await page.goto("/webhooks");
  await page.getByLabel("Endpoint URL").fill(`${ICON_ORIGIN}/status/404/${unique()}`);
  // event kinds in words, their identifiers beside them
  await page.getByRole("checkbox", { name: "A conversion was recorded conversion.recorded", exact: true }).check();
  await page.getByRole("button", { name: "Register endpoint" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("webhook-table")).toContainText("A conversion was recorded");
  await page.getByTestId("webhook-table").getByRole("link").first().click();
  await expect(page.getByTestId("endpoint-events")).toHaveText("A conversion was recorded conversion.recorded");
  await page.getByRole("button", { name: "Send test event" }).click();
  const outcome = page.getByTestId("webhook-outcome");
  await expect(outcome).toContainText("404");
  expect(((await outcome.textContent()) ?? "").match(/404/g)).toHaveLength(1);

  // the favicon
  const icon = await page.request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\//);

  // the phone menu closes with Escape and gives focus back to its button
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/overview");
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  await expect(page.locator("#mobile-nav")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator("#mobile-nav")).toBeHidden();
  await expect(menu).toBeFocused();
});

test("the campaign list sorts by every column it shows", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Sorting Co");
  await createCampaign(page, "Bid middle", "2.00");
  await createCampaign(page, "Bid high", "3.00");
  const low = await createCampaign(page, "Bid low", "1.00");
  await graphqlAsUser(
    page,
    `mutation($input: PauseCampaignInput!) { pauseCampaign(input: $input) { campaign { id } } }`,
    {
      input: { id: low.id },
    },
  );
  await page.goto("/campaigns");
  const header = (name: string) => page.getByRole("columnheader", { name: new RegExp(`^${name}`) });
  const names = () =>
    page.getByRole("table", { name: "Campaigns" }).locator("tbody tr td:first-child a").allTextContents();
  for (const column of ["Name", "Status", "Bid CPM", "Today", "Spend to date", "Impressions", "Created"])
    await expect(header(column).getByRole("link"), column).toBeVisible();

  await header("Bid CPM").getByRole("link").click();
  await expect(header("Bid CPM")).toHaveAttribute("aria-sort", "descending");
  expect(await names()).toEqual(["Bid high", "Bid middle", "Bid low"]);
  await header("Bid CPM").getByRole("link").click();
  await expect(header("Bid CPM")).toHaveAttribute("aria-sort", "ascending");
  expect(await names()).toEqual(["Bid low", "Bid middle", "Bid high"]);

  await header("Status").getByRole("link").click();
  await expect(header("Status")).toHaveAttribute("aria-sort", "ascending");
  expect((await names())[0]).not.toBe("Bid low");
  expect((await names())[2]).toBe("Bid low");

  await header("Today").getByRole("link").click();
  await expect(header("Today")).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("table", { name: "Campaigns" }).locator("tbody tr")).toHaveCount(3);
});
