// Teams (docs/decisions/1009, 1219, 1220, 1426): an admin invites an editor and a
// viewer (each link read from the run's SMTP server), each joins through it; the
// viewer has no way to change a bid (no button, and the operation refused when
// sent anyway: GraphQL FORBIDDEN), the editor changes it; a password reset by
// email; an agency user switching between two advertisers.
import { expect, test, type Page } from "@playwright/test";
import {
  createAccount,
  DASHBOARD_PASSWORD,
  expectAccessible,
  ICON_ORIGIN,
  newPage,
  signIn,
  today,
  uniqueEmail,
} from "./dashboard";
import { linkMailedTo } from "./smtp-server";

test.describe.configure({ timeout: 180_000 });

async function graphql(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const res = await page.request.post("/api/graphql", {
    headers: { "content-type": "application/json" },
    data: { query, variables },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the fields it asked for
  return (await res.json()) as { data?: Record<string, any>; errors?: { extensions?: { code?: string } }[] };
}

async function createCampaign(page: Page, name: string): Promise<string> {
  const body = await graphql(
    page,
    `
      mutation ($input: CreateCampaignInput!) {
        createCampaign(input: $input) {
          campaign {
            id
          }
        }
      }
    `,
    {
      input: {
        name,
        momentTypes: ["CLOSE_GAME"],
        sports: ["NBA"],
        bidCpmUsd: "2.50",
        dailyBudgetUsd: "50",
        totalBudgetUsd: "500",
        startDate: today(),
        creative: {
          headline: "Close game!",
          body: "Live odds inside",
          iconUrl: `${ICON_ORIGIN}/icon.png`,
          actionUrl: "https://example.com",
        },
      },
    },
  );
  expect(body.errors).toBeUndefined();
  return body.data!.createCampaign.campaign.id as string;
}

/**
 * No serious or critical axe violation, and no sideways scroll, at a desktop's 1280 px and a
 * phone's 375 px (then back to 1280).
 */
async function expectAccessibleAtBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${what} at ${width} px`);
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `${what} at ${width} px: wider than the window`).toBeLessThanOrEqual(client);
  }
}

/** The admin invites `email` with `role` on /members; returns the link emailed to it. */
async function invite(page: Page, email: string, role: "Editor" | "Viewer"): Promise<string> {
  await page.goto("/members");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption(role.toLowerCase());
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("status")).toContainText(`Invitation emailed to ${email}`);
  await expect(page.getByTestId(`invitation-${email}`)).toBeVisible();
  const link = await linkMailedTo(email, "/invite#");
  // the link shown once to the admin is the one emailed
  await expect(page.getByTestId("invitation-url")).toHaveText(link);
  return link;
}

/** A new person opens an invitation's link and creates their account through it. */
async function joinThrough(page: Page, link: string, name: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Join");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await page.waitForURL("**/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

test("an admin invites an editor and a viewer by email; the viewer cannot change a bid, the editor can", async ({
  browser,
}) => {
  const admin = await newPage(browser);
  await createAccount(admin, "Teams Co");
  const campaignId = await createCampaign(admin, "Team campaign");
  await admin.goto("/members");
  await expect(admin.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expectAccessibleAtBothWidths(admin, "members");

  const editorEmail = uniqueEmail("editor");
  const viewerEmail = uniqueEmail("viewer");
  const editorLink = await invite(admin, editorEmail, "Editor");
  const viewerLink = await invite(admin, viewerEmail, "Viewer");

  const viewer = await newPage(browser);
  await viewer.goto(viewerLink);
  await expectAccessibleAtBothWidths(viewer, "invitation");
  await joinThrough(viewer, viewerLink, "Vera Viewer");
  // a used link says so
  await viewer.goto(viewerLink);
  await expect(viewer.getByTestId("invitation-status")).toContainText("was used already");
  await viewer.goto("/campaigns");
  await expect(viewer.getByRole("link", { name: "Team campaign" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "New campaign" })).toHaveCount(0);
  // nor the list's bulk actions and their checkboxes, which would only fail per row (issue 42)
  for (const verb of ["Pause", "Resume", "End"])
    await expect(viewer.getByRole("button", { name: `${verb} selected` })).toHaveCount(0);
  await expect(viewer.getByRole("checkbox", { name: "Select Team campaign" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(viewer, "campaign list as a viewer");
  // the admin, on the same list, has them
  await admin.goto("/campaigns");
  await expect(admin.getByRole("checkbox", { name: "Select Team campaign" })).toBeVisible();
  await viewer.goto(`/campaigns/${campaignId}`);
  await expect(viewer.getByRole("heading", { level: 1, name: "Team campaign" })).toBeVisible();
  await expect(viewer.getByTestId("read-only-note")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Edit settings" })).toHaveCount(0);
  // no campaign or variant action, no copy, no new variant (issue 42)
  await expect(viewer.getByRole("button", { name: /^(Pause|Resume|End|Cancel)/ })).toHaveCount(0);
  await expect(viewer.getByRole("link", { name: "Duplicate" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Add a variant" })).toHaveCount(0);
  await expectAccessibleAtBothWidths(viewer, "campaign detail as a viewer");
  // nor campaign creation on the overview
  await viewer.goto("/overview");
  await expect(viewer.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: /^(New campaign|Create a campaign)$/ })).toHaveCount(0);
  // admin pages are not offered, and say why when opened
  await expect(
    viewer.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API keys" }),
  ).toHaveCount(0);
  await viewer.goto("/api-keys");
  await expect(viewer.getByText("Only an admin can see the API keys")).toBeVisible();
  // sent anyway, the change is refused
  const refused = await graphql(
    viewer,
    `
      mutation ($input: UpdateCampaignInput!) {
        updateCampaign(input: $input) {
          campaign {
            bidCpmUsd
          }
          userErrors {
            message
          }
        }
      }
    `,
    { input: { id: campaignId, bidCpmUsd: "3.00" } },
  );
  expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

  const editor = await newPage(browser);
  await joinThrough(editor, editorLink, "Eddie Editor");
  await editor.goto(`/campaigns/${campaignId}`);
  await editor.getByRole("button", { name: "Edit settings" }).click();
  await editor.getByLabel("Bid (CPM, USD)").fill("3.10");
  await editor.getByRole("button", { name: "Save changes" }).click();
  // a higher bid can raise spend: saved once confirmed
  await editor
    .getByRole("dialog", { name: "This change can raise spend" })
    .getByRole("button", { name: "Confirm and save" })
    .click();
  await expect(editor.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await viewer.goto(`/campaigns/${campaignId}`);
  await expect(viewer.getByText("$3.10").first()).toBeVisible();

  // both are members now, with their roles
  await admin.goto("/members");
  await expect(admin.getByTestId(`member-${editorEmail}`)).toContainText("Eddie Editor");
  await expect(admin.getByTestId(`member-${viewerEmail}`)).toContainText("Vera Viewer");
  await expect(admin.getByTestId("invitation-table")).toHaveCount(0);

  // a role changes only once confirmed (issue 42): kept, the select shows the role it had
  const roleSelect = admin.getByTestId(`member-${editorEmail}`).getByRole("combobox");
  await roleSelect.selectOption("viewer");
  const confirm = admin.getByRole("dialog", { name: "Make Eddie Editor a viewer?" });
  await expect(confirm).toContainText("narrowed to what the new role may do");
  await confirm.getByRole("button", { name: "Keep editor" }).click();
  await expect(roleSelect).toHaveValue("editor");
  await roleSelect.selectOption("viewer");
  await confirm.getByRole("button", { name: "Change role" }).click();
  await expect(confirm).toBeHidden();
  await admin.reload();
  await expect(admin.getByTestId(`member-${editorEmail}`).getByRole("combobox")).toHaveValue("viewer");
});

test("a forgotten password is reset through the emailed link, once", async ({ browser }) => {
  const page = await newPage(browser);
  const email = await createAccount(page, "Reset Co");
  const other = await newPage(browser);
  await other.goto("/signin");
  await other.getByRole("link", { name: "Forgot password?" }).click();
  await expect(other.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await expectAccessibleAtBothWidths(other, "forgot password");
  await other.getByLabel("Email").fill(email);
  await other.getByRole("button", { name: "Send the link" }).click();
  await expect(other.getByRole("status")).toContainText(`If ${email} has an account`);
  const link = await linkMailedTo(email, "/reset-password#");
  // the token is in the fragment, which no request carries; a link of the earlier form (in the path) moves there
  const token = new URL(link).hash.slice(1);
  await other.goto(`/reset-password/${token}`);
  await expect(other).toHaveURL(`${new URL(link).origin}/reset-password#${token}`);
  await expect(other.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await other.goto(link);
  await expect(other.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expectAccessibleAtBothWidths(other, "reset password");
  await other.getByRole("textbox", { name: "New password" }).fill("a brand new passphrase 42");
  await other.getByRole("button", { name: "Set the new password" }).click();
  await expect(other.getByRole("status")).toContainText("Password changed");
  // the session of the old password ended
  await page.goto("/overview");
  await page.waitForURL("**/signin**");
  await signIn(other, email, "a brand new passphrase 42");
  await other.goto(link);
  await expect(other.getByTestId("reset-status")).toContainText("used already");
});

test("an agency user belongs to two advertisers and switches between them in the header", async ({ browser }) => {
  const agency = await newPage(browser);
  const agencyEmail = await createAccount(agency, "Agency Home");
  const client = await newPage(browser);
  await createAccount(client, "Client Brand");
  const link = await invite(client, agencyEmail, "Editor");

  // an existing account signs in through the link: it joins, and the session acts for the new advertiser
  await agency.goto(link);
  await expect(agency.getByText("You have an account: sign in to accept.")).toBeVisible();
  await expectAccessibleAtBothWidths(agency, "invitation of an existing account");
  await agency.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await agency.getByRole("button", { name: "Sign in and join" }).click();
  await agency.waitForURL("**/overview");
  const switcher = agency.getByTestId("advertiser-switcher");
  await expect(switcher.locator("option:checked")).toHaveText("Client Brand (Editor)");
  await expectAccessibleAtBothWidths(agency, "overview with the switcher");
  // an editor of Client Brand: no members page
  await expect(
    agency.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Members" }),
  ).toHaveCount(0);

  await switcher.selectOption({ label: "Agency Home (Admin)" });
  await agency.waitForLoadState("load");
  await expect(agency.getByTestId("advertiser-switcher").locator("option:checked")).toHaveText("Agency Home (Admin)");
  await expect(
    agency.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Members" }),
  ).toBeVisible();
  const viewer = await graphql(agency, "{ viewer { advertiser { name } role } }");
  expect(viewer.data?.viewer).toEqual({ advertiser: { name: "Agency Home" }, role: "ADMIN" });

  // removed from Client Brand, the agency user's sessions for it end; Agency Home stays theirs
  await agency.getByTestId("advertiser-switcher").selectOption({ label: "Client Brand (Editor)" });
  await expect(agency.getByTestId("advertiser-switcher").locator("option:checked")).toHaveText("Client Brand (Editor)");
  await client.goto("/members");
  await client
    .getByRole("button", { name: /^Remove / })
    .last()
    .click();
  await client.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(client.getByTestId(`member-${agencyEmail}`)).toHaveCount(0);
  const gone = await graphql(agency, "{ viewer { advertiser { name } } }");
  expect(gone.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  await signIn(agency, agencyEmail);
  await expect(agency.getByTestId("advertiser-name")).toHaveText("Agency Home");
});

test("the time zone chosen in Settings writes the dashboard's times; budgets stay UTC days", async ({ browser }) => {
  const page = await newPage(browser);
  await createAccount(page, "Zone Co");
  const campaignId = await createCampaign(page, "Zoned campaign");
  await page.goto("/settings");
  await expectAccessibleAtBothWidths(page, "settings");
  await page.getByLabel("Name", { exact: true }).fill("Zoë Zone");
  await page.getByLabel("Time zone", { exact: true }).selectOption("Asia/Kolkata");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.goto(`/campaigns/${campaignId}`);
  const created = page.locator("dl time").first();
  const iso = await created.getAttribute("datetime");
  const inKolkata = new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Kolkata",
  }).format(new Date(iso!));
  await expect(created).toHaveText(inKolkata);
  await expect(page.getByText("Flight (UTC)")).toBeVisible();
});
