// DEMO=1 (the default for `npm start` on the embedded database only): a demo
// advertiser with a dashboard user, an API client and a platform key, so that a
// fresh clone has credentials to try. The demo advertiser, its rivals and the key
// are the sandbox (docs/decisions/0903): the key's decisions consider only their
// campaigns, and no other key ever sees them. The demo advertiser is a sportsbook:
// a gambling advertiser licensed where the simulated bettors may bet online
// (demo-campaigns.ts). The password and secrets are
// generated per database and written to data/demo-credentials.json (kept out of
// git, 0600 in a directory created 0700, made 0600 again at every start:
// docs/decisions/0915); the log names the file, not the secrets.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Logger } from "pino";
import { createClient } from "@/lib/auth/clients";
import { hashPassword } from "@/lib/auth/passwords";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { databaseKind, sqlitePath } from "@/lib/db/adapters";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { randomBase62 } from "@/lib/ids";
import { usdToMicros } from "@/lib/money";
import { ensurePrivateDir, makeFilesPrivate, PRIVATE_FILE_MODE } from "@/lib/private-files";
import { seedDemoCampaigns, sportsbookLicence } from "./demo-campaigns";

export const DEMO_EMAIL = "demo@sportsmomentads.test";

/** The demo advertiser's credit line: invoiced monthly from its simulated spend, far above what the demo spends in a month. */
export const DEMO_CREDIT_LIMIT_USD = 50_000;

/** A fresh demo password (24 base62 characters, about 143 bits): never a constant in the code. */
export function newDemoPassword(): string {
  return randomBase62(24);
}

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
  // a file written by an older version, or loosened by hand, holds a password and secrets
  makeFilesPrivate(path);
  const found = await db().user.findUnique({
    where: { email: DEMO_EMAIL },
    // the demo user's own advertiser: their first membership (docs/decisions/1426)
    select: { id: true, memberships: { orderBy: { createdAt: "asc" }, take: 1, select: { advertiserId: true } } },
  });
  const user = found?.memberships[0] ? { id: found.id, advertiserId: found.memberships[0].advertiserId } : null;
  if (user) {
    const saved = readSaved(path, user.advertiserId);
    if (saved) {
      await markDemoAdvertiser(user.advertiserId);
      await seedCampaigns(log, user.advertiserId);
      return saved;
    }
  }
  let advertiserId: string;
  let client: { client_id: string; client_secret: string };
  const password = newDemoPassword();
  if (user) {
    // the saved credentials are gone: new secrets, and the password reset to a new one (which
    // ends the sessions signed in with the old one, as every password reset does)
    advertiserId = user.advertiserId;
    await db().user.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword(password), sessionVersion: { increment: 1 } },
    });
    const created = await createClient(advertiserId, { name: "Demo client" });
    client = { client_id: created.clientId, client_secret: created.clientSecret };
  } else {
    const created = await createAdvertiser(
      { name: "Demo Sportsbook Co.", email: DEMO_EMAIL, password },
      { sandbox: true, creditLimitMicros: usdToMicros(DEMO_CREDIT_LIMIT_USD) },
    );
    advertiserId = created.advertiser_id;
    client = { client_id: created.client_id, client_secret: created.client_secret };
  }
  await markDemoAdvertiser(advertiserId);
  const platform = await createPlatformKey("Demo simulator", { sandbox: true });
  const credentials: DemoCredentials = {
    advertiser_id: advertiserId,
    email: DEMO_EMAIL,
    password,
    ...client,
    platform_key: platform.key,
  };
  ensurePrivateDir(dirname(path));
  writeFileSync(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  // writeFileSync's mode applies only to a file it creates
  makeFilesPrivate(path);
  log.info({ advertiser_id: advertiserId, client_id: client.client_id, file: path }, "demo advertiser ready");
  await seedCampaigns(log, advertiserId);
  return credentials;
}

/** The demo advertiser is the sandbox and a licensed sportsbook, also in a database seeded before either existed. */
async function markDemoAdvertiser(advertiserId: string): Promise<void> {
  await db().advertiser.updateMany({ where: { id: advertiserId, sandbox: false }, data: { sandbox: true } });
  // a category or licence set since (by the operator) stands
  await db().advertiser.updateMany({
    where: { id: advertiserId, category: "general", licensedRegions: null },
    data: sportsbookLicence(),
  });
}

async function seedCampaigns(log: Logger, advertiserId: string): Promise<void> {
  const created = await seedDemoCampaigns(advertiserId);
  if (created) log.info({ campaigns: created }, "demo campaigns created (with two rival advertisers)");
}
