// What both decision benches (SQLite and PostgreSQL) run against: the same
// campaigns, the same platform key and the same wrk script.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { reloadEnv } from "@/lib/env";
import { seedSyntheticCampaigns, syntheticCampaigns } from "./synthetic-campaigns";
import { decisionsLuaScript } from "./wrk";

/**
 * Migrates the database at `url` and points DATABASE_URL at it (the caller restores it); seeds a platform key and
 * 200 active campaigns of 40 advertisers whose budgets last the run, without pacing (a quarter of the advertisers
 * subscribed to impression.served, so their impressions get outbox events); writes the wrk script that asks for
 * decisions with that key into `dir`. Resolves with the script's path, the database's connections closed.
 */
export async function seedDecisionsBench(url: string, dir: string): Promise<string> {
  await deployMigrations(url);
  process.env.DATABASE_URL = url;
  reloadEnv();
  await disconnectDb();
  const { key } = await createPlatformKey("bench");
  await seedSyntheticCampaigns(syntheticCampaigns(200, 40, 3));
  await disconnectDb();
  const script = join(dir, "decisions.lua");
  writeFileSync(script, decisionsLuaScript(key));
  return script;
}
