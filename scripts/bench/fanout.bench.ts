// Moments at scale (POST /api/delivery/moments): 10,000-user moments back to
// back over HTTP against the app's hot path in a child process, on SQLite and
// on PostgreSQL, with two baselines measured in the same run, round by round
// (so that a load change on this shared machine hits all three alike):
//   raw:       exactly the rows a moment wrote (impressions, auctions, rollup
//              increments, impression.served outbox events) inserted again, with
//              fresh ids, into the same tables with their indexes, in one
//              transaction from this process: the cost of the data itself
//              (the faster method over the run: SQLite multi-row VALUES or one
//              prepared statement per row; PostgreSQL one multi-row unnest per
//              table or COPY);
//   per-request: a moment's users as single POST /api/delivery/decisions, driven
//              by wrk (C, 32 connections) for about one pass over the users.
// Beside each round's moments, as many regional ones: the users named with a region
// (60 US states and Canadian provinces) and a tenth excluding gambling, over the same
// campaigns, a third of which target regions and a quarter of whose advertisers are
// licensed sportsbooks (issue 39's target: at least 0.8x the moments without regions).
// And beside each, one of the same moment type, sport and game with every advertiser's
// billing account limited by a large allowance (the account check runs, never refuses),
// against the moments whose accounts have no limit (issue 40's target: at least 0.95x).
// Prints every figure, the load average, and each target met or not.
import { execFileSync, spawnSync } from "node:child_process";
import { Agent, request } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { db, disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { isAvailableIn, MOMENT_TYPE_KEYS, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import {
  mergeRollupDeltas,
  ROLLUP_COLUMNS,
  ROLLUP_ON_CONFLICT,
  ROLLUP_TEXT_COLUMNS,
  rollupValues,
  type RollupRow,
} from "@/lib/domain/rollups/increment-rollups";
import type { Sport } from "@/lib/domain/sports";
import { reloadEnv } from "@/lib/env";
import { subdivisionsOf } from "@/lib/domain/regions/regions";
import { clickId, sortableId } from "@/lib/ids";
import { outboxEvents } from "@/lib/webhooks/outbox";
import { createRng, type Rng } from "@/lib/random";
import { AUCTION_COLUMNS, copyRows, IMPRESSION_COLUMNS, OUTBOX_COLUMNS } from "@/lib/delivery/store/pg-store";
import { ensureLocalPostgres, freshPgDatabase } from "@/scripts/lib/local-postgres";
import { round, type BenchResult, type BenchCheck, type BenchMetric } from "./bench-result";
import { APP_NODE_ARGS, PROFILE_ARGS, startChild, stopChild } from "./lib/child-server";
import { newCampaignOf, seedSyntheticCampaigns, syntheticCampaigns } from "./lib/synthetic-campaigns";
import { parseWrk, singlesLuaScript } from "./lib/wrk";

/** users per moment (SMA_BENCH_FANOUT_USERS for short runs while developing) */
const USERS = Number(process.env.SMA_BENCH_FANOUT_USERS ?? 10_000);
/** measured rounds per database after one warm-up round (SMA_BENCH_FANOUT_ROUNDS) */
const ROUNDS = Number(process.env.SMA_BENCH_FANOUT_ROUNDS ?? 8);
/** fan-out moments per round (each followed by its raw insert); the per-request run is one per round */
const MOMENTS_PER_ROUND = 3;
const SINGLE_CONNECTIONS = 32;
/** the bettors: a pool the moments draw from, and heavy bettors in every moment (they reach the caps) */
// (96,000: a user is in a tenth of the moments and per-request runs, as in 60,000 before the
// account-limited ones doubled the runs and added a third moment beside each: under the hourly cap)
const POOL = 96_000;
const HEAVY = Math.round(USERS * 0.05);
const CAMPAIGNS = 150;
const ADVERTISERS = 40;
const GAMES = 8;

const TARGETS = {
  rawRatio: { sqlite: 0.5, postgresql: 0.4 },
  perRequestRatio: 5,
  p99Ms: { sqlite: 1000, postgresql: 1000 },
  regionalRatio: 0.8,
  accountRatio: 0.95,
} as const;
/** The allowance of every account in the limited moments: a billion USD, never reached. */
const LIMITED_ALLOWANCE_MICROS = 1_000_000_000_000_000;

/** 60 regions: the US states and DC, and nine Canadian provinces */
const TERRITORIES = new Set(["US-AS", "US-GU", "US-MP", "US-PR", "US-UM", "US-VI"]);
const REGIONS = [
  ...subdivisionsOf("US").filter((region) => !TERRITORIES.has(region.code)),
  ...subdivisionsOf("CA").slice(0, 9),
].map((region) => region.code);

/** A bettor's region and self-exclusion, the same in every moment (from their id). */
function audienceOf(userId: string): { region: string; excluded_categories?: ["gambling"] } {
  let hash = 0;
  for (let index = 0; index < userId.length; index++) hash = (hash * 31 + userId.charCodeAt(index)) >>> 0;
  const region = REGIONS[hash % REGIONS.length]!;
  return hash % 10 === 3 ? { region, excluded_categories: ["gambling"] } : { region };
}

type Kind = "sqlite" | "postgresql";
type Moment = { moment_type: MomentTypeKey; sport: Sport; game_id: string; user_ids: string[] };

/** The moment with its users' regions and exclusions (`users` instead of `user_ids`). */
function regional({ user_ids, ...moment }: Moment) {
  return { ...moment, users: user_ids.map((user_id) => ({ user_id, ...audienceOf(user_id) })) };
}
type Decision = { user_id: string; impression_id: string | null; reason?: string };

const load = () => round(loadavg()[0]!, 2);
/** one kept-alive connection for the moments, as a publisher's client would hold */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const log = (line: string) => process.stderr.write(`${line}\n`);

function ensureWrk(): string {
  const found = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  log("installing wrk from Debian's packages (apt-get)...");
  execFileSync(
    "sh",
    ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null"],
    { stdio: "inherit" },
  );
  return "wrk";
}

/** UUID-shaped bettor ids, as sportsbooks' user ids look (36 characters). */
function bettorIds(rng: Rng, count: number): string[] {
  const hex = (length: number) => Array.from({ length }, () => "0123456789abcdef"[rng.int(0, 15)]).join("");
  return Array.from({ length: count }, () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`);
}

/** Draws a moment: a cell with campaigns, one of GAMES games, the heavy bettors and the rest from the pool. */
function drawMoment(rng: Rng, cells: [MomentTypeKey, Sport][], pool: string[], heavy: string[]): Moment {
  const [momentType, sport] = rng.pick(cells);
  const chosen = new Set(heavy);
  while (chosen.size < USERS) chosen.add(pool[rng.int(0, pool.length - 1)]!);
  const users = [...chosen];
  // heavy bettors spread through the list, not first
  for (let index = users.length - 1; index > 0; index--) {
    const other = rng.int(0, index);
    [users[index], users[other]] = [users[other]!, users[index]!];
  }
  return { moment_type: momentType, sport, game_id: `${sport}-2026-game-${rng.int(1, GAMES)}`, user_ids: users };
}

/** The rows one moment wrote, read back from the database (everything stamped with its time). */
type MomentRows = {
  impressions: Record<string, unknown>[];
  auctions: Record<string, unknown>[];
  outbox: Record<string, unknown>[];
  rollups: RollupRow[];
};

// the raw baseline writes the columns the delivery store writes

function rollupsOf(impressions: Record<string, unknown>[]): RollupRow[] {
  return mergeRollupDeltas(
    impressions.map((row) => ({
      campaignId: String(row.campaign_id),
      creativeId: String(row.creative_id),
      momentType: String(row.moment_type),
      sport: String(row.sport),
      region: row.region === null ? null : String(row.region),
      atMs: Number(row.served_at_ms),
      impressions: 1,
      spendMicros: BigInt(row.cost_micros as number),
    })),
  );
}

/** Fresh copies (new time-ordered ids, as the writer makes them) of a moment's rows. */
function copies(rows: MomentRows): MomentRows {
  return {
    impressions: rows.impressions.map((row) => ({
      ...row,
      id: sortableId("imp", Number(row.served_at_ms)),
      click_id: clickId(Number(row.served_at_ms)),
    })),
    auctions: rows.auctions.map((row) => ({ ...row, id: sortableId("auc", Number(row.occurred_at_ms)) })),
    outbox: rows.outbox.map((row) => ({ ...row, id: sortableId("evt", Number(row.created_at_ms)) })),
    rollups: rows.rollups,
  };
}

/** One database's side of the bench: how to read a moment's rows back and insert them raw. */
type Side = {
  kind: Kind;
  momentRows(): Promise<MomentRows>;
  /** inserts the rows in one transaction; ms taken, by method */
  rawInsert(rows: MomentRows): Promise<Record<string, number>>;
  /** rows so far: impressions, auctions (summed counts) and impression.served outbox events */
  counts(): Promise<{ impressions: number; auctions: number; impressionEvents: number }>;
  /** every billing account's allowance (null: no limit), as set-billing and add-funds write it */
  setAllowance(micros: number | null): Promise<void>;
  close(): Promise<void>;
};

function sqliteSide(path: string): Side {
  const handle = new Database(path);
  handle.pragma("synchronous = NORMAL");
  handle.pragma("foreign_keys = ON");
  handle.defaultSafeIntegers(false);
  const latest = handle.prepare("SELECT MAX(served_at_ms) AS t FROM impressions").pluck();
  const allowance = handle.prepare("UPDATE billing_accounts SET allowance_micros = ?");
  const read = {
    impressions: handle.prepare(`SELECT ${IMPRESSION_COLUMNS.join(", ")} FROM impressions WHERE served_at_ms = ?`),
    auctions: handle.prepare(`SELECT ${AUCTION_COLUMNS.join(", ")} FROM auctions WHERE occurred_at_ms = ?`),
    outbox: handle.prepare(
      `SELECT ${OUTBOX_COLUMNS.join(", ")} FROM outbox_events WHERE created_at_ms = ? AND type = 'impression.served'`,
    ),
  };
  const single = (table: string, columns: string[]) =>
    handle.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(",")})`);
  const rollupSingle = handle.prepare(
    `INSERT INTO hourly_rollups (${ROLLUP_COLUMNS.join(", ")}) VALUES (${ROLLUP_COLUMNS.map(() => "?").join(",")}) ${ROLLUP_ON_CONFLICT}`,
  );
  const singles = {
    impressions: single("impressions", IMPRESSION_COLUMNS),
    auctions: single("auctions", AUCTION_COLUMNS),
    outbox: single("outbox_events", OUTBOX_COLUMNS),
  };
  /** multi-row VALUES statements, prepared once per row count */
  const multi = new Map<string, Database.Statement>();
  const multiRow = (table: string, columns: string[], rows: number, suffix = "") => {
    const key = `${table}:${rows}`;
    let statement = multi.get(key);
    if (!statement) {
      const tuple = `(${columns.map(() => "?").join(",")})`;
      statement = handle.prepare(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array(rows).fill(tuple).join(",")} ${suffix}`,
      );
      multi.set(key, statement);
    }
    return statement;
  };
  const CHUNK = 500;
  const insertMulti = (table: string, columns: string[], rows: unknown[][], suffix = "") => {
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      multiRow(table, columns, chunk.length, suffix).run(...chunk.flat());
    }
  };
  const values = (rows: Record<string, unknown>[], columns: string[]) =>
    rows.map((row) => columns.map((column) => row[column]));
  const rollupRows = (rows: RollupRow[]) => rows.map((row) => rollupValues(row) as unknown[]);
  const bySingle = handle.transaction((rows: MomentRows) => {
    for (const row of values(rows.impressions, IMPRESSION_COLUMNS)) singles.impressions.run(...row);
    for (const row of values(rows.auctions, AUCTION_COLUMNS)) singles.auctions.run(...row);
    for (const row of rollupRows(rows.rollups)) rollupSingle.run(...row);
    for (const row of values(rows.outbox, OUTBOX_COLUMNS)) singles.outbox.run(...row);
  });
  const byMulti = handle.transaction((rows: MomentRows) => {
    insertMulti("impressions", IMPRESSION_COLUMNS, values(rows.impressions, IMPRESSION_COLUMNS));
    insertMulti("auctions", AUCTION_COLUMNS, values(rows.auctions, AUCTION_COLUMNS));
    // SQLite's upsert needs a WHERE after a SELECT, not after VALUES: multi-row VALUES works as is
    insertMulti("hourly_rollups", [...ROLLUP_COLUMNS], rollupRows(rows.rollups), ROLLUP_ON_CONFLICT);
    insertMulti("outbox_events", OUTBOX_COLUMNS, values(rows.outbox, OUTBOX_COLUMNS));
  });
  const undo = handle.transaction((rows: MomentRows) => {
    const remove = (table: string, ids: unknown[]) => {
      const statement = handle.prepare(`DELETE FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`);
      statement.run(JSON.stringify(ids));
    };
    remove(
      "impressions",
      rows.impressions.map((row) => row.id),
    );
    remove(
      "auctions",
      rows.auctions.map((row) => row.id),
    );
    remove(
      "outbox_events",
      rows.outbox.map((row) => row.id),
    );
    // the rollup increments stay: counters, not rows (the app's own rollups grow the same way)
  });
  return {
    kind: "sqlite",
    async momentRows() {
      const at = latest.get() as number;
      const impressions = read.impressions.all(at) as Record<string, unknown>[];
      return {
        impressions,
        auctions: read.auctions.all(at) as Record<string, unknown>[],
        outbox: read.outbox.all(at) as Record<string, unknown>[],
        rollups: rollupsOf(impressions),
      };
    },
    async rawInsert(rows) {
      // both methods on their own copies, in alternating order; each timed alone
      const times: Record<string, number> = {};
      const order = Math.random() < 0.5 ? ["multi-row", "per-row"] : ["per-row", "multi-row"];
      for (const method of order) {
        const copy = copies(rows);
        const started = performance.now();
        (method === "multi-row" ? byMulti : bySingle).immediate(copy);
        times[method] = performance.now() - started;
        undo(copy);
      }
      return times;
    },
    async counts() {
      return {
        impressions: (handle.prepare("SELECT COUNT(*) FROM impressions").pluck().get() as number) ?? 0,
        auctions: (handle.prepare("SELECT SUM(auction_count) FROM auctions").pluck().get() as number) ?? 0,
        impressionEvents: handle
          .prepare(`SELECT COALESCE(SUM(event_count), 0) FROM outbox_events WHERE type = 'impression.served'`)
          .pluck()
          .get() as number,
      };
    },
    async setAllowance(micros) {
      allowance.run(micros);
    },
    async close() {
      handle.close();
    },
  };
}

async function pgSide(url: string): Promise<Side> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const unnest = (table: string, columns: string[], types: string[], rows: Record<string, unknown>[]) =>
    client.query(
      `INSERT INTO ${table} (${columns.join(", ")}) SELECT * FROM unnest(${types.map((type, index) => `$${index + 1}::${type}[]`).join(", ")})`,
      columns.map((column) => rows.map((row) => row[column])),
    );
  const impressionTypes = [
    "text",
    "text",
    "text",
    "text",
    "text",
    "text",
    "text",
    "text",
    "text",
    "bigint",
    "bigint",
    "bigint",
    "text",
  ];
  const auctionTypes = ["text", "text", "text", "text", "int", "bigint", "bigint", "text", "boolean", "bigint", "int"];
  const outboxTypes = ["text", "text", "text", "text", "int", "bigint", "text"];
  const rollupTypes = ROLLUP_COLUMNS.map((_, index) => (index < ROLLUP_TEXT_COLUMNS ? "text" : "bigint"));
  const removeCopies = async (copy: MomentRows) => {
    await client.query("DELETE FROM impressions WHERE id = ANY($1::text[])", [copy.impressions.map((row) => row.id)]);
    await client.query("DELETE FROM auctions WHERE id = ANY($1::text[])", [copy.auctions.map((row) => row.id)]);
    await client.query("DELETE FROM outbox_events WHERE id = ANY($1::text[])", [copy.outbox.map((row) => row.id)]);
    // the copies' dead rows would otherwise stay in the heap and the indexes until autovacuum came
    // round, and every later moment's read of its users' alerts would step over them: the app's
    // own tables get no such deletes
    await client.query("VACUUM impressions, auctions, outbox_events");
  };
  return {
    kind: "postgresql",
    async momentRows() {
      const at = (await client.query<{ t: string }>("SELECT MAX(served_at_ms) AS t FROM impressions")).rows[0]!.t;
      const impressions = (
        await client.query(`SELECT ${IMPRESSION_COLUMNS.join(", ")} FROM impressions WHERE served_at_ms = $1`, [at])
      ).rows as Record<string, unknown>[];
      const auctions = (
        await client.query(`SELECT ${AUCTION_COLUMNS.join(", ")} FROM auctions WHERE occurred_at_ms = $1`, [at])
      ).rows as Record<string, unknown>[];
      const outbox = (
        await client.query(
          `SELECT ${OUTBOX_COLUMNS.join(", ")} FROM outbox_events WHERE created_at_ms = $1 AND type = 'impression.served'`,
          [at],
        )
      ).rows as Record<string, unknown>[];
      for (const row of impressions) row.cost_micros = Number(row.cost_micros);
      return { impressions, auctions, outbox, rollups: rollupsOf(impressions) };
    },
    async rawInsert(rows) {
      // both methods (the store uses COPY for a moment's rows), each on its own copies, in alternating order
      const times: Record<string, number> = {};
      const order = Math.random() < 0.5 ? ["unnest", "copy"] : ["copy", "unnest"];
      for (const method of order) {
        const copy = copies(rows);
        const insert = (table: string, columns: string[], types: string[], list: Record<string, unknown>[]) =>
          method === "copy"
            ? copyRows(
                client,
                table,
                columns,
                list.map((row) => columns.map((column) => row[column])),
              )
            : unnest(table, columns, types, list);
        const started = performance.now();
        await client.query("BEGIN");
        await insert("impressions", IMPRESSION_COLUMNS, impressionTypes, copy.impressions);
        await insert("auctions", AUCTION_COLUMNS, auctionTypes, copy.auctions);
        const rollupValuesList = copy.rollups.map(rollupValues);
        await client.query(
          `INSERT INTO hourly_rollups (${ROLLUP_COLUMNS.join(", ")})
           SELECT * FROM unnest(${rollupTypes.map((type, index) => `$${index + 1}::${type}[]`).join(", ")}) ${ROLLUP_ON_CONFLICT}`,
          ROLLUP_COLUMNS.map((_, index) => rollupValuesList.map((row) => String(row[index]))),
        );
        await insert("outbox_events", OUTBOX_COLUMNS, outboxTypes, copy.outbox);
        await client.query("COMMIT");
        times[method] = performance.now() - started;
        await removeCopies(copy);
      }
      return times;
    },
    async counts() {
      const { rows } = await client.query<{ impressions: string; auctions: string; events: string }>(
        `SELECT (SELECT COUNT(*) FROM impressions) AS impressions, (SELECT SUM(auction_count) FROM auctions) AS auctions,
           (SELECT COALESCE(SUM(event_count), 0) FROM outbox_events WHERE type = 'impression.served') AS events`,
      );
      return {
        impressions: Number(rows[0]!.impressions),
        auctions: Number(rows[0]!.auctions),
        impressionEvents: Number(rows[0]!.events),
      };
    },
    async setAllowance(micros) {
      await client.query("UPDATE billing_accounts SET allowance_micros = $1", [micros]);
    },
    async close() {
      await client.end();
    },
  };
}

async function seed(kind: Kind): Promise<{ key: string; cells: [MomentTypeKey, Sport][] }> {
  const { key } = await createPlatformKey("bench");
  // 150 active campaigns of 40 advertisers across the lanes; half paced evenly; a tenth with 25 USD
  // in total, which moments use up during the run (budgets exhausted mid-moment)
  const campaigns = syntheticCampaigns(CAMPAIGNS, ADVERTISERS, 11).map((campaign, index) =>
    index % 10 === 0 ? { ...campaign, totalBudgetMicros: 25_000_000 } : campaign,
  );
  await seedSyntheticCampaigns(campaigns, (campaign) => ({
    ...newCampaignOf(campaign),
    pacing: campaign.pacing === "even" ? "even" : "asap",
  }));
  // the cells the moments are drawn from: those with at least 8 campaigns bidding
  const counts = new Map<string, number>();
  for (const campaign of campaigns) {
    for (const type of JSON.parse(campaign.momentTypes) as MomentTypeKey[])
      for (const sport of JSON.parse(campaign.sports) as Sport[])
        if (isAvailableIn(type, sport)) counts.set(`${type}|${sport}`, (counts.get(`${type}|${sport}`) ?? 0) + 1);
  }
  const cells = [...counts.entries()]
    .filter(([, count]) => count >= 8)
    .map(([cell]) => cell.split("|") as [MomentTypeKey, Sport])
    .sort();
  if (!cells.length) throw new Error(`no cell with 8 campaigns among ${MOMENT_TYPE_KEYS.length} moment types`);
  // a third of the campaigns target 10 to 30 regions; a quarter of the advertisers are sportsbooks licensed in 45
  const rng = createRng(39);
  const some = (count: number) => [...REGIONS].sort(() => rng.next() - 0.5).slice(0, count);
  for (const [index, campaign] of campaigns.entries())
    if (index % 3 === 0)
      await db().campaign.update({
        where: { id: campaign.id },
        data: { targetRegions: JSON.stringify(some(rng.int(10, 30))) },
      });
  const advertisers = [...new Set(campaigns.map((campaign) => campaign.advertiserId))].sort();
  for (const [index, advertiserId] of advertisers.entries())
    if (index % 4 === 0)
      await db().advertiser.update({
        where: { id: advertiserId },
        data: { category: "gambling", licensedRegions: JSON.stringify(some(45)) },
      });
  // every advertiser has a billing account; without a limit (allowance null) but in the limited moments
  await db().billingAccount.createMany({ data: advertisers.map((advertiserId) => ({ advertiserId })) });
  log(`  ${kind}: ${campaigns.length} campaigns, ${cells.length} cells with >= 8 bidders, ${REGIONS.length} regions`);
  return { key, cells };
}

async function postMoment(
  base: string,
  key: string,
  moment: Moment | ReturnType<typeof regional>,
): Promise<{ ms: number; decisions: Decision[] }> {
  const body = JSON.stringify(moment);
  const started = performance.now();
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${base}/api/delivery/moments`,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
  const ms = performance.now() - started;
  if (status !== 200) throw new Error(`moment answered ${status}: ${text.slice(0, 300)}`);
  return { ms, decisions: (JSON.parse(text) as { decisions: Decision[] }).decisions };
}

type Measured = {
  kind: Kind;
  fanoutMs: number[];
  /** the regional moments beside them (users with regions and exclusions) */
  regionalMs: number[];
  /** the account-limited moments beside them (the same cell and game, every account with an allowance) */
  limitedMs: number[];
  /** per fan-out moment: whether its impressions were webhook events (see webhookHeavy) */
  fanoutEvents: boolean[];
  rawMs: Record<string, number[]>;
  /** per per-request run, and whether its impressions were webhook events */
  singles: { rps: number; p50: number; p99: number; errors: string; events: boolean }[];
  /** per-request decisions/s of the runs with every account limited, one per round */
  limitedSingles: number[];
  decisions: { filled: number; capped: number; noFill: number };
  consistent: boolean;
  load: string;
};

async function measure(kind: Kind, dir: string, wrk: string): Promise<Measured> {
  const previousUrl = process.env.DATABASE_URL;
  let url: string;
  let drop = async () => {};
  if (kind === "sqlite") {
    url = `file:${join(dir, "app.db")}`;
  } else {
    const server = process.env.SMA_BENCH_PG_URL ?? ensureLocalPostgres().url;
    const fresh = await freshPgDatabase(server, `sma_bench_fanout_${process.pid}`);
    url = fresh.url;
    drop = fresh.drop;
  }
  let side: Side | undefined;
  let app: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    await deployMigrations(url);
    process.env.DATABASE_URL = url;
    reloadEnv();
    await disconnectDb();
    const { key, cells } = await seed(kind);
    await disconnectDb();
    app = await startChild(
      "scripts/bench/lib/decision-server.ts",
      {
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATABASE_URL: url,
        PUBLIC_BASE_URL: "http://localhost:3000",
        DEMO: "0",
      },
      [...PROFILE_ARGS, ...APP_NODE_ARGS],
    );
    const base = `http://127.0.0.1:${app.port}`;
    side = kind === "sqlite" ? sqliteSide(join(dir, "app.db")) : await pgSide(url);
    const rng = createRng(kind === "sqlite" ? 2026 : 2027);
    const everyone = bettorIds(rng, POOL + HEAVY);
    const heavy = everyone.slice(POOL);
    const pool = everyone.slice(0, POOL);
    const measured: Measured = {
      kind,
      fanoutMs: [],
      regionalMs: [],
      limitedMs: [],
      fanoutEvents: [],
      rawMs: {},
      singles: [],
      limitedSingles: [],
      decisions: { filled: 0, capped: 0, noFill: 0 },
      consistent: true,
      load: "",
    };
    const answered: string[] = [];
    /** per-request decisions/s of the last run (the first run lasts 2 s) */
    let lastRate = USERS / 2;
    const loadBefore = load();
    for (let roundIndex = 0; roundIndex <= ROUNDS; roundIndex++) {
      const warmUp = roundIndex === 0;
      const fanout = async () => {
        for (let index = 0; index < MOMENTS_PER_ROUND; index++) {
          const moment = drawMoment(rng, cells, pool, heavy);
          // the same moment type, sport and game, its users drawn the same way, with every account
          // limited; it goes before or after the moment in turn (the second meets more capped users)
          const limitedMoment = { ...moment, user_ids: drawMoment(rng, cells, pool, heavy).user_ids };
          const limited = async () => {
            await side!.setAllowance(LIMITED_ALLOWANCE_MICROS);
            const { ms: limitedMs, decisions: limitedDecisions } = await postMoment(base, key, limitedMoment);
            await side!.setAllowance(null);
            for (const decision of limitedDecisions) if (decision.impression_id) answered.push(decision.impression_id);
            if (!warmUp) measured.limitedMs.push(limitedMs);
          };
          const limitedFirst = (roundIndex * MOMENTS_PER_ROUND + index) % 2 === 1;
          if (limitedFirst) await limited();
          const { ms, decisions } = await postMoment(base, key, moment);
          const rows = await side!.momentRows();
          // the raw insert after both, so that neither of the pair meets its aftermath (a WAL checkpoint, a vacuum)
          if (!limitedFirst) await limited();
          const raw = await side!.rawInsert(rows);
          if (warmUp) continue;
          measured.fanoutMs.push(ms);
          measured.fanoutEvents.push(webhookHeavy(rows.impressions.length, eventsIn(rows.outbox)));
          for (const [method, rawMs] of Object.entries(raw)) (measured.rawMs[method] ??= []).push(rawMs);
          for (const decision of decisions) {
            if (decision.impression_id) {
              measured.decisions.filled++;
              answered.push(decision.impression_id);
            } else if (decision.reason === "capped") measured.decisions.capped++;
            else measured.decisions.noFill++;
          }
          if (rows.impressions.length !== decisions.filter((decision) => decision.impression_id).length)
            measured.consistent = false;
          // a moment drawn the same way, its users with their regions and exclusions
          const regionalMoment = regional(drawMoment(rng, cells, pool, heavy));
          const { ms: regionalMs, decisions: regionalDecisions } = await postMoment(base, key, regionalMoment);
          for (const decision of regionalDecisions) if (decision.impression_id) answered.push(decision.impression_id);
          if (!warmUp) measured.regionalMs.push(regionalMs);
        }
      };
      const singles = async (limited = false) => {
        const moment = drawMoment(rng, cells, pool, heavy);
        const users = join(dir, `users-${kind}-${roundIndex}.txt`);
        writeFileSync(users, `${moment.user_ids.join("\n")}\n`);
        const script = join(dir, `singles-${kind}.lua`);
        writeFileSync(script, singlesLuaScript(key, moment));
        // about one pass over the users at the rate the previous run measured (wrk takes whole seconds)
        const seconds = Math.max(1, Math.round(USERS / (measured.singles.at(-1)?.rps ?? lastRate)));
        const before = await side!.counts();
        if (limited) await side!.setAllowance(LIMITED_ALLOWANCE_MICROS);
        const out = execFileSync(
          wrk,
          [
            "-t1",
            `-c${SINGLE_CONNECTIONS}`,
            `-d${seconds}s`,
            "--latency",
            "-s",
            script,
            `${base}/api/delivery/decisions`,
            "--",
            users,
          ],
          { encoding: "utf8" },
        );
        if (limited) await side!.setAllowance(null);
        const result = parseWrk(out);
        if (limited) {
          if (!warmUp) measured.limitedSingles.push(result.rps);
          return;
        }
        lastRate = result.rps;
        const after = await side!.counts();
        const events = webhookHeavy(
          after.impressions - before.impressions,
          after.impressionEvents - before.impressionEvents,
        );
        if (!warmUp) measured.singles.push({ ...result, events });
      };
      // alternate which goes first, so neither always meets the other's aftermath
      // and single decisions with every account limited, before or after the others in turn
      const bothSingles = async () => {
        if (roundIndex % 4 < 2) {
          await singles();
          await singles(true);
        } else {
          await singles(true);
          await singles();
        }
      };
      if (roundIndex % 2 === 0) {
        await fanout();
        await bothSingles();
      } else {
        await bothSingles();
        await fanout();
      }
      if (!warmUp)
        log(
          `  ${kind} round ${roundIndex}: fan-out ${measured.fanoutMs
            .slice(-MOMENTS_PER_ROUND)
            .map((ms, index) => `${Math.round(ms)}${measured.fanoutEvents.at(index - MOMENTS_PER_ROUND) ? "*" : ""}`)
            .join("/")} ms, account-limited ${measured.limitedMs
            .slice(-MOMENTS_PER_ROUND)
            .map((ms) => Math.round(ms))
            .join("/")} ms, raw ${Object.entries(measured.rawMs)
            .map(
              ([method, list]) =>
                `${method} ${list
                  .slice(-MOMENTS_PER_ROUND)
                  .map((ms) => Math.round(ms))
                  .join("/")}`,
            )
            .join(
              ", ",
            )} ms, per-request ${Math.round(measured.singles.at(-1)!.rps)}/s${measured.singles.at(-1)!.events ? "*" : ""}, account-limited ${Math.round(measured.limitedSingles.at(-1)!)}/s (load ${load()})`,
        );
    }
    measured.load = `${loadBefore}-${load()}`;
    // every 200's impressions are committed; one auction row per decision
    await new Promise((resolve) => setTimeout(resolve, 200));
    const counts = await side.counts();
    if (counts.impressions < answered.length) measured.consistent = false;
    return measured;
  } finally {
    await side?.close();
    if (app) await stopChild(app.child);
    await disconnectDb();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    reloadEnv();
    await drop();
  }
}

/** the events of a moment's impression.served rows (packed ones hold several) */
function eventsIn(rows: Record<string, unknown>[]): number {
  return sum(
    rows.map(
      (row) =>
        outboxEvents({
          id: String(row.id),
          type: String(row.type),
          data: String(row.data),
          eventCount: Number(row.event_count),
          createdAtMs: 0n,
        }).length,
    ),
  );
}

/**
 * Whether most of a moment's (or a per-request run's) impressions were also impression.served
 * outbox events: a quarter of the advertisers subscribe, and a moment's impressions mostly go to
 * one winner, so a moment writes either about none or about one event per impression.
 */
function webhookHeavy(impressions: number, events: number): boolean {
  return events > 0 && events * 2 >= impressions;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * The per-request ratio apart for moments whose impressions were webhook events (about one
 * outbox row per impression more to write) and those without: informational, the target is on all.
 */
function byEvents(result: Measured): BenchMetric[] {
  return [true, false].flatMap((events) => {
    const ms = result.fanoutMs.filter((_, index) => result.fanoutEvents[index] === events);
    const singles = result.singles.filter((single) => single.events === events);
    if (!ms.length) return [];
    const rate = (ms.length * USERS) / (sum(ms) / 1000);
    const perRequest = singles.length ? sum(singles.map((single) => single.rps)) / singles.length : Number.NaN;
    const which = events ? "impressions also webhook events (*)" : "impressions without webhook events";
    return [
      {
        label: `${result.kind}: ${which}: fan-out / per-request`,
        value: singles.length ? round(rate / perRequest, 3) : Number.NaN,
        unit: `(${Math.round(rate)} over ${ms.length} moments against ${
          singles.length ? `${Math.round(perRequest)} over ${singles.length} runs` : "no per-request run"
        } decisions/s)`,
      },
    ];
  });
}

export async function run(): Promise<BenchResult> {
  const wrk = ensureWrk();
  const dir = mkdtempSync(join(tmpdir(), "sma-bench-fanout-"));
  try {
    const loadAtStart = load();
    const results: Measured[] = [];
    // SMA_BENCH_FANOUT_DATABASES=postgresql (or sqlite) measures one database only (the cross-database check then has no value)
    const kinds = (process.env.SMA_BENCH_FANOUT_DATABASES ?? "sqlite,postgresql").split(",") as Kind[];
    for (const kind of kinds) results.push(await measure(kind, dir, wrk));
    const metrics: BenchMetric[] = [{ label: "load average (1 min) at start", value: loadAtStart, unit: "" }];
    const checks: BenchCheck[] = [];
    const fanoutRate: Record<Kind, number> = { sqlite: 0, postgresql: 0 };
    for (const result of results) {
      const moments = result.fanoutMs.length;
      const rate = (moments * USERS) / (sum(result.fanoutMs) / 1000);
      fanoutRate[result.kind] = rate;
      // the raw baseline: the faster method over all moments (not the faster per moment, which
      // would pick each moment's luckier sample of two and flatter the baseline)
      const rawRate = Math.max(...Object.values(result.rawMs).map((list) => (moments * USERS) / (sum(list) / 1000)));
      const perRequest = sum(result.singles.map((single) => single.rps)) / result.singles.length;
      const limitedPerRequest = sum(result.limitedSingles) / result.limitedSingles.length;
      const p50 = percentile(result.fanoutMs, 50);
      const p99 = percentile([...result.fanoutMs, ...result.regionalMs, ...result.limitedMs], 99);
      const regionalRate = (result.regionalMs.length * USERS) / (sum(result.regionalMs) / 1000);
      const limitedRate = (result.limitedMs.length * USERS) / (sum(result.limitedMs) / 1000);
      const decided = result.decisions.filled + result.decisions.capped + result.decisions.noFill;
      metrics.push(
        {
          label: `${result.kind}: fan-out decisions per second`,
          value: Math.round(rate),
          unit: `/s (${moments} moments of ${USERS} users, load ${result.load})`,
        },
        {
          label: `${result.kind}: regional fan-out decisions per second`,
          value: Math.round(regionalRate),
          unit: `/s (${result.regionalMs.length} moments, users in ${REGIONS.length} regions, a tenth excluding gambling)`,
        },
        {
          label: `${result.kind}: account-limited fan-out decisions per second`,
          value: Math.round(limitedRate),
          unit: `/s (${result.limitedMs.length} moments, every account with an allowance never reached)`,
        },
        {
          label: `${result.kind}: account-limited / without limits, median of the pairs`,
          value: round(
            percentile(
              result.limitedMs.map((ms, index) => result.fanoutMs[index]! / ms),
              50,
            ),
            3,
          ),
          unit: `x (each moment against its account-limited one of the same cell and game; informational)`,
        },
        {
          label: `${result.kind}: moment latency p50 / p99 (max)`,
          value: Math.round(p50),
          unit: `/ ${Math.round(p99)} ms`,
        },
        ...Object.entries(result.rawMs).map(([method, list]) => ({
          label: `${result.kind}: raw insert (${method}) decisions per second`,
          value: Math.round((moments * USERS) / (sum(list) / 1000)),
          unit: "/s",
        })),
        {
          label: `${result.kind}: per-request decisions per second (wrk, ${SINGLE_CONNECTIONS} conn.)`,
          value: Math.round(perRequest),
          unit: `/s (p50 ${percentile(
            result.singles.map((s) => s.p50),
            50,
          )} ms, p99 ${percentile(
            result.singles.map((s) => s.p99),
            50,
          )} ms)`,
        },
        {
          label: `${result.kind}: account-limited per-request decisions per second`,
          value: Math.round(limitedPerRequest),
          unit: `/s (${result.limitedSingles.length} runs, every account with an allowance never reached)`,
        },
        ...byEvents(result),
        {
          label: `${result.kind}: decisions filled / capped / no fill`,
          value: result.decisions.filled,
          unit: `/ ${result.decisions.capped} / ${result.decisions.noFill} (of ${decided})`,
        },
        {
          label: `${result.kind}: every 200's impressions committed`,
          value: result.consistent ? 1 : 0,
          unit: "(1 = yes)",
        },
      );
      checks.push(
        {
          label: `${result.kind}: fan-out / raw insert of the same rows`,
          value: round(rate / rawRate, 3),
          target: `>= ${TARGETS.rawRatio[result.kind]}`,
          pass: rate / rawRate >= TARGETS.rawRatio[result.kind],
          note: `${Math.round(rate)} against ${Math.round(rawRate)} decisions/s`,
        },
        {
          label: `${result.kind}: fan-out / per-request decisions`,
          value: round(rate / perRequest, 3),
          target: `>= ${TARGETS.perRequestRatio}`,
          pass: rate / perRequest >= TARGETS.perRequestRatio,
          note: `${Math.round(rate)} against ${Math.round(perRequest)} decisions/s`,
        },
        {
          label: `${result.kind}: regional fan-out / fan-out without regions`,
          value: round(regionalRate / rate, 3),
          target: `>= ${TARGETS.regionalRatio}`,
          pass: regionalRate / rate >= TARGETS.regionalRatio,
          note: `${Math.round(regionalRate)} against ${Math.round(rate)} decisions/s`,
        },
        {
          label: `${result.kind}: account-limited fan-out / fan-out without account limits`,
          value: round(limitedRate / rate, 3),
          target: `>= ${TARGETS.accountRatio}`,
          pass: limitedRate / rate >= TARGETS.accountRatio,
          note: `${Math.round(limitedRate)} against ${Math.round(rate)} decisions/s, moments of the same cells and games`,
        },
        {
          label: `${result.kind}: account-limited single decisions / single decisions without account limits`,
          value: round(limitedPerRequest / perRequest, 3),
          target: `>= ${TARGETS.accountRatio}`,
          pass: limitedPerRequest / perRequest >= TARGETS.accountRatio,
          note: `${Math.round(limitedPerRequest)} against ${Math.round(perRequest)} decisions/s (wrk, ${SINGLE_CONNECTIONS} conn., runs side by side)`,
        },
        {
          label: `${result.kind}: ${USERS}-user moment p99 (ms)`,
          value: Math.round(p99),
          target: `<= ${TARGETS.p99Ms[result.kind]} ms`,
          pass: p99 <= TARGETS.p99Ms[result.kind],
          note: `the slowest of ${moments + result.regionalMs.length + result.limitedMs.length} moments, regional and account-limited ones included`,
        },
        {
          label: `${result.kind}: every 200's impressions committed`,
          value: result.consistent ? 1 : 0,
          target: "1",
          pass: result.consistent,
        },
      );
    }
    if (kinds.length === 2)
      metrics.push({
        label: "PostgreSQL fan-out / SQLite fan-out",
        value: round(fanoutRate.postgresql / fanoutRate.sqlite, 3),
        unit: "x (informational)",
      });
    metrics.push({ label: "load average (1 min) at the end", value: load(), unit: "" });
    return {
      name: "fanout",
      description: `POST /api/delivery/moments over HTTP, ${USERS}-user moments back to back (${MOMENTS_PER_ROUND} per round, ${ROUNDS} rounds after a warm-up), on SQLite and PostgreSQL, ${CAMPAIGNS} campaigns of ${ADVERTISERS} advertisers; per round against a raw insert of each moment's rows (one transaction) and about as many single decisions of a moment drawn the same way (wrk, ${SINGLE_CONNECTIONS} connections)`,
      metrics,
      checks,
      notes: results.flatMap((result) =>
        result.singles
          .map((single) => single.errors)
          .filter(Boolean)
          .map((errors) => `${result.kind}: ${errors}`),
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
