// E2E against the built app (npm run build first; npm test does it), in
// Debian's Chromium: a downloaded browser cannot install here.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { startIconServer } from "./e2e/icon-server";
import { startSmtpServer } from "./e2e/smtp-server";
import { createE2eDatabase } from "./e2e/pg-database";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "sma-e2e-"));
// Shared with the specs (they run the operator CLI against the same database).
process.env.E2E_DATA_DIR = dataDir;
// The database: a SQLite file in the data folder, or with E2E_PG_URL (a PostgreSQL server URL)
// a fresh database on that server, made once by the runner (workers inherit its URL) and
// dropped by the global teardown.
if (!process.env.E2E_DATABASE_URL) {
  if (process.env.E2E_PG_URL) {
    const created = await createE2eDatabase(process.env.E2E_PG_URL);
    process.env.E2E_PG_DATABASE = created.name;
    process.env.E2E_DATABASE_URL = created.url;
  } else process.env.E2E_DATABASE_URL = `file:${join(dataDir, "e2e.db")}`;
}
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
// The icon server creatives point to (e2e/mcp.spec.ts): started here, in the runner, on a port the
// system picks and keeps, before the app starts with that port in OUTBOUND_ALLOW_HOSTS (the outbound
// guard lets the icon HEAD check reach it, as allowed for tests). Workers load this file too; they
// inherit E2E_ICON_PORT and start nothing.
process.env.E2E_ICON_PORT ??= String(await startIconServer());
// The SMTP server the app sends email through (e2e/smtp-server.ts): the specs read what it received.
process.env.E2E_SMTP_PORT ??= String(await startSmtpServer(dataDir));

/**
 * The specs whose outcome depends on the database (accounts and teams, campaigns and their
 * workflows, delivery and reports): with E2E_PG_URL only these run (npm test runs every spec on
 * SQLite first). The pages, docs, CSP, axe and protocol specs are the same on either.
 */
const DATABASE_SPECS = ["smoke", "dashboard-workflows", "dashboard-teams", "dashboard-reports"].map(
  (name) => `**/${name}.spec.ts`,
);

export default defineConfig({
  testDir: "e2e",
  testMatch: process.env.E2E_PG_URL ? DATABASE_SPECS : "**/*.spec.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: false,
  // spec files two at a time: each makes its own accounts, and the app serves both browsers
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node_modules/.bin/tsx server.ts",
    url: `${process.env.E2E_BASE_URL}/api/ads/moment-types`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      PUBLIC_BASE_URL: process.env.E2E_BASE_URL,
      DEMO: "0",
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${process.env.E2E_ICON_PORT}`,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
