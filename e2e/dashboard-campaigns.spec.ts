// The dashboard's campaign journey in a real browser against the built app:
// sign up, create a campaign (the bid checked live against the floor, the icon
// checked by the server against the run's icon server), see it listed, open it,
// pause it, add a variant, sign out; the sign-in rate limit; axe on each page.
import { expect, test } from "@playwright/test";
import { DASHBOARD_PASSWORD, expectAccessible, newPage, signIn, signUp, uniqueEmail, createAccount } from "./dashboard";
import { blockOutsideRequests } from "./helpers";

const ICON = `http://127.0.0.1:${process.env.E2E_ICON_PORT}/icon.png`;

test.describe.configure({ timeout: 120_000 });

test("sign up, create a campaign, list it, open it, add a variant, sign out", async ({ browser, baseURL }) => {
  const page = await newPage(browser);
  const outside = await blockOutsideRequests(page, baseURL!);
  await page.goto("/signup");
  await expectAccessible(page, "sign-up");
  // the limits are the sign-up schema's (lib/domain/advertisers/advertisers.schemas.ts)
  await expect(page.getByText("At least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("minlength", "10");
  await expect(page.getByLabel("Advertiser name")).toHaveAttribute("maxlength", "200");
  await signUp(page, "Journey Sportsbook");
  await expect(page.getByText("No delivery yet today")).toBeVisible();
  await expectAccessible(page, "overview");

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Campaigns" }).click();
  await expect(page.getByText("No campaigns yet")).toBeVisible();
  await expectAccessible(page, "campaigns, empty");

  await page.goto("/campaigns/new");
  await page.getByLabel("Name").fill("Close games, Q4");
  await page.getByRole("checkbox", { name: /Close Game/ }).check();
  await page.getByRole("checkbox", { name: /Overtime/ }).check();
  await page.getByRole("checkbox", { name: "NBA" }).check();
  const bid = page.getByLabel("Bid (CPM, USD)");
  // hints from the domain: the highest floor of the selection and the schema's budget minimums
  await expect(page.getByText("At least $0.40, the floor of Overtime (the highest selected).")).toBeVisible();
  await expect(page.getByText("At least $5.00, in UTC days.")).toBeVisible();
  await expect(page.getByText("At least $10.00.")).toBeVisible();
  await bid.fill("0.36");
  // live: the same schema as the API names the highest floor among the selected types
  await expect(page.locator("#bidCpmUsd-error")).toContainText("The bid must be at least $0.40, the floor of Overtime");
  await expect(bid).toHaveAttribute("aria-invalid", "true");
  await bid.fill("2.50");
  await expect(page.locator("#bidCpmUsd-error")).toHaveCount(0);
  await page.getByLabel("Headline").fill("Overtime! Your bet is live");
  await page.getByLabel("Message").fill("Cash out now or ride it: live odds inside.");
  await page.getByLabel("Button text (optional)").fill("Open");
  await page.getByLabel("Icon URL").fill(ICON);
  await page.getByLabel("Click destination").fill("https://example.com/live");
  // the preview shows what a phone would
  const preview = page.getByRole("figure", { name: "Notification preview" });
  await expect(preview).toContainText("Overtime! Your bet is live");
  await expect(preview).toContainText("Journey Sportsbook");
  // the delivery estimate on demand: no other advertiser has won auctions on these lanes, so it is withheld
  // and said so (decision 0304), never shown as zero delivery
  await page.getByRole("button", { name: "Check notification and estimate" }).click();
  const estimate = page.getByTestId("delivery-estimate");
  await expect(estimate).toContainText("Not enough market data yet");
  await expect(estimate).toContainText("The campaign can still deliver.");
  await expectAccessible(page, "campaign create");
  await page.getByRole("button", { name: "Create campaign" }).click();

  await page.waitForURL(/\/campaigns\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Close games, Q4" })).toBeVisible();
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: /variant_a/ })).toBeVisible();
  await expectAccessible(page, "campaign detail");

  await page.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(page.getByRole("button", { name: "Resume", exact: true })).toBeVisible();

  // settings are checked by E7's schema before the mutation is sent
  await page.getByRole("button", { name: "Edit settings" }).click();
  await page.getByLabel("Daily budget (USD)").fill("4");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#edit-daily-error")).toHaveText("The daily budget must be at least $5.00");
  await page.getByLabel("Daily budget (USD)").fill("60");
  await page.getByRole("button", { name: "Save changes" }).click();
  // a higher budget can raise spend: the API's preview is shown first, and the change saved once confirmed
  await page
    .getByRole("dialog", { name: "This change can raise spend" })
    .getByRole("button", { name: "Confirm and save" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // a new variant starts from variant A: change only the headline (to one the automatic review refuses)
  await page.getByRole("button", { name: "Add a variant" }).click();
  await expect(page.getByLabel(/^Message/)).toHaveValue("Cash out now or ride it: live odds inside.");
  await expect(page.getByLabel("Icon URL")).toHaveValue(ICON);
  await expect(page.getByLabel("Click destination")).toHaveValue("https://example.com/live");
  await page.getByLabel(/^Headline/).fill("Guaranteed win in overtime");
  await page.getByRole("button", { name: "Add variant" }).click();
  await expect(page.getByTestId("variant-added")).toContainText(
    "Variant B was rejected by the automatic review and gets no traffic:",
  );
  const variantB = page.getByRole("row", { name: /variant_b/ });
  await expect(variantB.getByTestId("variant-review")).toContainText("Rejected");
  // the reason reads as a sentence, not a word per line
  const reason = variantB.getByTestId("variant-review").locator("p.text-danger");
  expect((await reason.boundingBox())!.width).toBeGreaterThan(150);
  // a paused variant keeps its review beside the pause
  await page.getByRole("button", { name: "Pause Variant A" }).click();
  const variantA = page.getByRole("row", { name: /variant_a/ }).getByTestId("variant-review");
  await expect(variantA).toContainText("Approved");
  await expect(variantA).toContainText("Paused");
  await expectAccessible(page, "campaign detail, a rejected and a paused variant");
  // the history names the pause in words, not by its operation's identifier
  await page.goto(`${page.url()}/history`);
  await expect(page.getByTestId("change-row").first()).toContainText("Changed a variant's status");
  await expect(page.getByTestId("change-table")).not.toContainText("setVariantStatus");

  await page.goto("/campaigns");
  const list = page.getByRole("table", { name: "Campaigns" });
  const row = list.getByRole("row", { name: /Close games, Q4/ });
  await expect(row).toContainText("Paused");
  await expect(row).toContainText("$2.50");
  await expectAccessible(page, "campaigns list");
  await page.getByRole("link", { name: "Paused" }).click();
  await expect(list.getByRole("row", { name: /Close games, Q4/ })).toBeVisible();
  await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "Active" }).click();
  await expect(page.getByText("No active campaigns")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin");
  await page.goto("/campaigns");
  // signed out: to sign-in, which would come back here
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fcampaigns$/);
  // nothing left the app but the preview of the advertiser's own icon
  expect(outside.filter((url) => url !== ICON)).toEqual([]);
});

