// DEMO=1 (the default for `npm start`): a demo advertiser with an API client and
// a platform key, so that a fresh clone has credentials to try. The secrets are
// shown once: in the log and in data/demo-credentials.json (kept out of git).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Logger } from "pino";
import { createApiClient } from "@/lib/auth/clients";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { databaseKind, sqlitePath } from "@/lib/db/adapters";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { seedDemoCampaigns } from "./demo-campaigns";

export const DEMO_EMAIL = "demo@sportsmomentads.test";
export const DEMO_PASSWORD = "demo-password-2026";

export type DemoCredentials = {
  advertiser_id: string;
  email: string;
  password: string;
  client_id: string;
  client_secret: string;
  platform_key: string;
};

/** Beside the SQLite file (data/ by default), so two databases never share one credentials file. */
export function demoCredentialsPath(url = env().DATABASE_URL): string {
  const dir = databaseKind(url) === "sqlite" ? dirname(sqlitePath(url)) : join(process.cwd(), "data");
  return join(dir, "demo-credentials.json");
}

function readSaved(path: string, advertiserId: string): DemoCredentials | null {
  if (!existsSync(path)) return null;
  try {
    const saved = JSON.parse(readFileSync(path, "utf8")) as DemoCredentials;
    return saved.advertiser_id === advertiserId ? saved : null;
  } catch {
    return null;
  }
}

/** Creates the demo advertiser once; returns credentials that work against this database. */
export async function seedDemo(log: Logger, path = demoCredentialsPath()): Promise<DemoCredentials> {
  const user = await db().user.findUnique({ where: { email: DEMO_EMAIL } });
  if (user) {
    const saved = readSaved(path, user.advertiserId);
    if (saved) {
      await seedCampaigns(log, user.advertiserId);
      return saved;
    }
  }
  let advertiserId: string;
  let client: { client_id: string; client_secret: string };
  if (user) {
    advertiserId = user.advertiserId;
    const created = await createApiClient(advertiserId, { name: "Demo client" });
    client = { client_id: created.clientId, client_secret: created.clientSecret };
  } else {
    const created = await createAdvertiser({ name: "Demo Sportsbook Co.", email: DEMO_EMAIL, password: DEMO_PASSWORD });
    advertiserId = created.advertiser_id;
    client = { client_id: created.client_id, client_secret: created.client_secret };
  }
  const platform = await createPlatformKey("Demo simulator");
  const credentials: DemoCredentials = {
    advertiser_id: advertiserId,
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    ...client,
    platform_key: platform.key,
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  log.info({ advertiser_id: advertiserId, client_id: client.client_id, file: path }, "demo advertiser ready");
  await seedCampaigns(log, advertiserId);
  return credentials;
}

async function seedCampaigns(log: Logger, advertiserId: string): Promise<void> {
  const created = await seedDemoCampaigns(advertiserId);
  if (created) log.info({ campaigns: created }, "demo campaigns created (with two rival advertisers)");
}
