// The campaign filters of /reports and /history offer every campaign of the
// advertiser, not only the newest 100 (one page of the GraphQL connection): an
// account with 105 campaigns picks its oldest in both filters and gets its
// report and its changes, and a link naming that campaign works.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, graphqlAsUser, ICON_ORIGIN, unique } from "./dashboard";

test.describe.configure({ timeout: 180_000 });

const CAMPAIGNS = 105;
/** Mutations per request, under the API's 30 aliases per operation. */
const BATCH = 25;
/** A month ahead: the campaigns are scheduled and win no decision another spec counts on. */
const startDate = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const input = (name: string) => ({
  name,
  momentTypes: ["FOLLOW_ALERT"],
  sports: ["MLB"],
  bidCpmUsd: "0.50",
  dailyBudgetUsd: "5",
  totalBudgetUsd: "10",
  startDate: startDate(),
  creative: {
    headline: "Follow the game",
    body: "Live updates",
    iconUrl: `${ICON_ORIGIN}/icon.png`,
    actionUrl: "https://example.com",
  },
});

/** Creates the named campaigns in order (oldest first), a batch of aliased mutations per request. */
async function createCampaigns(page: Page, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < names.length; start += BATCH) {
    const batch = names.slice(start, start + BATCH);
    const variables = Object.fromEntries(batch.map((name, i) => [`c${i}`, input(name)]));
    const data = await graphqlAsUser(
      page,
      `mutation(${batch.map((_, i) => `$c${i}: CreateCampaignInput!`).join(", ")}) {
        ${batch.map((_, i) => `c${i}: createCampaign(input: $c${i}) { campaign { restId } userErrors { field message } }`).join("\n")}
      }`,
      variables,
    );
    for (let i = 0; i < batch.length; i++) {
      expect(data[`c${i}`].userErrors).toEqual([]);
      ids.push(data[`c${i}`].campaign.restId as string);
    }
  }
  return ids;
}

test("reports and history offer the 101st and later campaigns, and show their data", async ({ page }) => {
  await createAccount(page, "Many Campaigns Co");
  const run = unique();
  const names = Array.from({ length: CAMPAIGNS }, (_, i) => `Picker ${String(i + 1).padStart(3, "0")} ${run}`);
  const ids = await createCampaigns(page, names);
  const { campaigns } = await graphqlAsUser(page, "{ campaigns(first: 1) { totalCount } }");
  expect(campaigns.totalCount).toBe(CAMPAIGNS);
  // newest first: the oldest campaigns are past the connection's first page of 100
  const oldest = { restId: ids[0]!, name: names[0]! };

  // reports: every campaign and "All campaigns"; the default is still the newest
  await page.goto("/reports");
  const reportCampaign = page.getByLabel("Campaign", { exact: true });
  await expect(reportCampaign.locator("option")).toHaveCount(CAMPAIGNS + 1);
  await expect(reportCampaign).toHaveValue(ids[CAMPAIGNS - 1]!);
  await reportCampaign.selectOption(oldest.restId);
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(new RegExp(`campaign=${oldest.restId}`));
  await expect(page.getByRole("heading", { name: `${oldest.name}: per day` })).toBeVisible();
  await expect(page.getByTestId("total-impressions")).toHaveText("0");
  await expect(page.locator("#report-campaign-error")).toHaveCount(0);
  // a link naming it, by REST id or global id, is its report too (not "not yours")
  await page.goto(`/reports?campaign=${ids[1]}`);
  await expect(page.getByLabel("Campaign", { exact: true })).toHaveValue(ids[1]!);
  await expect(page.getByRole("heading", { name: `${names[1]}: per day` })).toBeVisible();

  // history: every campaign and "All campaigns"; the oldest one's changes are its own
  await page.goto("/history");
  const historyCampaign = page.getByLabel("Campaign", { exact: true });
  await expect(historyCampaign.locator("option")).toHaveCount(CAMPAIGNS + 1);
  await historyCampaign.selectOption(oldest.restId);
  await page.getByRole("button", { name: "Show changes" }).click();
  await expect(page).toHaveURL(new RegExp(`campaign=${oldest.restId}`));
  await expect(page.getByLabel("Campaign", { exact: true })).toHaveValue(oldest.restId);
  await expect(page.locator("#history-campaign-error")).toHaveCount(0);
  const rows = page.getByRole("table", { name: "Changes" }).getByTestId("change-row");
  // the campaign and its first variant, nothing of the other 104
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: oldest.restId })).toContainText("Created the campaign");
  await expect(page.getByText("2 changes, newest first")).toBeVisible();
});
