import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";

/** Runs the operator CLI against the e2e server's database and parses its JSON. */
export function admin(...args: string[]): Record<string, string> {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return JSON.parse(out) as Record<string, string>;
}

/** Fails the page's requests that leave the app (everything must be served locally); returns what was tried. */
export async function blockOutsideRequests(page: Page, baseURL: string): Promise<string[]> {
  const outside: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(baseURL) || url.startsWith("data:")) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return outside;
}

/** A new advertiser (operator CLI) and an access token of its client holding every scope. */
export async function newAdvertiserToken(request: APIRequestContext, name: string) {
  const created = admin(
    "create-advertiser",
    "--name",
    name,
    "--email",
    `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    "--password",
    "e2e-password-123",
  );
  const response = await request.post("/api/auth/token", {
    form: { grant_type: "client_credentials", client_id: created.client_id!, client_secret: created.client_secret! },
  });
  return { created, response, body: (await response.json()) as { access_token: string; expires_in: number } };
}
