// Inline and bulk edits of bids and budgets on the campaign list (issue 42, docs/decisions/1243) in
// the built app: a row's "Edit bid/budget" dialog goes through the spend confirmation the edit page
// uses; a stale edit (the campaign changed since the list was read) is refused in the dialog and
// nothing is saved; bulk "Set bid" by a percentage (confirmed; then one refused below the floor,
// one lowered without confirmation) and "Set budget" to an amount, each campaign's result a list
// item in words; the money table sorts this page by a column (aria-sort); a viewer is offered no
// edit control at all. At 1280 and 375 px with axe clean (no moderate violation either).
import { expect, test, type Page } from "@playwright/test";
import {
  createAccount,
  createCampaignAs,
  expectAccessibleAtWidths,
  graphqlAsUser,
  joinAsViewer,
  newPage,
  today,
  unique,
} from "./dashboard";

test.describe.configure({ timeout: 240_000 });

/** The campaign's bid, daily and total budget and updatedAt as the API has them now. */
async function amounts(page: Page, id: string) {
  const data = await graphqlAsUser(
    page,
    "query($id: ID!) { campaign(id: $id) { bidCpmUsd dailyBudgetUsd totalBudgetUsd updatedAt } }",
    { id },
  );
  return data.campaign as { bidCpmUsd: string; dailyBudgetUsd: string; totalBudgetUsd: string; updatedAt: string };
}

/** The names of the money table's campaign rows, in their order (the totals row is the footer's). */
async function performanceOrder(page: Page, names: readonly string[]): Promise<string[]> {
  const texts = await page
    .getByRole("table", { name: "Campaign performance" })
    .locator("tbody tr td:first-child")
    .allTextContents();
  return texts.map((text) => names.find((name) => text.includes(name)) ?? text);
}

