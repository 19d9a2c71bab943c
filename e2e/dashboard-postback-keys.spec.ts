// The dashboard's postback keys page in the built app (docs/decisions/0504): a new
// advertiser is told its postbacks need no key, creates one (shown once, copied
// to the clipboard), which E16 then requires; a reload does not show it again;
// revoking it (confirmed in a dialog that warns it is the last active key) lets
// postbacks through without a key again. axe finds no serious or critical
// violation, and the page fits a phone.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, expectAccessible, graphqlAsUser, ICON_ORIGIN } from "./dashboard";
import { blockOutsideRequests } from "./helpers";

const BASE = process.env.E2E_BASE_URL!;

/** A campaign of the signed-in advertiser, made through GraphQL with the page's session; its ids. */
async function createCampaign(page: Page): Promise<{ id: string; restId: string }> {
  const data = await graphqlAsUser(
    page,
    `mutation($input: CreateCampaignInput!) {
      createCampaign(input: $input) { campaign { id restId } userErrors { field code message } }
    }`,
    {
      input: {
        name: "Keyed postbacks",
        momentTypes: ["FOUL_TROUBLE"],
        sports: ["NBA"],
        // at the floor: this spec needs the campaign, not its delivery
        bidCpmUsd: "5.00",
        dailyBudgetUsd: "5",
        totalBudgetUsd: "10",
        startDate: new Date().toISOString().slice(0, 10),
        creative: {
          headline: "Foul trouble",
          body: "Tap to see the line",
          iconUrl: `${ICON_ORIGIN}/icon.png`,
          actionUrl: "https://book.example.com/fouls",
        },
      },
    },
  );
  expect(data.createCampaign.userErrors).toEqual([]);
  return data.createCampaign.campaign;
}

/** E16 for an unknown click of `campaignId`: 404 once the key (if any is needed) is accepted, 401 before. */
async function postback(campaignId: string, key?: string): Promise<{ status: number; code: string }> {
  const query = new URLSearchParams({ campaign_id: campaignId, click_id: "clk_e2e_unknown", event_type: "install" });
  if (key !== undefined) query.set("postback_key", key);
  const res = await fetch(`${BASE}/api/ads/postback?${query}`);
  return { status: res.status, code: ((await res.json()) as { code: string }).code };
}

/** At a phone's 375 px the page scrolls only vertically (tables scroll inside their cards). */
async function expectFitsPhone(page: Page) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.setViewportSize(size);
}

