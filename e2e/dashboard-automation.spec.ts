// Automation in the dashboard (docs/decisions/0700-0702): a rule created in the form shows its dry
// run over the last 7 days; a report saved with a daily schedule is emailed (Send now: the last
// ended day, CSV attached, with the link that opens it); a bid change is undone from the history,
// and undoing it again is refused with the reason. axe at 1280 and 375 px on each page.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, createCampaignAs, expectAccessible, graphqlAsUser, newPage, unique } from "./dashboard";
import { mailsTo } from "./smtp-server";

test.describe.configure({ timeout: 180_000 });

/** No serious or critical axe violation at a desktop's 1280 px and a phone's 375 px. */
async function expectAccessibleAtBothWidths(page: Page, what: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, `${what} at 1280 px`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.locator("h1").first()).toBeVisible();
  await expectAccessible(page, `${what} at 375 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const yesterdayUtc = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

test("a rule created in the form shows what it would have done over the last 7 days", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Rules Co");
  await createCampaignAs(page, { name: `Quiet ${unique()}` });
  await page.goto("/rules");
  await expect(page.getByRole("heading", { level: 1, name: "Rules" })).toBeVisible();
  await page.getByLabel("Name").fill("Tell me when nothing delivers");
  await page.getByLabel("When").selectOption("impressions");
  await page.getByLabel("Over").selectOption("24");
  await page.getByLabel("Is", { exact: true }).selectOption("below");
  await page.getByLabel("Threshold").fill("1");
  await page.getByLabel("Then").selectOption("notify");
  await page.getByRole("button", { name: "Create rule" }).click();
  await page.waitForURL(/\/rules\/rul_/);
  await expect(page.getByRole("heading", { level: 1, name: "Tell me when nothing delivers" })).toBeVisible();
  const dryRun = page.getByTestId("rule-dry-run");
  // seven daily windows closed in the last 7 days; the campaign delivered nothing in any of them
  await expect(dryRun).toContainText(/[67] windows evaluated/);
  await expect(dryRun.getByTestId("rule-action-row").first()).toContainText(
    "impressions 0 is below 1: members notified",
  );
  await expectAccessibleAtBothWidths(page, "a rule's dry run");
  await page.goto("/rules");
  await expect(page.getByTestId("rule-table")).toContainText("Tell me when nothing delivers");
  await expectAccessibleAtBothWidths(page, "the rules page");
});

test("a report saved on a daily schedule is emailed with its CSV and its link", async ({ browser }) => {
  const page = await newPage(browser);
  const email = await createAccount(page, "Scheduled Reports Co");
  const campaign = await createCampaignAs(page, { name: `Scheduled ${unique()}` });
  await page.goto(`/reports?campaign=${campaign.restId}&tz=UTC&breakdown=SPORT`);
  const save = page.getByRole("form", { name: "Save this report" });
  await save.getByLabel("Name").fill("Daily by sport");
  await save.getByLabel("Email it to me").selectOption("daily");
  await save.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Saved “Daily by sport”: emailed to you daily (UTC).")).toBeVisible();

  await page.getByRole("link", { name: "Saved reports" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Saved reports" })).toBeVisible();
  const row = page.getByTestId("saved-report-row").filter({ hasText: "Daily by sport" });
  await expect(row).toContainText("daily, UTC, to 1");
  await expectAccessibleAtBothWidths(page, "the saved reports page");
  await row.getByRole("button", { name: "Send Daily by sport now" }).click();
  await expect(row.getByRole("status")).toContainText("emailed within seconds");

  // the worker sends yesterday (UTC: the account's zone) within seconds
  await expect
    .poll(() => mailsTo(email).filter((mail) => mail.subject.startsWith("Daily by sport")).length, {
      timeout: 45_000,
    })
    .toBe(1);
  const mail = mailsTo(email).find((candidate) => candidate.subject.startsWith("Daily by sport"))!;
  expect(mail.subject).toBe(`Daily by sport: ${yesterdayUtc()}`);
  expect(mail.attachments).toEqual([expect.objectContaining({ filename: expect.stringMatching(/\.csv$/) })]);
  const link = /https?:\/\/\S+\/reports\?\S+/.exec(mail.text)![0];
  expect(link).toContain(`start=${yesterdayUtc()}&end=${yesterdayUtc()}`);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await page.goto("/reports/saved");
  await expect(page.getByTestId("saved-report-row").filter({ hasText: "Daily by sport" })).toContainText(
    yesterdayUtc(),
  );
});

test("a bid change is undone from the history; undoing it again is refused with the reason", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Undo Co");
  const campaign = await createCampaignAs(page, { name: `Undo ${unique()}`, bidCpmUsd: "2.00" });
  await graphqlAsUser(
    page,
    `mutation($input: UpdateCampaignInput!) { updateCampaign(input: $input) { campaign { id } userErrors { message } } }`,
    { input: { id: campaign.id, bidCpmUsd: "1.25" } },
  );
  await page.goto("/history");
  const changes = page.getByRole("table", { name: "Changes" });
  const bidChange = changes.getByTestId("change-row").filter({ hasText: "Bid (CPM): $2.00 → $1.25" });
  await expect(bidChange).toHaveCount(1);
  await expectAccessibleAtBothWidths(page, "the history with Undo");
  // by the change's id: the undo's row will list the same values (in its own dialog)
  const undoName = (await bidChange.getByRole("button", { name: /^Undo change/ }).getAttribute("aria-label"))!;
  await page.getByRole("button", { name: undoName, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Undo this change?" });
  await expect(dialog).toContainText("Bid (CPM): $1.25 → $2.00");
  await expectAccessible(page, "the undo dialog");
  await dialog.getByRole("button", { name: "Undo the change" }).click();
  await expect(dialog).toBeHidden();
  await expect(changes.getByTestId("change-row").first()).toContainText("Undid a change");
  await expect(changes.getByTestId("change-row").first()).toContainText("Bid (CPM): $1.25 → $2.00");

  // the bid is 2.00 again, not the 1.25 the change left: nothing is undone, and the dialog says why
  await page.getByRole("button", { name: undoName, exact: true }).click();
  await dialog.getByRole("button", { name: "Undo the change" }).click();
  await expect(dialog).toContainText("not undone: bid is 2 now, not 1.25 as the change left it");
});
