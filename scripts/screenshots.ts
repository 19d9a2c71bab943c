// npm run screenshots: the dashboard's pages at desktop (1280 px) and phone
// (375 px) widths into docs/screenshots/, signed in as the demo user while the
// demo traffic runs. Builds nothing: run `npm run build` first. Debian's
// Chromium through Playwright.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { signInCookie, startBuiltApp } from "./lib/built-app";

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3223);
const OUT = join(process.cwd(), "docs", "screenshots");
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };

type Shot = {
  name: string;
  path: (page: Page) => Promise<string | null>;
  /** what to do on the page before the shot (open a dialog); such a shot is of the window, not the whole page */
  then?: (page: Page) => Promise<void>;
};

const SHOTS: Shot[] = [
  { name: "overview", path: async () => "/overview" },
  { name: "campaign-create", path: async () => "/campaigns/new" },
  { name: "campaign-detail", path: topSpender },
  {
    // the campaign that spent most, so the charts have delivery to show (the newest may have none yet)
    name: "report",
    path: async (page) => {
      const href = await topSpender(page);
      return href && `/reports?campaign=${encodeURIComponent(href.split("/").pop()!)}`;
    },
  },
  { name: "webhooks", path: async () => "/webhooks" },
  { name: "campaigns", path: async () => "/campaigns?sort=spend_to_date&dir=desc" },
  { name: "report-all-campaigns", path: async () => "/reports?campaign=all&compare=previous" },
  {
    // the list's inline bid/budget dialog over the campaign that spent most (docs/decisions/1243)
    name: "campaign-inline-edit",
    path: async () => "/campaigns?sort=spend_to_date&dir=desc",
    then: async (page) => {
      await page
        .getByRole("button", { name: /^Edit bid\/budget/ })
        .first()
        .click();
      await page.getByRole("dialog", { name: /^Bid and budget of/ }).waitFor();
    },
  },
];

/** The page of the campaign with the most spend so far (the campaigns list sorted by spend). */
async function topSpender(page: Page): Promise<string | null> {
  await page.goto("/campaigns?sort=spend_to_date&dir=desc");
  return page.locator("tbody a[href^='/campaigns/']").first().getAttribute("href");
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const app = await startBuiltApp(PORT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const [name, value] = (await signInCookie(app.baseUrl, app.email, app.password)).split(/=(.*)/s);
    // let the simulated games produce some delivery first
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    for (const [label, viewport] of Object.entries(WIDTHS)) {
      const context = await browser.newContext({ viewport, baseURL: app.baseUrl, deviceScaleFactor: 1 });
      await context.addCookies([{ name: name!, value: value!, url: app.baseUrl }]);
      const page = await context.newPage();
      for (const shot of SHOTS) {
        const path = await shot.path(page);
        if (!path) {
          console.log(`${shot.name}: nothing to show, skipped`);
          continue;
        }
        const response = await page.goto(path);
        if (!response?.ok()) throw new Error(`${shot.name} (${path}) answered ${response?.status()}`);
        // the overview polls, so the network is never idle: wait for the heading and the fonts
        await page.locator("main h1").first().waitFor();
        await page.evaluate(() => document.fonts.ready);
        if (shot.name === "campaign-create") await fillCreateForm(page);
        const file = join(OUT, `${shot.name}-${label}.png`);
        // from the top, focus nowhere: a full-page shot of a scrolled page repeats sticky parts
        await page.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur();
          window.scrollTo(0, 0);
        });
        await shot.then?.(page);
        await page.waitForTimeout(500);
        await page.screenshot({ path: file, fullPage: !shot.then });
        console.log(`wrote ${file}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

/** A filled-in form shows the floors, the p50 beside the bid and the preview. */
async function fillCreateForm(page: Page) {
  await page.getByLabel("Name").fill("NBA close games — Q4 push");
  await page.getByRole("checkbox", { name: /Close Game/ }).check();
  await page.getByRole("checkbox", { name: /Overtime/ }).check();
  await page.getByRole("checkbox", { name: "NBA" }).check();
  await page.getByLabel("Bid (CPM, USD)").fill("2.50");
  await page.getByLabel("Headline").fill("Overtime! Your parlay is one leg away");
  await page.getByLabel("Message").fill("Cash out now or ride it: live odds inside.");
  await page.getByLabel("Button text (optional)").fill("Open bet");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
