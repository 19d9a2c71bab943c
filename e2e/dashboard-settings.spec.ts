// The account settings in a real browser against the built app (docs/decisions/1423):
// a password change keeps the changing browser signed in and signs out every other
// session, a cookie saved from another browser context included; "sign out
// everywhere" ends every session, this browser's too, while signing out of one
// browser ends that browser's only. The account is made with the
// operator CLI (the password piped on standard input), so the run's sign-up budget
// is left to the specs that test sign-up.
import { expect, test, type Browser, type BrowserContext, type Cookie } from "@playwright/test";
import { expectAccessible, signIn, uniqueEmail } from "./dashboard";
import { adminWithStdin, blockOutsideRequests } from "./helpers";

const PASSWORD = "settings page pass phrase";
const NEW_PASSWORD = "a brand new pass phrase 42";

test.describe.configure({ timeout: 120_000 });

async function newAccount(): Promise<string> {
  const email = uniqueEmail("settings");
  await adminWithStdin(
    `${PASSWORD}\n`,
    "create-advertiser",
    "--name",
    "Settings Co",
    "--email",
    email,
    "--password-stdin",
  );
  return email;
}

/** A browser context signed in as `email`, on the overview. */
async function signedIn(browser: Browser, email: string, password = PASSWORD): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return context;
}

/** A fresh context holding nothing but `cookies` (copied from another browser). */
async function withCookies(browser: Browser, cookies: Cookie[]): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies(cookies);
  return context;
}

/** Whether the context's session still opens the dashboard (else the layout sends it to /signin). */
async function stillSignedIn(context: BrowserContext): Promise<boolean> {
  const page = await context.newPage();
  await page.goto("/overview");
  const signedIn = !page.url().endsWith("/signin");
  await page.close();
  return signedIn;
}

test("change the password: this browser stays signed in, another browser's saved cookie is signed out", async ({
  browser,
  baseURL,
}) => {
  const email = await newAccount();
  const other = await signedIn(browser, email);
  const saved = await other.cookies();
  const mine = await signedIn(browser, email);
  const copyOfMine = await withCookies(browser, await mine.cookies());

  const page = await mine.newPage();
  const outside = await blockOutsideRequests(page, baseURL!);
  await page.goto("/overview");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }).click();
  await page.waitForURL("**/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByText(`signed in as ${email}`)).toBeVisible();
  await expectAccessible(page, "settings");

  const form = page.getByRole("form", { name: "Change your password" });
  // a wrong current password: an error on its field, nothing changed
  await form.getByLabel("Current password").fill("not my password at all");
  await form.getByLabel("New password").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#current-password-error")).toHaveText("Is not your current password");
  // a weak new password: zxcvbn's advice on the new password's field
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill("password1234");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#new-password-error")).toContainText("commonly used password");
  await expect(form.getByLabel("New password")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "settings, field errors");

  await form.getByLabel("New password").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password changed." })).toBeVisible();

  // this browser: a new session cookie, still signed in after a full load
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  expect(await stillSignedIn(mine)).toBe(true);
  // the other browser, its saved cookie in a new context, and a copy of this browser's old cookie: signed out
  expect(await stillSignedIn(other)).toBe(false);
  expect(await stillSignedIn(await withCookies(browser, saved))).toBe(false);
  expect(await stillSignedIn(copyOfMine)).toBe(false);
  const session = await (await withCookies(browser, saved)).request.get("/api/auth/session");
  expect(await session.json()).toEqual({});

  // the old password no longer signs in; the new one does
  const retry = await browser.newContext();
  const retryPage = await retry.newPage();
  await signIn(retryPage, email, PASSWORD, false);
  await expect(retryPage.getByRole("alert").filter({ hasText: "The email or the password is wrong." })).toBeVisible();
  await signIn(retryPage, email, NEW_PASSWORD);
  expect(outside).toEqual([]);
});

test("sign out everywhere: every session ends, this browser's and a saved copy included", async ({ browser }) => {
  const email = await newAccount();
  const other = await signedIn(browser, email);
  const mine = await signedIn(browser, email);
  const saved = await mine.cookies();

  // signing out of one browser (the header's button, next-auth's signout) ends that browser's session only
  const third = await signedIn(browser, email);
  const thirdPage = await third.newPage();
  await thirdPage.goto("/overview");
  await thirdPage.getByRole("button", { name: "Sign out" }).click();
  await thirdPage.waitForURL("**/signin");
  expect(await stillSignedIn(third)).toBe(false);
  expect(await stillSignedIn(mine)).toBe(true);
  expect(await stillSignedIn(other)).toBe(true);

  const page = await mine.newPage();
  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "settings, sign out everywhere dialog");
  // "Stay signed in" changes nothing
  await dialog.getByRole("button", { name: "Stay signed in" }).click();
  expect(await stillSignedIn(other)).toBe(true);

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL("**/signin");
  expect(await stillSignedIn(mine)).toBe(false);
  expect(await stillSignedIn(other)).toBe(false);
  expect(await stillSignedIn(await withCookies(browser, saved))).toBe(false);

  // the password still works: a new sign-in is a new session
  const again = await signedIn(browser, email);
  expect(await stillSignedIn(again)).toBe(true);
});