test("inline and bulk bid and budget edits with the spend confirmation, a stale edit, sorting, and a viewer offered none", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await createAccount(page, "Inline Edits Co");
  const run = unique();
  const nameA = `Inline A ${run}`;
  const nameB = `Inline B ${run}`;
  // paused at once: they bid in no auction of another spec, and an update is still accepted
  const a = await createCampaignAs(page, {
    name: nameA,
    bidCpmUsd: "1.00",
    dailyBudgetUsd: "20",
    totalBudgetUsd: "200",
  });
  const b = await createCampaignAs(page, {
    name: nameB,
    bidCpmUsd: "2.00",
    dailyBudgetUsd: "30",
    totalBudgetUsd: "300",
  });
  for (const campaign of [a, b]) {
    const paused = await graphqlAsUser(
      page,
      "mutation($input: PauseCampaignInput!) { pauseCampaign(input: $input) { userErrors { message } } }",
      { input: { id: campaign.id } },
    );
    expect(paused.pauseCampaign.userErrors).toEqual([]);
  }
  // today's delivery, written as the engine writes it: A spent 1.50 over three impressions, B 4.00 over one
  const { seedDelivery } = await import("../test/factories/delivery");
  const { db } = await import("../lib/db/client");
  const servedAtMs = Date.now() - 60_000;
  for (const [campaign, costs] of [
    [a, [500_000n, 500_000n, 500_000n]],
    [b, [4_000_000n]],
  ] as const) {
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.restId }, include: { creatives: true } });
    await seedDelivery(
      row,
      costs.map((costMicros, index) => ({ servedAtMs: servedAtMs + index, costMicros })),
    );
  }

  const url = `/campaigns?start=${today()}&end=${today()}&tz=UTC`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  const list = page.getByRole("table", { name: "Campaigns" });
  const rowOf = (name: string) => list.getByRole("row", { name: new RegExp(name) });

  // inline: a raise is confirmed first; "Back" saves nothing, confirming saves
  await page.getByRole("button", { name: `Edit bid/budget of ${nameA}` }).click();
  const edit = page.getByRole("dialog", { name: `Bid and budget of ${nameA}` });
  await expect(edit.getByLabel("Bid (CPM, USD)")).toHaveValue("1.00");
  await edit.getByLabel("Bid (CPM, USD)").fill("1.50");
  await expectAccessibleAtWidths(page, "inline bid/budget dialog");
  await edit.getByRole("button", { name: "Save" }).click();
  const confirmation = page.getByRole("dialog", { name: "This change can raise spend" });
  await expect(confirmation.getByTestId("spend-confirmation")).toContainText("Bid (CPM): $1.00 → $1.50");
  await expectAccessibleAtWidths(page, "inline edit's spend confirmation");
  await confirmation.getByRole("button", { name: "Back to the form" }).click();
  await expect(confirmation).toBeHidden();
  expect((await amounts(page, a.id)).bidCpmUsd).toBe("1.00");
  await edit.getByRole("button", { name: "Save" }).click();
  await confirmation.getByRole("button", { name: "Confirm and save" }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(nameA)).toContainText("$1.50");
  expect((await amounts(page, a.id)).bidCpmUsd).toBe("1.50");

  // a stale edit: B changes after the list was read; the dialog says so and nothing is saved
  await page.getByRole("button", { name: `Edit bid/budget of ${nameB}` }).click();
  const staleEdit = page.getByRole("dialog", { name: `Bid and budget of ${nameB}` });
  const changed = await graphqlAsUser(
    page,
    "mutation($input: UpdateCampaignInput!) { updateCampaign(input: $input) { userErrors { message } } }",
    { input: { id: b.id, totalBudgetUsd: "310" } },
  );
  expect(changed.updateCampaign.userErrors).toEqual([]);
  await staleEdit.getByLabel("Daily budget (USD)").fill("25");
  await staleEdit.getByRole("button", { name: "Save" }).click();
  await expect(staleEdit).toContainText("This campaign was changed after the list was loaded, so nothing was saved");
  await expectAccessibleAtWidths(page, "inline dialog with a conflict");
  expect(await amounts(page, b.id)).toMatchObject({ dailyBudgetUsd: "30.00", totalBudgetUsd: "310.00" });
  await staleEdit.getByRole("button", { name: "Reload the list" }).click();
  await expect(staleEdit).toBeHidden();

  // bulk "Set bid" by +10 %: both raise spend, so one confirmation lists both
  await page.reload();
  const select = async (...names: string[]) => {
    for (const name of names) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  };
  await select(nameA, nameB);
  await page.getByRole("button", { name: "Set bid" }).click();
  const setBid = page.getByRole("dialog", { name: "Set bid of 2 campaigns" });
  await setBid.getByLabel("Change").selectOption("percent");
  await setBid.getByLabel("Amount or percentage").fill("10");
  await expectAccessibleAtWidths(page, "bulk set bid dialog");
  await setBid.getByRole("button", { name: "Preview and save" }).click();
  const bulkConfirmation = page.getByRole("dialog", { name: "2 changes can raise spend" });
  await expect(bulkConfirmation).toContainText(nameA);
  await expect(bulkConfirmation).toContainText("Bid (CPM): $1.50 → $1.65");
  await expect(bulkConfirmation).toContainText("Bid (CPM): $2.00 → $2.20");
  await bulkConfirmation.getByRole("button", { name: "Confirm and save" }).click();
  const results = page.getByRole("list", { name: "Results" });
  await expect(results.getByRole("listitem").filter({ hasText: nameA })).toHaveText(`Done ${nameA}: set to $1.65`);
  await expect(results.getByRole("listitem").filter({ hasText: nameB })).toHaveText(`Done ${nameB}: set to $2.20`);
  expect((await amounts(page, b.id)).bidCpmUsd).toBe("2.20");

  // -80 %: A's 0.33 is under close_game's floor (refused with the API's words), B's 0.44 lowers spend (no confirmation)
  await page.reload();
  await select(nameA, nameB);
  await page.getByRole("button", { name: "Set bid" }).click();
  await setBid.getByLabel("Change").selectOption("percent");
  await setBid.getByLabel("Amount or percentage").fill("-80");
  await setBid.getByRole("button", { name: "Preview and save" }).click();
  await expect(results.getByRole("listitem").filter({ hasText: nameA })).toHaveText(
    new RegExp(`^Not done ${nameA}: Bid \\(CPM\\) must be at least 0\\.35, the floor of close_game`),
  );
  await expect(results.getByRole("listitem").filter({ hasText: nameB })).toHaveText(`Done ${nameB}: set to $0.44`);
  expect((await amounts(page, a.id)).bidCpmUsd).toBe("1.65");
  expect((await amounts(page, b.id)).bidCpmUsd).toBe("0.44");

  // bulk "Set budget" to an amount: both daily budgets rise, confirmed
  await page.reload();
  await select(nameA, nameB);
  await page.getByRole("button", { name: "Set budget" }).click();
  const setBudget = page.getByRole("dialog", { name: "Set budget of 2 campaigns" });
  await setBudget.getByLabel("Amount or percentage").fill("45");
  await setBudget.getByRole("button", { name: "Preview and save" }).click();
  await expect(bulkConfirmation).toContainText("Daily budget: $20.00 → $45.00");
  await expect(bulkConfirmation).toContainText("Daily budget: $30.00 → $45.00");
  await bulkConfirmation.getByRole("button", { name: "Confirm and save" }).click();
  // one line per campaign, in the list's order
  await expect(results.getByRole("listitem")).toHaveCount(2);
  for (const name of [nameA, nameB])
    await expect(results.getByRole("listitem").filter({ hasText: name })).toHaveText(`Done ${name}: set to $45.00`);
  await expect(rowOf(nameA)).toContainText("of $45.00");
  expect((await amounts(page, a.id)).dailyBudgetUsd).toBe("45.00");
  await expectAccessibleAtWidths(page, "campaign list with bulk results");

  // the money table sorts this page by a column's heading, largest first, then round
  const names = [nameA, nameB];
  const spendHeader = page
    .getByRole("table", { name: "Campaign performance" })
    .getByRole("columnheader", { name: /^Spend/ });
  await expect(page.getByText("sorts the campaigns of this page only")).toBeVisible();
  await spendHeader.getByRole("button").click();
  await expect(spendHeader).toHaveAttribute("aria-sort", "descending");
  expect(await performanceOrder(page, names)).toEqual([nameB, nameA]);
  await spendHeader.getByRole("button").click();
  await expect(spendHeader).toHaveAttribute("aria-sort", "ascending");
  expect(await performanceOrder(page, names)).toEqual([nameA, nameB]);
  await expectAccessibleAtWidths(page, "campaign list sorted by spend");

  // a viewer: the same list and sorting, no edit control of any kind
  const viewer = await joinAsViewer(browser, page);
  await viewer.setViewportSize({ width: 1280, height: 900 });
  await viewer.goto(url);
  await expect(viewer.getByRole("table", { name: "Campaigns" })).toContainText(nameA);
  await expect(viewer.getByRole("button", { name: /Edit bid\/budget/ })).toHaveCount(0);
  for (const action of ["Set bid", "Set budget", "Pause selected", "Resume selected", "End selected"])
    await expect(viewer.getByRole("button", { name: action }), action).toHaveCount(0);
  await expect(viewer.getByRole("checkbox", { name: `Select ${nameA}` })).toHaveCount(0);
  const viewerSpend = viewer
    .getByRole("table", { name: "Campaign performance" })
    .getByRole("columnheader", { name: /^Spend/ });
  await viewerSpend.getByRole("button").click();
  await expect(viewerSpend).toHaveAttribute("aria-sort", "descending");
  await viewerSpend.getByRole("button").click();
  await expect(viewerSpend).toHaveAttribute("aria-sort", "ascending");
  expect(await performanceOrder(viewer, names)).toEqual([nameA, nameB]);
  await expectAccessibleAtWidths(viewer, "campaign list as a viewer");
});
