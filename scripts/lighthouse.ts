// npm run lighthouse: Lighthouse (performance and accessibility) on the dashboard's
// overview, campaigns and reports pages, signed in as the demo user while the
// demo traffic runs. Builds nothing: run `npm run build` first. Chrome is
// Debian's Chromium (CHROMIUM_PATH to change it), headless. Target: 90 or more
// for each score (docs/benchmarks.md keeps the latest run).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { signInCookie, startBuiltApp } from "./lib/built-app";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3223);
const PAGES = ["/overview", "/campaigns", "/reports"];
const TARGET = 90;

async function main() {
  const app = await startBuiltApp(PORT);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const rows: { page: string; performance: number; accessibility: number }[] = [];
  try {
    const cookie = await signInCookie(app.baseUrl, app.email, app.password);
    // let the simulated games produce some delivery first
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    for (const path of PAGES) {
      const probe = await fetch(`${app.baseUrl}${path}`, { headers: { cookie }, redirect: "manual" });
      if (probe.status === 404) {
        console.log(`${path}: 404, skipped (not built on this branch yet)`);
        continue;
      }
      const result = await lighthouse(`${app.baseUrl}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        extraHeaders: { cookie },
        formFactor: "desktop",
        screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
        throttlingMethod: "simulate",
      });
      if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
      const { categories, finalDisplayedUrl } = result.lhr;
      if (!finalDisplayedUrl.endsWith(path)) throw new Error(`${path} ended at ${finalDisplayedUrl} (not signed in?)`);
      rows.push({
        page: path,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      });
    }
  } finally {
    chrome.kill();
    await app.stop();
  }
  console.log("\n| page | performance | accessibility |\n|---|---|---|");
  for (const row of rows) console.log(`| ${row.page} | ${row.performance} | ${row.accessibility} |`);
  const below = rows.filter((row) => row.performance < TARGET || row.accessibility < TARGET);
  if (below.length) {
    console.log(`\nbelow ${TARGET}: ${below.map((row) => row.page).join(", ")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
