// An endpoint's events are edited on its page (issue 42, docs/decisions/1242): the Events form ticks
// the kinds it receives, in words with their identifiers; saving says so and the endpoint's list
// follows; an empty choice is refused next to the field; at 1280 and 375 px with axe clean (no
// moderate violation either) and no sideways scroll. A viewer of the same advertiser sees the
// endpoint's events and no form.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  joinAsViewer,
  createAccount,
  expectAccessible,
  graphqlAsUser,
  ICON_ORIGIN,
  newPage,
  unique,
} from "./dashboard";

test.describe.configure({ timeout: 180_000 });

/** Axe clean (serious, critical and moderate) and no sideways scroll, at 1280 and 375 px; back at 1280 after. */
async function expectBothWidths(page: Page, what: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${what} at ${width} px`);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const moderate = results.violations
      .filter((violation) => violation.impact === "moderate")
      .map((violation) => violation.id);
    expect(moderate, `${what} at ${width} px: moderate violations`).toEqual([]);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `${what} at ${width} px: wider than the window`).toBeLessThanOrEqual(client);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const checkbox = (page: Page, label: string, name: string) =>
  page.getByRole("group", { name: "Events it receives" }).getByRole("checkbox", { name: `${label} ${name}` });

test("an endpoint's events are changed with the Events form; a viewer sees no form", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Events Edit Co");
  const registered = await graphqlAsUser(
    page,
    `mutation($input: RegisterWebhookEndpointInput!) {
      registerWebhookEndpoint(input: $input) { webhookEndpoint { id } userErrors { message } }
    }`,
    { input: { url: `${ICON_ORIGIN}/hook/${unique()}`, events: ["CONVERSION_RECORDED"] } },
  );
  expect(registered.registerWebhookEndpoint.userErrors).toEqual([]);
  const path = `/webhooks/${registered.registerWebhookEndpoint.webhookEndpoint.id as string}`;

  await page.goto(path);
  const events = page.getByTestId("endpoint-events");
  await expect(events).toHaveText("A conversion was recorded conversion.recorded");
  const conversion = checkbox(page, "A conversion was recorded", "conversion.recorded");
  await expect(conversion).toBeChecked();
  await expect(checkbox(page, "A campaign ended", "campaign.ended")).not.toBeChecked();
  await expectBothWidths(page, "the endpoint's page with its Events form");

  // two kinds for one: the page's list follows, in words
  await checkbox(page, "A campaign ended", "campaign.ended").check();
  await checkbox(page, "An ad was clicked", "click.recorded").check();
  await conversion.uncheck();
  await page.getByRole("button", { name: "Save events" }).click();
  const outcome = page.getByTestId("webhook-events-outcome");
  await expect(outcome).toHaveText("Events saved: this endpoint now receives 2 kinds.");
  await expect(events).toHaveText(["An ad was clicked click.recorded", "A campaign ended campaign.ended"].join(""));
  // the test event offers the new kinds
  await expect(page.getByLabel("Test event").locator("option")).toHaveText([
    "An ad was clicked (click.recorded)",
    "A campaign ended (campaign.ended)",
  ]);
  await expectBothWidths(page, "the endpoint's page after saving its events");
  // kept: a reload shows them ticked
  await page.reload();
  await expect(checkbox(page, "An ad was clicked", "click.recorded")).toBeChecked();
  await expect(checkbox(page, "A conversion was recorded", "conversion.recorded")).not.toBeChecked();

  // none ticked: refused beside the field, nothing changed
  await checkbox(page, "An ad was clicked", "click.recorded").uncheck();
  await checkbox(page, "A campaign ended", "campaign.ended").uncheck();
  await page.getByRole("button", { name: "Save events" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Select at least one event");
  await expect(page.getByRole("group", { name: "Events it receives" })).toContainText("Select at least one event");
  await expectBothWidths(page, "the Events form refusing an empty choice");
  await page.reload();
  await expect(events).toHaveText(["An ad was clicked click.recorded", "A campaign ended campaign.ended"].join(""));

  // the history says it in words
  await page.goto("/history");
  await expect(page.getByText("Changed a webhook endpoint's events").first()).toBeVisible();

  // a viewer: the endpoint's events, no form
  const viewer = await joinAsViewer(browser, page, "Vera Viewer");
  await viewer.goto(path);
  await expect(viewer.getByTestId("endpoint-events")).toHaveText(
    ["An ad was clicked click.recorded", "A campaign ended campaign.ended"].join(""),
  );
  await expect(viewer.getByRole("button", { name: "Save events" })).toHaveCount(0);
  await expect(viewer.getByRole("group", { name: "Events it receives" })).toHaveCount(0);
  await expect(viewer.getByRole("checkbox")).toHaveCount(0);
  await expectBothWidths(viewer, "the endpoint's page as a viewer");
  await viewer.context().close();
  await page.context().close();
});
