// Dashboard helpers for the e2e specs: accounts through the real sign-up and
// sign-in pages, and the axe check every dashboard page must pass (no serious
// or critical WCAG 2.x A/AA violation).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Browser, type Page } from "@playwright/test";
import { adminWithStdin } from "./helpers";
import { linkMailedTo } from "./smtp-server";

export const DASHBOARD_PASSWORD = "dashboard-password-123";

export function uniqueEmail(prefix = "dash"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** A fresh browser context (its own cookies) and page. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/**
 * A new advertiser and its user made by the operator CLI (`create-advertiser --password-stdin`),
 * then signed in through /signin; waits for the overview and returns the email. The specs make
 * their accounts this way: sign-up attempts are limited per address (20 an hour, decision 1415)
 * and every browser here comes from 127.0.0.1, so only the specs about the sign-up page use it.
 */
export async function createAccount(page: Page, name: string, email = uniqueEmail()): Promise<string> {
  await adminWithStdin(
    `${DASHBOARD_PASSWORD}\n`,
    "create-advertiser",
    "--name",
    name,
    "--email",
    email,
    "--password-stdin",
  );
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return email;
}

/** Signs up through /signup and waits for the overview; returns the email (specs about the sign-up page only). */
export async function signUp(page: Page, name: string, email = uniqueEmail()): Promise<string> {
  await page.goto("/signup");
  await page.getByLabel("Advertiser name").fill(name);
  await page.getByLabel("Your name").fill(`${name} Admin`);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return email;
}

/** Signs in through /signin; `expectOverview` false leaves the page on the form (a refused sign-in). */
export async function signIn(page: Page, email: string, password = DASHBOARD_PASSWORD, expectOverview = true) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (expectOverview) await page.waitForURL("**/overview");
}

/** No serious or critical accessibility violation (WCAG 2.0/2.1/2.2 A and AA rules) on the page as it is. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Next streams a page's metadata: wait for its <title> before axe reads the document (on a loaded
  // machine the stream took longer than the default 5 s once)
  await expect(page, `${what}: a document title`).toHaveTitle(/\S/, { timeout: 15_000 });
  // from the top of the page: a reload keeps the scroll position, and a control left partly under
  // the sticky header reads as a target-size violation (its visible part under 24 px), so what axe
  // found depended on where an earlier step had scrolled and when the browser restored it
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((node) => node.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `${what}: accessibility violations`).toEqual([]);
}

/** The e2e icon server (the creatives' icon URLs). */
export const ICON_ORIGIN = `http://127.0.0.1:${process.env.E2E_ICON_PORT}`;
/** Today's UTC date, a campaign's earliest start. */
export const today = () => new Date().toISOString().slice(0, 10);
/** A suffix that keeps names apart between specs and runs. */
export const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Ends the signed-in advertiser's campaign `restId` (a test's campaign left bidding, before a retry). */
export async function endCampaignByRestId(page: Page, restId: string): Promise<void> {
  const { campaigns } = await graphqlAsUser(page, "{ campaigns(first: 100) { nodes { id restId } } }");
  const id = campaigns.nodes.find((node: { restId: string }) => node.restId === restId).id;
  const data = await graphqlAsUser(
    page,
    "mutation($input: EndCampaignInput!) { endCampaign(input: $input) { campaign { status } userErrors { message } } }",
    { input: { id } },
  );
  expect(data.endCampaign.campaign.status).toBe("ENDED");
}

/** A GraphQL operation with the page's session cookie, as the dashboard's client components send it. */
export async function graphqlAsUser(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const res = await page.request.post("/api/graphql", {
    headers: { "content-type": "application/json" },
    data: { query, variables },
  });
  // the answer's text in the message: a refused operation says why
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

/**
 * A campaign made through GraphQL with the page's session, as the dashboard's forms make it: one
 * NBA close-game campaign bidding 1 USD with 20 USD budgets from today, unless `input` says otherwise.
 */
export async function createCampaignAs(
  page: Page,
  input: { name: string } & Record<string, unknown>,
): Promise<{ id: string; restId: string }> {
  const data = await graphqlAsUser(
    page,
    `mutation($input: CreateCampaignInput!) {
      createCampaign(input: $input) { campaign { id restId } userErrors { field message } }
    }`,
    {
      input: {
        momentTypes: ["CLOSE_GAME"],
        sports: ["NBA"],
        bidCpmUsd: "1.00",
        dailyBudgetUsd: "20",
        totalBudgetUsd: "20",
        startDate: today(),
        creative: {
          headline: "Tied game",
          body: "Live odds inside",
          iconUrl: `${ICON_ORIGIN}/icon.png`,
          actionUrl: "https://example.com",
        },
        ...input,
      },
    },
  );
  expect(data.createCampaign.userErrors).toEqual([]);
  return data.createCampaign.campaign as { id: string; restId: string };
}

/**
 * axe clean with no moderate violation either (issue 42), and no sideways scroll of the page (a
 * wide table scrolls inside its region), at each width; the viewport is left at 1280 px.
 */
export async function expectAccessibleAtWidths(page: Page, what: string, widths = [1280, 375]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // the pointer off the page's content: a chart's tooltip under where the last click was (at another
    // width) reaches past a phone's window
    await page.mouse.move(0, 0);
    await expectAccessible(page, `${what} at ${width} px`);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const moderate = results.violations
      .filter((violation) => violation.impact === "moderate")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    expect(moderate, `${what} at ${width} px: moderate violations`).toEqual([]);
    const { scroll, client, widest } = await page.evaluate(() => {
      const clientWidth = document.documentElement.clientWidth;
      // the outermost elements reaching past the window, to name in the failure
      const past = [...document.querySelectorAll("body *")].filter(
        (element) => element.getBoundingClientRect().right > clientWidth + 1,
      );
      const outermost = past.filter((element) => !past.includes(element.parentElement!));
      return {
        scroll: document.documentElement.scrollWidth,
        client: clientWidth,
        widest: outermost.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
      };
    });
    expect(scroll, `${what} at ${width} px: wider than the window (${widest.join("; ")})`).toBeLessThanOrEqual(client);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A viewer of the signed-in admin's advertiser: invited through GraphQL, joined through the
 * invitation's page in a browser context of its own; answers the viewer's page, on the overview.
 */
export async function joinAsViewer(browser: Browser, adminPage: Page, name = "Vic Viewer"): Promise<Page> {
  const email = uniqueEmail("viewer");
  const invited = await graphqlAsUser(
    adminPage,
    `mutation($input: InviteMemberInput!) { inviteMember(input: $input) { url userErrors { message } } }`,
    { input: { email, role: "VIEWER" } },
  );
  expect(invited.inviteMember.userErrors).toEqual([]);
  const viewer = await newPage(browser);
  // the link is answered only when it was not emailed; the run's SMTP server has it otherwise
  await viewer.goto((invited.inviteMember.url as string | null) ?? (await linkMailedTo(email, "/invite#")));
  await viewer.getByLabel("Your name").fill(name);
  await viewer.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await viewer.getByRole("button", { name: "Create account and join" }).click();
  await viewer.waitForURL("**/overview");
  return viewer;
}
