// The Billing page in the built app (docs/advertisers.md, "Billing"): an invoiced advertiser with
// a credit limit and a closed month of recorded impressions sees the credit used against the
// limit and its invoice; the PDF and the CSV download from the page (the PDF read back with
// pdf.js: its number, its line and its total); the billing profile is saved; axe finds no serious
// or critical violation at 1280 and 375 px, and the page fits a phone.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createAccount, createCampaignAs, expectAccessible, graphqlAsUser } from "./dashboard";
import { admin, blockOutsideRequests } from "./helpers";
import { pdfText } from "../test/pdf-text";

test("billing: the credit used against the limit, an invoice downloaded as PDF and CSV, the billing profile saved", async ({
  page,
  baseURL,
}) => {
  const outside = await blockOutsideRequests(page, baseURL!);
  await createAccount(page, "Billing Page Co");
  const viewer = await graphqlAsUser(page, "{ viewer { advertiser { restId } } }");
  const advertiserId = viewer.viewer.advertiser.restId as string;
  await admin("set-billing", "--advertiser", advertiserId, "--mode", "invoiced", "--credit-limit", "500");
  const campaign = await createCampaignAs(page, { name: "Billed playoffs" });

  // a closed month of recorded impressions (written as delivery writes them), then its invoice
  const { seedDelivery } = await import("../test/factories/delivery");
  const { db } = await import("../lib/db/client");
  const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.restId }, include: { creatives: true } });
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 2, 10));
  await seedDelivery(row, [
    { servedAtMs: month.getTime(), costMicros: 1_250_000n, clickedAtMs: month.getTime() + 60_000 },
    { servedAtMs: month.getTime() + 3_600_000, costMicros: 750_000n },
  ]);
  const monthText = month.toISOString().slice(0, 7);
  const issued = (await admin("issue-invoices", "--month", monthText)) as unknown as {
    issued: { number: string; advertiser_id: string }[];
  };
  const number = issued.issued.find((document) => document.advertiser_id === advertiserId)!.number;

  await page.getByRole("link", { name: "Billing" }).click();
  await page.waitForURL("**/billing");
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await expect(page.getByTestId("billing-credit-limit")).toHaveText("$500.00");
  await expect(page.getByTestId("billing-unpaid")).toHaveText("$2.00");
  await expect(page.getByTestId("billing-credit-used")).toHaveText("$2.00");
  const invoiceRow = page.getByTestId(`invoice-${number}`);
  await expect(invoiceRow).toContainText(monthText);
  await expect(invoiceRow).toContainText("Issued");
  await expectAccessible(page, "Billing");

  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    invoiceRow.getByRole("button", { name: `PDF of ${number}` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = readFileSync((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfText(bytes);
  for (const expected of [`Invoice ${number}`, "Billed playoffs", "$2.00", "Billing Page Co"])
    expect(text).toContain(expected);

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    invoiceRow.getByRole("button", { name: `CSV of ${number}` }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`${number}.csv`);
  const lines = readFileSync((await csv.path())!, "utf8").split("\r\n");
  expect(lines[0]).toBe("number,kind,month,campaign_id,description,impressions,clicks,amount_usd,average_cpm_usd");
  expect(lines[1]).toBe(`${number},invoice,${monthText},${campaign.restId},Billed playoffs,2,1,2,1000`);

  // the profile the next invoices print
  await page.getByLabel("Legal name").fill("Billing Page Company LLC");
  await page.getByLabel("Billing address").fill("1 Main Street\nNewark, NJ 07102");
  await page.getByLabel("Tax ID").fill("US-99-1234567");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Saved: the next invoices print it.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Legal name")).toHaveValue("Billing Page Company LLC");

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, "Billing at 375 px");
  expect(outside).toEqual([]);
});