test("the icon check's error is shown next to the icon field", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Icon Check Co");
  await page.goto("/campaigns/new");
  await page.getByLabel("Name").fill("Broken icon");
  await page.getByRole("checkbox", { name: /Close Game/ }).check();
  await page.getByRole("checkbox", { name: "NFL" }).check();
  await page.getByLabel("Bid (CPM, USD)").fill("1");
  await page.getByLabel("Headline").fill("Headline");
  await page.getByLabel("Message").fill("Message");
  // a host the outbound guard refuses: the server's ICON_UNREACHABLE lands on the field
  await page.getByLabel("Icon URL").fill("https://127.0.0.1:9/icon.png");
  await page.getByLabel("Click destination").fill("https://example.com");
  await page.getByRole("button", { name: "Create campaign" }).click();
  // in words of what to fix, not the check's HEAD request and port
  await expect(page.locator("#iconUrl-error")).toContainText("The icon URL could not be loaded");
  await expect(page.locator("#iconUrl-error")).not.toContainText("HEAD");
  await expect(page.getByLabel("Icon URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/campaigns\/new$/);
});

test("sign-in: a wrong password is refused, and failures are rate limited per account", async ({ browser }) => {
  const setup = await newPage(browser);
  const email = await createAccount(setup, "Rate Limit Co", uniqueEmail("limit"));
  await setup.context().close();

  const page = await newPage(browser);
  await page.goto("/signin");
  await expectAccessible(page, "sign-in");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, email, `wrong-password-${attempt}`, false);
    await expect(page.getByRole("alert").filter({ hasText: "The email or the password is wrong." })).toBeVisible();
  }
  // the sixth try, even with the right password, waits for the window
  await signIn(page, email, DASHBOARD_PASSWORD, false);
  // the wait is the rate-limit policy's window (lib/rate-limit/limiter.ts: 15 minutes)
  await expect(
    page.getByRole("alert").filter({ hasText: "Too many failed sign-ins. Wait 15 minutes and try again." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test("a duplicate email at sign-up is an error on the email field", async ({ browser }) => {
  const first = await newPage(browser);
  const email = await createAccount(first, "First Co");
  const page = await newPage(browser);
  await page.goto("/signup");
  await page.getByLabel("Advertiser name").fill("Second Co");
  await page.getByLabel("Your name").fill("Sam Second");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#email-error")).toContainText("already exists");
});
