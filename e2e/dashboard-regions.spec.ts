// Region targeting in the built app (issue 39): an advertiser creates a campaign in the
// dashboard that serves only New Jersey and Ontario (the region picker: search, check,
// the chosen list), wins decisions for users there through the REST delivery API and none
// for users elsewhere or of unknown region, and sees the report by region: the map shades
// the regions the table lists, with the same numbers. axe finds no serious or critical
// violation on the form, the campaign and the report at 1280 and 375 px.
import { expect, test, type Page } from "@playwright/test";
import {
  createAccount,
  endCampaignByRestId,
  expectAccessible,
  graphqlAsUser,
  ICON_ORIGIN,
  today,
  unique,
} from "./dashboard";
import { admin } from "./helpers";

const BASE = process.env.E2E_BASE_URL!;

test.describe.configure({ timeout: 120_000 });

let platformKey: string | undefined;

/** One decision at a Position Alert of an NFL game (a lane no other spec bids on) for a user of `region`. */
async function decide(region?: string): Promise<{ status: number; campaignId?: string }> {
  platformKey ??= (await admin("create-platform-key", "--name", `e2e-regions-${unique()}`)).key!;
  const res = await fetch(`${BASE}/api/delivery/decisions`, {
    method: "POST",
    headers: { authorization: `Bearer ${platformKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      moment_type: "position_alert",
      sport: "nfl",
      game_id: `g-${unique()}`,
      user_id: `u-${unique()}`,
      ...(region ? { region } : {}),
    }),
  });
  if (res.status !== 200) return { status: res.status };
  return { status: 200, campaignId: ((await res.json()) as { campaign_id: string }).campaign_id };
}

/** axe at a desktop's 1280 px, then at a phone's 375 px (the page laid out again at that width). */
async function bothWidths(page: Page, what: string, reload = true) {
  await expectAccessible(page, `${what} at 1280 px`);
  await page.setViewportSize({ width: 375, height: 812 });
  if (reload) await page.reload();
  await expectAccessible(page, `${what} at 375 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
  if (reload) await page.reload();
}

/** The test's campaign while it bids (999 CPM): a failed attempt's is ended before its retry, or it would win the retry's decisions. */
let bidding: string | undefined;
test.afterEach(async ({ page }) => {
  if (bidding) await endCampaignByRestId(page, bidding);
  bidding = undefined;
});

test("regions: a campaign targeted in the dashboard serves only its regions; the map and the table agree", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page, "Regions Co");
  const name = `Regions ${unique()}`;
  await page.goto("/campaigns/new");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("checkbox", { name: /Position Alert/ }).check();
  await page.getByRole("checkbox", { name: "NFL" }).check();
  await page.getByLabel("Bid (CPM, USD)").fill("999");
  await page.getByLabel("Headline").fill("Your parlay is one leg away");
  await page.getByLabel("Message").fill("Cash out now or ride it: live odds inside.");
  await page.getByLabel("Icon URL").fill(`${ICON_ORIGIN}/icon.png`);
  await page.getByLabel("Click destination").fill("https://example.com/live");

  const picker = page.getByRole("group", { name: "Serve only in" });
  const search = picker.getByRole("searchbox");
  await search.fill("new jersey");
  await picker.getByRole("checkbox", { name: /New Jersey/ }).check();
  await search.fill("ON");
  await picker.getByRole("checkbox", { name: /Ontario/ }).check();
  await search.fill("");
  await expect(picker.getByRole("button", { name: "Remove New Jersey (US-NJ)" })).toBeVisible();
  await expect(picker.getByRole("button", { name: "Remove Ontario (CA-ON)" })).toBeVisible();
  await expectAccessible(page, "campaign create with regions at 1280 px");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await page.waitForURL(/\/campaigns\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId("target-regions")).toHaveText("New Jersey (US-NJ), Ontario (CA-ON)");
  await bothWidths(page, "campaign with regions");
  // the form at a phone's width, its picker open on a search
  await page.goto("/campaigns/new");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await page.getByRole("group", { name: "Serve only in" }).getByRole("searchbox").fill("new");
  await expectAccessible(page, "campaign create with regions at 375 px");
  await page.setViewportSize({ width: 1280, height: 900 });

  const { campaigns } = await graphqlAsUser(page, "{ campaigns(first: 100) { nodes { restId name targetRegions } } }");
  const campaign = campaigns.nodes.find((node: { name: string }) => node.name === name);
  expect(campaign.targetRegions).toEqual(["US-NJ", "CA-ON"]);
  bidding = campaign.restId;

  // in its regions it wins; elsewhere, in the country alone or of unknown region it is never served
  for (const region of ["US-NJ", "US-NJ", "CA-ON"])
    expect(await decide(region)).toEqual({ status: 200, campaignId: campaign.restId });
  for (const region of ["US-NY", "US", "CA-QC", undefined]) {
    const answer = await decide(region);
    expect(answer.campaignId, String(region)).not.toBe(campaign.restId);
  }

  const url = `/reports?campaign=${campaign.restId}&start=${today()}&end=${today()}&tz=UTC&breakdown=REGION`;
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return page.getByTestId("total-impressions").textContent();
      },
      { timeout: 15_000 },
    )
    .toBe("3");
  const table = page.getByTestId("report-table");
  await expect(
    table
      .getByRole("row", { name: /New Jersey \(US-NJ\)/ })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("2");
  await expect(
    table
      .getByRole("row", { name: /Ontario \(CA-ON\)/ })
      .getByRole("cell")
      .nth(1),
  ).toHaveText("1");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  // the map shades exactly the regions the table lists: New Jersey darkest, Ontario lighter, New York not at all
  const map = page.getByTestId("region-map");
  await expect(map.locator('[data-region="US-NJ"]')).toHaveAttribute("data-shade", "4");
  await expect(map.locator('[data-region="CA-ON"]')).toHaveAttribute("data-shade", "2");
  await expect(map.locator('[data-region="US-NY"]')).toHaveAttribute("data-shade", "-1");
  await expect(map.locator('[data-shade]:not([data-shade="-1"])')).toHaveCount(2);
  await expect(map.getByRole("img")).toHaveAttribute(
    "aria-label",
    /Highest: New Jersey \(US-NJ\) 2; Ontario \(CA-ON\) 1/,
  );
  // shading by another metric is one keyboard step away
  await map.getByRole("radio", { name: "Spend" }).check();
  await expect(map.getByRole("img")).toHaveAttribute("aria-label", /shaded by spend/);
  await bothWidths(page, "report by region");
});
