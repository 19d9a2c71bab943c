// Two-factor sign-in (docs/decisions/1431), with codes computed here as an
// authenticator app computes them (RFC 6238): enrol from /two-factor, sign in with
// a code, use a recovery code once (refused the second time), and an admin who
// requires it for the advertiser sends a member without it to set it up first.
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createAccount, DASHBOARD_PASSWORD, newPage, uniqueEmail } from "./dashboard";
import { linkMailedTo } from "./smtp-server";

test.describe.configure({ timeout: 120_000 });

/** The code an authenticator app shows for `secret`, `aheadSec` seconds from now. */
function code(secret: string, aheadSec = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + aheadSec * 1000,
  });
}

/** Enrols from /two-factor; returns the secret and the recovery codes shown once. */
async function enrol(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code of the authenticator key" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).trim();
  await page.getByLabel("The 6-digit code your app shows").fill(code(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  const recoveryCodes = (await page.getByTestId("recovery-code").allInnerTexts()).map((text) => text.trim());
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

/** Signs in with the password, then the code the form asks for; `expectIn` false expects a refusal. */
async function signInWithCode(page: Page, email: string, otp: string, expectIn = true): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Authentication code").fill(otp);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (expectIn) await page.waitForURL("**/overview");
  else await expect(page.getByText("The password or the code is wrong, or the code was used already.")).toBeVisible();
}

test("enrol TOTP, sign in with a code, use a recovery code once; an admin requires it of a member who has none", async ({
  browser,
}) => {
  const admin = await newPage(browser);
  const email = await createAccount(admin, "Two Factor Co");
  await admin.goto("/two-factor");
  const { secret, recoveryCodes } = await enrol(admin);

  // a new browser: the password alone is not enough; the app's next code is
  const second = await newPage(browser);
  await signInWithCode(second, email, code(secret, 30));

  // a recovery code signs in once, and is refused the second time
  const third = await newPage(browser);
  await signInWithCode(third, email, recoveryCodes[0]!);
  const fourth = await newPage(browser);
  await signInWithCode(fourth, email, recoveryCodes[0]!, false);

  // the admin invites a member, who joins without two-factor sign-in
  const memberEmail = uniqueEmail("member2fa");
  await admin.goto("/members");
  await admin.getByLabel("Email", { exact: true }).fill(memberEmail);
  await admin.getByLabel("Role", { exact: true }).selectOption("editor");
  await admin.getByRole("button", { name: "Invite" }).click();
  await expect(admin.getByTestId(`invitation-${memberEmail}`)).toBeVisible();
  const link = await linkMailedTo(memberEmail, "/invite#");
  const member = await newPage(browser);
  await member.goto(link);
  await member.getByLabel("Your name").fill("Mia Member");
  await member.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await member.getByRole("button", { name: "Create account and join" }).click();
  await member.waitForURL("**/overview");

  // the admin requires it: the member is sent to set it up before anything else
  await admin.goto("/members");
  await admin.getByRole("button", { name: "Require two-factor sign-in" }).click();
  await expect(admin.getByRole("button", { name: "Stop requiring two-factor sign-in" })).toBeVisible();
  await member.goto("/campaigns");
  await member.waitForURL("**/two-factor");
  await expect(member.getByRole("note")).toContainText("Your advertiser requires two-factor sign-in");
  await enrol(member);
  await member.goto("/campaigns");
  await expect(member.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
});
