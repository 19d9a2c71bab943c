// Impressions recorded per second by the delivery writer (impression row, its
// auction row, its impression.served outbox event, campaign counters and hourly
// rollups, one transaction per batch) against raw batched better-sqlite3
// inserts of impression rows alone into the same table, same batch size, each
// into a fresh migrated SQLite file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { db, disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { insertCampaign } from "@/lib/domain/campaigns/campaign-rows";
import { clickId, newId, sortableId } from "@/lib/ids";
import type { ImpressionRecord } from "@/lib/delivery/store/delivery-store";
import { SqliteDeliveryStore } from "@/lib/delivery/store/sqlite-store";
import { utcDay } from "@/lib/domain/campaigns/pacing";
import { reloadEnv } from "@/lib/env";
import { round, type BenchResult } from "./bench-result";

const ROWS = 60_000;
const BATCH = 200;
const CAMPAIGNS = 50;
const TARGET = 0.5;

async function freshDatabase(dir: string, name: string): Promise<string> {
  const path = join(dir, `${name}.db`);
  await deployMigrations(`file:${path}`);
  return path;
}

function rawRow(index: number, now: number, sortable: boolean) {
  return [
    sortable ? sortableId("imp", now) : newId("imp"),
    sortable ? clickId(now) : newId("clk"),
    "adv_bench",
    `cmp_${index % CAMPAIGNS}`,
    `cr_${index % CAMPAIGNS}`,
    "close_game",
    "nba",
    `game-${index % 300}`,
    `user-${index}`,
    1_500_000,
    1_500,
    now,
  ];
}

/** Raw prepared inserts, BATCH rows per transaction. */
function rawInserts(path: string, sortable: boolean): number {
  const raw = new Database(path);
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = NORMAL");
  // no checkpoint inside the measured inserts either (the writer's run in a helper thread)
  raw.pragma("wal_autocheckpoint = 0");
  const insert = raw.prepare(
    `INSERT INTO impressions (id, click_id, advertiser_id, campaign_id, creative_id, moment_type, sport, game_id, user_id,
       clearing_cpm_micros, cost_micros, served_at_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  const batch = raw.transaction((rows: unknown[][]) => {
    for (const row of rows) insert.run(...row);
  });
  const started = performance.now();
  for (let offset = 0; offset < ROWS; offset += BATCH) {
    const now = Date.now();
    const rows = [];
    for (let index = offset; index < offset + BATCH; index++) rows.push(rawRow(index, now, sortable));
    batch(rows);
  }
  const seconds = (performance.now() - started) / 1000;
  raw.close();
  return ROWS / seconds;
}

async function writerInserts(path: string): Promise<number> {
  process.env.DATABASE_URL = `file:${path}`;
  reloadEnv();
  await db().advertiser.create({ data: { id: "adv_bench", name: "bench", email: "bench@bench.test" } });
  for (let index = 0; index < CAMPAIGNS; index++) {
    await insertCampaign({
      id: `cmp_${index}`,
      advertiserId: "adv_bench",
      name: `bench ${index}`,
      momentTypes: ["close_game"],
      sports: ["nba"],
      bidCpmMicros: 2_000_000n,
      dailyBudgetMicros: 10n ** 15n,
      totalBudgetMicros: 10n ** 15n,
      startDate: "2026-01-01",
      creatives: [
        {
          id: `cr_${index}`,
          headline: "h",
          body: "b",
          iconUrl: "https://x.test/i.png",
          actionUrl: "https://x.test",
          status: "approved",
        },
      ],
    });
  }
  const store = new SqliteDeliveryStore(db());
  const started = performance.now();
  for (let offset = 0; offset < ROWS; offset += BATCH) {
    const now = Date.now();
    const impressions: ImpressionRecord[] = [];
    for (let index = offset; index < offset + BATCH; index++) {
      impressions.push({
        impressionId: sortableId("imp", now),
        clickId: clickId(now),
        advertiserId: "adv_bench",
        campaignId: `cmp_${index % CAMPAIGNS}`,
        creativeId: `cr_${index % CAMPAIGNS}`,
        momentType: "close_game",
        sport: "nba",
        gameId: `game-${index % 300}`,
        userId: `user-${index}`,
        region: null,
        bidders: 3,
        winningBidMicros: 2_000_000,
        clearingCpmMicros: 1_500_000,
        costMicros: 1_500,
        servedAtMs: now,
        sandbox: false,
        // the worst case: every advertiser subscribes to impression.served
        emitEvent: true,
      });
    }
    const result = await store.commit({ impressions, auctions: [], clicks: [], day: utcDay(now), nowMs: now });
    if (result.impressions.some((verdict) => verdict !== "accepted")) throw new Error("the bench budget ran out");
  }
  const seconds = (performance.now() - started) / 1000;
  const written = await db().impression.count();
  if (written !== ROWS) throw new Error(`expected ${ROWS} impressions, found ${written}`);
  await disconnectDb();
  return ROWS / seconds;
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), "sma-bench-impressions-"));
  try {
    // alternate, so that neither side always runs on a warmer disk cache
    const rawRandom = rawInserts(await freshDatabase(dir, "raw-random"), false);
    const writer = await writerInserts(await freshDatabase(dir, "writer"));
    const rawSorted = rawInserts(await freshDatabase(dir, "raw-sorted"), true);
    const ratio = writer / rawRandom;
    const strict = writer / rawSorted;
    return {
      name: "impressions",
      description: `${ROWS.toLocaleString("en-US")} impressions in batches of ${BATCH} over ${CAMPAIGNS} campaigns, SQLite WAL: the delivery writer (impression + auction + outbox event + counters + rollups per batch transaction) against raw batched inserts of impression rows only`,
      metrics: [
        { label: "raw inserts per second (random ids, newId)", value: Math.round(rawRandom), unit: "/s" },
        { label: "raw inserts per second (time-ordered ids)", value: Math.round(rawSorted), unit: "/s" },
        { label: "delivery writer impressions per second", value: Math.round(writer), unit: "/s" },
        { label: "rows written per impression by the writer", value: 3, unit: "(+ counters, rollups)" },
        { label: "writer / raw inserts with time-ordered ids (stricter)", value: round(strict, 3), unit: "" },
      ],
      checks: [
        {
          label: "writer / raw batched inserts (newId ids)",
          value: round(ratio, 3),
          target: `>= ${TARGET}`,
          pass: ratio >= TARGET,
        },
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