test("postback keys: the risk stated, a key created and copied once, required by postbacks, revoked", async ({
  page,
  baseURL,
}) => {
  const outside = await blockOutsideRequests(page, baseURL!);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
  await createAccount(page, "Postbacks Co");
  const campaign = await createCampaign(page);
  const campaignId = campaign.restId;

  await page.getByRole("link", { name: "Postback keys" }).click();
  await page.waitForURL("**/settings/postback-keys");
  await expect(page.getByRole("heading", { level: 1, name: "Postback keys" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Postback keys" })).toHaveAttribute("aria-current", "page");
  // no key: the page says what that allows
  const notice = page.getByTestId("postback-key-notice");
  await expect(notice).toContainText("Your postbacks need no key");
  await expect(notice).toContainText("anyone holding a click id can report a conversion for it");
  await expect(page.getByText("No postback keys yet")).toBeVisible();
  await expect(page.getByText("0 active, 0 in all")).toBeVisible();
  await expectAccessible(page, "Postback keys without a key");
  // and so it is: an unknown click is the only refusal
  expect(await postback(campaignId)).toEqual({ status: 404, code: "click_not_found" });

  await page.getByRole("button", { name: "Create postback key" }).click();
  const status = page.getByRole("status");
  await expect(status).toContainText("shown this once only");
  const key = (await page.getByTestId("postback-key-secret").textContent())!;
  const keyId = (await page.getByTestId("postback-key-id").textContent())!;
  expect(key).toMatch(/^pbkey_[0-9A-Za-z]{43}$/);
  expect(keyId).toMatch(/^pbk_/);
  await status.getByRole("button", { name: "Copy key" }).click();
  await expect(status.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const row = page.getByTestId("postback-key-table").getByRole("row", { name: new RegExp(keyId) });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(key);
  await expect(page.getByText("1 active, 1 in all")).toBeVisible();
  await expect(notice).toContainText("Every postback for your campaigns must carry an active key");
  await expectAccessible(page, "Postback keys with the key shown");

  // postbacks now need it
  expect(await postback(campaignId)).toEqual({ status: 401, code: "postback_key_required" });
  expect(await postback(campaignId, "pbkey_wrong")).toEqual({ status: 401, code: "invalid_postback_key" });
  expect(await postback(campaignId, key)).toEqual({ status: 404, code: "click_not_found" });

  // shown once: not after "Done", nor after a reload
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("postback-key-secret")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("postback-key-secret")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(key);

  // revoking asks first, and warns that it is the last active key
  await row.getByRole("button", { name: `Revoke ${keyId}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke ${keyId}?` });
  await expect(dialog).toContainText("your last active key");
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  expect(await postback(campaignId)).toEqual({ status: 401, code: "postback_key_required" });
  await row.getByRole("button", { name: `Revoke ${keyId}` }).click();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByText("Revoked").locator("time[datetime]")).toHaveCount(1);
  await expect(page.getByText("0 active, 1 in all")).toBeVisible();
  await expect(notice).toContainText("Your postbacks need no key");
  // the revoked key is refused no more, because no key is needed: postbacks are as before
  expect(await postback(campaignId, key)).toEqual({ status: 404, code: "click_not_found" });
  await expectAccessible(page, "Postback keys with a revoked key");
  await expectFitsPhone(page);
  expect(outside).toEqual([]);
  // the campaign was only a name for postbacks: it bids in no later spec's auction
  const cancelled = await graphqlAsUser(
    page,
    `mutation($input: CancelCampaignInput!) { cancelCampaign(input: $input) { userErrors { message } } }`,
    { input: { id: campaign.id } },
  );
  expect(cancelled.cancelCampaign.userErrors).toEqual([]);
});

test("postback keys are named at creation, renamed in a dialog and shown by name, at 1280 and 375 px", async ({
  page,
  baseURL,
}) => {
  const outside = await blockOutsideRequests(page, baseURL!);
  await createAccount(page, "Named Keys Co");
  await page.goto("/settings/postback-keys");
  await page.getByLabel("Name (optional)").fill("  AppsFlyer ");
  await page.getByRole("button", { name: "Create postback key" }).click();
  await expect(page.getByTestId("postback-key-created-name")).toHaveText("AppsFlyer");
  const keyId = (await page.getByTestId("postback-key-id").textContent())!;
  await page.getByRole("button", { name: "Done" }).click();
  const row = page.getByTestId("postback-key-table").getByRole("row", { name: new RegExp(keyId) });
  await expect(row.getByTestId("postback-key-label")).toHaveText("AppsFlyer");

  // a blank name removes it: the key is then unnamed, and named by its id in the dialog's title
  await row.getByRole("button", { name: "Rename AppsFlyer" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename AppsFlyer" });
  await expect(dialog.getByLabel("Name")).toHaveValue("AppsFlyer");
  await expectAccessible(page, "Rename a postback key");
  await dialog.getByLabel("Name").fill("   ");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("postback-key-label")).toHaveText("Unnamed key");
  await row.getByRole("button", { name: `Rename ${keyId}` }).click();
  const again = page.getByRole("dialog", { name: `Rename ${keyId}` });
  await again.getByLabel("Name").fill("Adjust");
  await again.getByRole("button", { name: "Save name" }).click();
  await expect(again).toBeHidden();
  await expect(row.getByTestId("postback-key-label")).toHaveText("Adjust");

  // a key made without a name is shown as unnamed
  await page.getByRole("button", { name: "Create postback key" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("postback-key-label").filter({ hasText: "Unnamed key" })).toHaveCount(1);
  await expect(page.getByTestId("postback-key-label").filter({ hasText: "Adjust" })).toHaveCount(1);
  await expectAccessible(page, "Postback keys with names");

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(row.getByTestId("postback-key-label")).toHaveText("Adjust");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, "Postback keys with names at 375 px");
  expect(outside).toEqual([]);
});
