// Passkeys (docs/decisions/1434) with Chromium's virtual authenticator (CDP
// WebAuthn domain): enrol one on /two-factor, sign out, sign in with the password
// and the passkey, remove it. WebAuthn refuses an IP address as the relying party,
// and the other specs' app runs on 127.0.0.1: this spec starts its own instance of
// the app on the same database with PUBLIC_BASE_URL on http://localhost (a secure
// context), and browses there.
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { productionEnv } from "../test/production-env";
import { createAccount, DASHBOARD_PASSWORD, expectAccessible } from "./dashboard";

test.describe.configure({ timeout: 150_000 });

// beside the runner's own port (E2E_PORT), far enough not to meet another run's
const port = Number(process.env.E2E_PASSKEY_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1000);
const origin = `http://localhost:${port}`;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn("node_modules/.bin/tsx", ["server.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    // as production runs it: an earlier spec in this worker may have set the admin CLI's cheap hashing
    env: productionEnv({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      PUBLIC_BASE_URL: origin,
      DEMO: "0",
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      NEXT_TELEMETRY_DISABLED: "1",
    }),
  });
  const deadline = Date.now() + 100_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/ads/moment-types`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error("the localhost instance did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

/** A page on the localhost instance with a virtual platform authenticator that verifies the user. */
async function pageWithAuthenticator(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return page;
}

test("enrol a passkey, sign out, sign in with the password and the passkey, remove it", async ({ browser }) => {
  const page = await pageWithAuthenticator(browser);
  const email = await createAccount(page, "Passkey Co");

  await page.goto("/two-factor");
  await page.getByLabel("Name of the new passkey").fill("Virtual key");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkeys")).toContainText("Virtual key");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, "two-factor page with a passkey at 1280 px");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, "two-factor page with a passkey at 375 px");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto("/overview");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/signin**");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DASHBOARD_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Use a passkey" })).toBeVisible();
  await expectAccessible(page, "sign-in asking for the second step at 1280 px");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, "sign-in asking for the second step at 375 px");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await page.waitForURL("**/overview");

  await page.goto("/two-factor");
  await page.getByRole("button", { name: "Remove Virtual key" }).click();
  await page.getByLabel("Your password, to remove Virtual key").fill(DASHBOARD_PASSWORD);
  await page.getByRole("button", { name: "Remove the passkey" }).click();
  await expect(page.getByText("No passkey yet.")).toBeVisible();
});
