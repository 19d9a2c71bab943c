// npm run lighthouse: Lighthouse (performance and accessibility) on the dashboard's
// overview, campaigns and reports pages, signed in as the demo user while the
// demo traffic runs. Builds nothing: run `npm run build` first. Chrome is
// Debian's Chromium (CHROMIUM_PATH to change it), headless. Target: 90 or more
// for each score (docs/benchmarks.md keeps the latest run).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { signInCookie, startBuiltApp } from "./lib/built-app";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3223);
const PAGES = ["/overview", "/campaigns", "/reports"];
const TARGET = 90;
/** Runs per page; the median score is reported (one run on a shared machine is noisy). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

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
      // every page is built: anything but 200 (a 404, a redirect to /signin) is a failure, not a score
      const probe = await fetch(`${app.baseUrl}${path}`, { headers: { cookie }, redirect: "manual" });
      if (probe.status !== 200) throw new Error(`${path} answered ${probe.status}`);
      const performance: number[] = [];
      const accessibility: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Lighthouse's desktop preset (its dense 4G network and desktop screen, simulated throttling)
        const result = await lighthouse(
          `${app.baseUrl}${path}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            extraHeaders: { cookie },
          },
          desktopConfig,
        );
        if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
        const { categories, finalDisplayedUrl, audits } = result.lhr;
        if (!finalDisplayedUrl.endsWith(path))
          throw new Error(`${path} ended at ${finalDisplayedUrl} (not signed in?)`);
        const metric = (id: string) => audits[id]?.displayValue ?? "?";
        performance.push(Math.round((categories.performance?.score ?? 0) * 100));
        accessibility.push(Math.round((categories.accessibility?.score ?? 0) * 100));
        console.log(
          `${path} run ${run + 1}: performance ${performance.at(-1)}, accessibility ${accessibility.at(-1)}; ` +
            `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
            `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, ` +
            `speed index ${metric("speed-index")}`,
        );
      }
      rows.push({ page: path, performance: median(performance), accessibility: median(accessibility) });
    }
  } finally {
    chrome.kill();
    await app.stop();
  }
  console.log(`\nmedian of ${RUNS} runs\n| page | performance | accessibility |\n|---|---|---|`);
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
