// The notification centre: a campaign's spend, driven through the delivery API with a platform
// key against a rival's bid, crosses 50 %, 90 % and its whole budget; the alerts arrive in the
// header's bell (its name carries the unread count) and, for the kind the user set to email,
// in their inbox (the run's SMTP server); "Mark all read" clears the count. axe at 1280 and 375 px
// with the panel open and on the settings page's preferences.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, expectAccessible, graphqlAsUser, ICON_ORIGIN, newPage, today, unique } from "./dashboard";
import { admin } from "./helpers";
import { mailsTo } from "./smtp-server";

const BASE = process.env.E2E_BASE_URL!;

test.describe.configure({ timeout: 180_000 });

/** A campaign on moneyline alerts in the NFL only (no other spec bids there), at `bid` USD CPM. */
async function createCampaign(page: Page, name: string, bid: string, totalBudgetUsd: string): Promise<string> {
  const data = await graphqlAsUser(
    page,
    `mutation($input: CreateCampaignInput!) {
      createCampaign(input: $input) { campaign { restId status } userErrors { field code message } }
    }`,
    {
      input: {
        name,
        momentTypes: ["MONEYLINE_ALERT"],
        sports: ["NFL"],
        bidCpmUsd: bid,
        dailyBudgetUsd: "1000",
        totalBudgetUsd,
        startDate: today(),
        pacing: "ASAP",
        creative: {
          headline: "The line moved",
          body: "Tap to see the odds",
          iconUrl: `${ICON_ORIGIN}/icon.png`,
          actionUrl: "https://book.example.com/lines",
        },
      },
    },
  );
  expect(data.createCampaign.userErrors).toEqual([]);
  return data.createCampaign.campaign.restId as string;
}

test("budget alerts arrive in the bell and by email; mark all read", async ({ browser }) => {
  const page = await newPage(browser);
  const rival = await newPage(browser);
  const email = await createAccount(page, "Alerts Co");
  await createAccount(rival, "Rival Co");

  // the budget's end by email as well (the default for budget_exhausted), budget 50 % by email too
  await page.goto("/settings#notifications");
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expect(page.getByLabel("Budget exhausted")).toHaveValue("email");
  await page.getByLabel("Budget 50% spent").selectOption("email");
  await expect(page.getByTestId("alert-preferences-status")).toContainText(
    "Budget 50% spent: Email and dashboard. Saved.",
  );
  await page.getByLabel("Bid adjusted by the CPA controller").selectOption("off");
  await expect(page.getByTestId("alert-preferences-status")).toContainText("Off. Saved.");
  await expectAccessible(page, "settings with notification preferences at 1280 px");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectAccessible(page, "settings with notification preferences at 375 px");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // each impression costs the rival's bid (999 USD CPM: about 1 USD), so $10 takes about 11 of them
  const campaign = await createCampaign(page, `Moneyline ${unique()}`, "1000", "10");
  await createCampaign(rival, `Rival ${unique()}`, "999", "100000");
  const platformKey = (await admin("create-platform-key", "--name", `e2e-alerts-${unique()}`)).key!;
  let won = 0;
  for (let index = 0; index < 30 && won < 11; index++) {
    const res = await fetch(`${BASE}/api/delivery/decisions`, {
      method: "POST",
      headers: { authorization: `Bearer ${platformKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        moment_type: "moneyline_alert",
        sport: "nfl",
        game_id: `g-${unique()}`,
        user_id: `u-${unique()}`,
      }),
    });
    if (res.status === 200 && ((await res.json()) as { campaign_id: string }).campaign_id === campaign) won++;
  }
  expect(won).toBeGreaterThanOrEqual(11);

  // the alerts worker runs every few seconds
  const bell = page.getByTestId("notification-bell");
  await expect
    .poll(
      async () => {
        await page.goto("/overview");
        return bell.getAttribute("aria-label");
      },
      { timeout: 30_000 },
    )
    .toBe("Notifications, 3 unread");

  await bell.click();
  const panel = page.getByRole("region", { name: "Notifications" });
  await expect(panel.getByRole("link", { name: /budget exhausted/ })).toHaveAttribute("href", `/campaigns/${campaign}`);
  await expect(panel.getByRole("link", { name: /90% of the budget spent/ })).toBeVisible();
  await expect(panel.getByRole("link", { name: /50% of the budget spent/ })).toBeVisible();
  await expectAccessible(page, "notification panel at 1280 px");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(panel).toBeVisible();
  await expectAccessible(page, "notification panel at 375 px");
  await page.setViewportSize({ width: 1280, height: 800 });

  // by email: the two kinds set to email, not the 90 % one
  await expect
    .poll(
      () =>
        mailsTo(email)
          .map((mail) => mail.subject)
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual([expect.stringContaining("50% of the budget spent"), expect.stringContaining("budget exhausted")]);
  expect(mailsTo(email)[0]!.text).toContain(`${BASE}/campaigns/${campaign}`);

  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell).toHaveAttribute("aria-label", "Notifications, none unread");
  await page.reload();
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("aria-label", "Notifications, none unread");
  // the rival's inbox has none of these
  await rival.goto("/overview");
  await expect(rival.getByTestId("notification-bell")).toHaveAttribute("aria-label", "Notifications, none unread");
});
