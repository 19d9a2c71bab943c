import { execFileSync } from "node:child_process";

/** Runs the operator CLI against the e2e server's database and parses its JSON. */
export function admin(...args: string[]): Record<string, string> {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return JSON.parse(out) as Record<string, string>;
}
