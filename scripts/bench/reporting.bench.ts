// Reporting benchmark (issues 5 and 14): getCampaignReport and getCampaignTimeseries over 10 million impressions
// across 90 days in several zones (UTC, Asia/Kolkata +05:30, Asia/Kathmandu
// +05:45, Australia/Eucla +08:45, America/New_York across a DST change),
// each compared in the same run with the hand-written UTC SQL aggregate over
// the rollup table for the same shape (target: at most 2x its time).
//
//   npm run bench:reporting                        # 10,000,000 impressions, SQLite
//   npm run bench:reporting -- --impressions 1000000 --iterations 10
//   npm run bench:reporting -- --db postgresql     # the local PostgreSQL (SMA_PG_PORT)
//   npm run bench:reporting -- --keep              # keep (and reuse) the generated database
//
// The data are generated in one pass over 90 days of UTC hours with an evening
// peak (US sports): every impression row, 2% of them clicked (click rows),
// 5% of clicks converted (conversion rows), and the hourly rollups of those
// same rows with their quarter-hour counts, built by the writers' own functions
// (impressionRollups for a batch of impressions and clicks, conversionRollup per
// conversion, mergeRollupDeltas, rollupValues) and upserted with their conflict
// clause, a day's events at a time. One campaign with three creatives, four
// moment types and two sports holds all of it.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import type { Actor } from "@/lib/auth/actor";
import { issueAccessToken } from "@/lib/auth/tokens";
import { db, disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { insertCampaign } from "@/lib/domain/campaigns/campaign-rows";
import { DAY_MS, HOUR_MS } from "@/lib/clock";
import { reloadEnv } from "@/lib/env";
import { createRng } from "@/lib/random";
import { ensureLocalPostgres, freshPgDatabase } from "@/scripts/lib/local-postgres";
import { getCampaignReport, getCampaignTimeseries, readBothPlans } from "@/test/reports";
import type { BenchResult } from "./bench-result";
import * as sql from "@/lib/db/sql";
import type { ClickRecord, ImpressionRecord } from "@/lib/delivery/store/delivery-store";
import { impressionRollups } from "@/lib/delivery/store/commit-plan";
import { conversionRollup } from "@/lib/domain/conversions/record-conversion";
import {
  mergeRollupDeltas,
  ROLLUP_COLUMNS,
  ROLLUP_ON_CONFLICT,
  rollupValues,
  type RollupDelta,
  type RollupRow,
} from "@/lib/domain/rollups/increment-rollups";

const DAYS = 90;
const CREATIVES = ["cr_bench_a", "cr_bench_b", "cr_bench_c"];
const MOMENTS = ["close_game", "overtime", "spread_alert", "bet_resolved"];
const SPORTS = ["nba", "nfl"];
const CAMPAIGN = "cmp_bench_reporting";
// 2025-12-16 to 2026-03-15: the range crosses the US DST change of 2026-03-08
const END_MS = Date.parse("2026-03-16T00:00:00Z");
const START_MS = END_MS - DAYS * DAY_MS;
/** UTC; +05:30; +05:45; +08:45; a DST change inside the range (2026-03-08) */
const ZONES = ["UTC", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Eucla", "America/New_York"];

export type Measure = { name: string; medianMs: number; p95Ms: number; iterations: number };
export type ReportingBenchResult = {
  database: "sqlite" | "postgresql";
  impressions: number;
  clicks: number;
  conversions: number;
  rollupRows: number;
  generationMs: number;
  measures: Measure[];
  ratios: { name: string; value: number; target?: number; pass?: boolean }[];
};

export type ReportingBenchOptions = {
  impressions?: number;
  iterations?: number;
  db?: "sqlite" | "postgresql";
  keep?: boolean;
  log?: (line: string) => void;
};

// ---------------------------------------------------------------- data

/** Share of a day's impressions in each UTC hour: an evening peak in US time (00:00-04:00 UTC). */
function hourWeights(): number[] {
  const weights = Array.from({ length: 24 }, (_, hour) => {
    const us = (hour + 24 - 5) % 24; // Eastern standard time
    return us >= 12 ? 1 + 4 * Math.exp(-(((us - 20) / 2.5) ** 2)) : 0.25;
  });
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => weight / total);
}

type Sink = {
  impression(values: unknown[]): void;
  click(values: unknown[]): void;
  conversion(values: unknown[]): void;
  /** one writer's upsert: rows (in ROLLUP_COLUMNS order) with distinct keys, added to any existing row */
  rollups(rows: unknown[][]): void;
  flush(): Promise<void>;
};

/** Generates the data set into `sink`; returns counts. Deterministic for a given size. */
async function generate(total: number, advertiserId: string, sink: Sink) {
  const random = createRng(90).next;
  const weights = hourWeights();
  const perHour: number[] = [];
  for (let day = 0; day < DAYS; day++) for (let hour = 0; hour < 24; hour++) perHour.push(weights[hour]! / DAYS);
  // a day's events, whose rollup rows are built as the writers build them and upserted at each flush
  const impressions: ImpressionRecord[] = [];
  const clickRecords: ClickRecord[] = [];
  const conversionDeltas: RollupDelta[] = [];
  const rollupKeys = new Set<string>();
  const upsert = (rows: RollupRow[]) => {
    for (const row of rows) rollupKeys.add(`${row.creativeId}|${row.momentType}|${row.sport}|${row.hourMs}`);
    sink.rollups(rows.map(rollupValues));
  };
  const flush = async () => {
    // the delivery writer's batch (impressions and their clicks), then the conversions (recordConversion's delta)
    upsert(impressionRollups(impressions, clickRecords));
    upsert(mergeRollupDeltas(conversionDeltas));
    impressions.length = 0;
    clickRecords.length = 0;
    conversionDeltas.length = 0;
    await sink.flush();
  };
  let spend = 0;
  let index = 0;
  let clicks = 0;
  let conversions = 0;
  let carry = 0;
  const pad = (n: number) => String(n).padStart(10, "0");
  for (let h = 0; h < perHour.length; h++) {
    const exact = perHour[h]! * total + carry;
    const count = h === perHour.length - 1 ? total - index : Math.floor(exact);
    carry = exact - count;
    const hourStart = START_MS + h * HOUR_MS;
    for (let i = 0; i < count; i++, index++) {
      const creative = CREATIVES[index % 3]!;
      const moment = MOMENTS[Math.floor(random() * 4)]!;
      const sport = SPORTS[random() < 0.6 ? 0 : 1]!;
      const servedAt = hourStart + Math.floor((i / count) * HOUR_MS);
      const clearing = 350_000 + Math.floor(random() * 2_650_000);
      const cost = Math.floor((clearing + 500) / 1000);
      const impression: ImpressionRecord = {
        impressionId: `imp_${pad(index)}`,
        clickId: `clk_${pad(index)}`,
        advertiserId,
        campaignId: CAMPAIGN,
        creativeId: creative,
        momentType: moment,
        sport,
        gameId: `game_${Math.floor(index / 5000)}`,
        userId: `user_${index % 50_000}`,
        region: null,
        bidders: 1,
        winningBidMicros: clearing,
        clearingCpmMicros: clearing,
        costMicros: cost,
        servedAtMs: servedAt,
        sandbox: false,
        emitEvent: false,
      };
      impressions.push(impression);
      sink.impression([
        impression.impressionId,
        impression.clickId,
        advertiserId,
        CAMPAIGN,
        creative,
        moment,
        sport,
        impression.gameId,
        impression.userId,
        clearing,
        cost,
        servedAt,
      ]);
      spend += cost;
      if (random() < 0.02) {
        const clickedAt = servedAt + Math.floor(random() * 30 * 60_000);
        clicks++;
        sink.click([`clk_${pad(index)}`, `imp_${pad(index)}`, CAMPAIGN, creative, moment, sport, 0, clickedAt]);
        const click: ClickRecord = {
          clickId: impression.clickId,
          impressionId: impression.impressionId,
          advertiserId,
          campaignId: CAMPAIGN,
          creativeId: creative,
          momentType: moment,
          sport,
          region: null,
          clickedAtMs: clickedAt,
        };
        clickRecords.push(click);
        if (random() < 0.05) {
          const recordedAt = clickedAt + Math.floor(random() * DAY_MS);
          const value = 10_000_000 + Math.floor(random() * 90_000_000);
          conversions++;
          sink.conversion([
            `cnv_${pad(index)}`,
            `clk_${pad(index)}`,
            CAMPAIGN,
            creative,
            moment,
            sport,
            "deposit",
            value,
            clickedAt,
            recordedAt,
          ]);
          conversionDeltas.push(conversionRollup(click, recordedAt, BigInt(value)));
        }
      }
    }
    if (h % 24 === 23) await flush();
  }
  await flush();
  return { impressions: total, clicks, conversions, rollupRows: rollupKeys.size, spend };
}

const COLUMNS = {
  impressions:
    "id, click_id, advertiser_id, campaign_id, creative_id, moment_type, sport, game_id, user_id, clearing_cpm_micros, cost_micros, served_at_ms",
  clicks: "id, impression_id, campaign_id, creative_id, moment_type, sport, converted, clicked_at_ms",
  conversions:
    "id, click_id, campaign_id, creative_id, moment_type, sport, event_type, event_value_micros, clicked_at_ms, recorded_at_ms",
  hourly_rollups: ROLLUP_COLUMNS.join(", "),
} as const;
type Table = keyof typeof COLUMNS;
/** rollup rows are upserted as the writers upsert them: several batches add to the same hour's row */
const UPSERT: Record<Table, string> = {
  impressions: "",
  clicks: "",
  conversions: "",
  hourly_rollups: ROLLUP_ON_CONFLICT,
};

function sqliteSink(path: string): Sink & { close(): void } {
  const handle = new Database(path);
  handle.pragma("journal_mode = WAL");
  handle.pragma("synchronous = OFF");
  handle.pragma("cache_size = -1000000");
  const statements = Object.fromEntries(
    (Object.keys(COLUMNS) as Table[]).map((table) => {
      const count = COLUMNS[table].split(",").length;
      return [
        table,
        handle.prepare(
          `INSERT INTO ${table} (${COLUMNS[table]}) VALUES (${Array(count).fill("?").join(", ")}) ${UPSERT[table]}`,
        ),
      ];
    }),
  ) as Record<Table, Database.Statement>;
  const pending: [Table, unknown[]][] = [];
  const write = handle.transaction((rows: [Table, unknown[]][]) => {
    for (const [table, values] of rows) statements[table].run(values);
  });
  return {
    impression: (values) => pending.push(["impressions", values]),
    click: (values) => pending.push(["clicks", values]),
    conversion: (values) => pending.push(["conversions", values]),
    rollups: (rows) => {
      for (const values of rows) pending.push(["hourly_rollups", values]);
    },
    flush: async () => {
      write(pending);
      pending.length = 0;
    },
    close: () => handle.close(),
  };
}

function pgSink(client: pg.Client): Sink {
  const pending: Record<"impressions" | "clicks" | "conversions", unknown[][]> = {
    impressions: [],
    clicks: [],
    conversions: [],
  };
  /** each writer's rollup rows in their own statements: one statement may not upsert a key twice */
  const rollupBatches: unknown[][][] = [];
  const insert = async (table: Table, rows: unknown[][]) => {
    const width = COLUMNS[table].split(",").length;
    for (let start = 0; start < rows.length; start += 2000) {
      const chunk = rows.slice(start, start + 2000);
      const params: unknown[] = [];
      const tuples = chunk.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(", ")})`);
      if (chunk[0]!.length !== width) throw new Error("column count");
      await client.query(
        `INSERT INTO ${table} (${COLUMNS[table]}) VALUES ${tuples.join(", ")} ${UPSERT[table]}`,
        params,
      );
    }
    rows.length = 0;
  };
  return {
    impression: (values) => pending.impressions.push(values),
    click: (values) => pending.clicks.push(values.map((value, index) => (index === 6 ? false : value))),
    conversion: (values) => pending.conversions.push(values),
    rollups: (rows) => rollupBatches.push(rows),
    flush: async () => {
      await client.query("BEGIN");
      for (const table of ["impressions", "clicks", "conversions"] as const) await insert(table, pending[table]);
      for (const rows of rollupBatches) await insert("hourly_rollups", rows);
      rollupBatches.length = 0;
      await client.query("COMMIT");
    },
  };
}

// ---------------------------------------------------------------- timing

const round = (value: number) => Math.round(value * 100) / 100;

function summarize(name: string, times: number[]): Measure {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { name, medianMs: round(at(0.5)), p95Ms: round(at(0.95)), iterations: sorted.length };
}

/**
 * Times two operations alternately (A B, B A, A B, ...) so that both see the same
 * load on a shared machine; the ratio of their medians is what gets compared.
 */
async function measurePair(
  a: { name: string; fn: () => Promise<unknown> },
  b: { name: string; fn: () => Promise<unknown> },
  iterations: number,
): Promise<[Measure, Measure]> {
  for (let warm = 0; warm < 3; warm++) {
    await a.fn();
    await b.fn();
  }
  const times: [number[], number[]] = [[], []];
  const once = async (index: 0 | 1) => {
    const started = performance.now();
    await (index === 0 ? a.fn() : b.fn());
    times[index].push(performance.now() - started);
  };
  for (let run = 0; run < iterations; run++) {
    if (run % 2 === 0) {
      await once(0);
      await once(1);
    } else {
      await once(1);
      await once(0);
    }
  }
  return [summarize(a.name, times[0]), summarize(b.name, times[1])];
}

// ---------------------------------------------------------------- run

export async function runReporting(options: ReportingBenchOptions = {}): Promise<ReportingBenchResult> {
  const total = options.impressions ?? 10_000_000;
  const iterations = options.iterations ?? 20;
  const kind = options.db ?? "sqlite";
  const log = options.log ?? ((line: string) => console.log(line));
  const previousUrl = process.env.DATABASE_URL;
  const previousLevel = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = "silent";

  let url: string;
  let cleanup: () => Promise<void> = async () => {};
  let pgAdmin: pg.Client | undefined;
  let pgServer: string | undefined;
  const name = `sma_bench_reporting_${total}`;
  if (kind === "sqlite") {
    const dir = options.keep
      ? join(process.cwd(), "data", "bench")
      : join(tmpdir(), `sma-bench-reporting-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `reporting-${total}.db`);
    url = `file:${path}`;
    if (!options.keep) cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const server = ensureLocalPostgres();
    pgServer = server.url;
    pgAdmin = new pg.Client({ connectionString: server.url });
    await pgAdmin.connect();
    url = server.url.replace(/\/postgres$/, `/${name}`);
  }

  const reuse =
    options.keep &&
    (kind === "sqlite"
      ? existsSync(url.slice(5))
      : ((await pgAdmin!.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount ?? 0) > 0);
  if (kind === "postgresql" && !reuse) {
    // migrated below, with a kept database that is reused
    const { drop } = await freshPgDatabase(pgServer!, name);
    if (!options.keep) cleanup = drop;
  }
  if (kind === "sqlite" && !reuse) rmSync(url.slice(5), { force: true });

  process.env.DATABASE_URL = url;
  reloadEnv();
  await disconnectDb();
  try {
    await deployMigrations(url);
    let advertiserId: string;
    let counts: { impressions: number; clicks: number; conversions: number; rollupRows: number };
    let generationMs = 0;
    const existing = reuse ? await db().campaign.findUnique({ where: { id: CAMPAIGN } }) : null;
    if (existing) {
      advertiserId = existing.advertiserId;
      counts = {
        impressions: Number(existing.impressions),
        clicks: Number(existing.clicks),
        conversions: Number(existing.conversions),
        rollupRows: await db().hourlyRollup.count({ where: { campaignId: CAMPAIGN } }),
      };
      log(`reusing ${counts.impressions.toLocaleString("en-US")} impressions in ${url}`);
    } else {
      const advertiser = await createAdvertiser({
        name: "Bench Advertiser",
        email: `bench-${Date.now()}@example.test`,
        password: "bench password 1",
      });
      advertiserId = advertiser.advertiser_id;
      await insertCampaign({
        id: CAMPAIGN,
        advertiserId,
        name: "Reporting benchmark",
        momentTypes: MOMENTS,
        sports: SPORTS,
        bidCpmMicros: 3_000_000n,
        dailyBudgetMicros: 1_000_000_000_000n,
        totalBudgetMicros: 1_000_000_000_000n,
        startDate: new Date(START_MS).toISOString().slice(0, 10),
        creatives: CREATIVES.map((id, index) => ({
          id,
          headline: `Headline ${index}`,
          body: "Body",
          iconUrl: "https://cdn.example.com/icon.png",
          actionUrl: "https://book.example.com/",
          status: "approved",
        })),
      });
      log(`generating ${total.toLocaleString("en-US")} impressions over ${DAYS} days into ${kind}...`);
      const started = performance.now();
      let generated: Awaited<ReturnType<typeof generate>>;
      if (kind === "sqlite") {
        await disconnectDb();
        const sink = sqliteSink(url.slice(5));
        generated = await generate(total, advertiserId, sink);
        sink.close();
      } else {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        generated = await generate(total, advertiserId, pgSink(client));
        await client.query("ANALYZE");
        await client.end();
      }
      generationMs = Math.round(performance.now() - started);
      await db().campaign.update({
        where: { id: CAMPAIGN },
        data: {
          impressions: BigInt(generated.impressions),
          clicks: BigInt(generated.clicks),
          conversions: BigInt(generated.conversions),
          spendMicros: BigInt(generated.spend),
        },
      });
      counts = generated;
      log(
        `generated in ${(generationMs / 1000).toFixed(1)} s: ${counts.clicks.toLocaleString("en-US")} clicks, ${counts.conversions.toLocaleString("en-US")} conversions, ${counts.rollupRows.toLocaleString("en-US")} rollup rows`,
      );
    }

    const actor: Actor = { advertiserId, scopes: new Set(["reporting:read"]), via: "token" };
    const startDate = new Date(START_MS).toISOString().slice(0, 10);
    const endDate = new Date(END_MS - DAY_MS).toISOString().slice(0, 10);
    const monthStartDate = new Date(END_MS - 31 * DAY_MS).toISOString().slice(0, 10);
    const start = BigInt(START_MS);
    const end = BigInt(END_MS);

    // Hand-written aggregates over the rollup table, one per report shape: what a developer would write for
    // UTC days and hours (getCampaignReport answers the same in any zone). Same database, same driver path as the app.
    const client = db();
    const sums = sql.raw(
      "CAST(SUM(impressions) AS BIGINT) AS i, CAST(SUM(clicks) AS BIGINT) AS c, CAST(SUM(conversions) AS BIGINT) AS v, CAST(SUM(spend_micros) AS BIGINT) AS s",
    );
    const sqlRollups = (key: string | null) =>
      key === null
        ? client.$queryRaw`SELECT ${sums} FROM hourly_rollups WHERE campaign_id = ${CAMPAIGN} AND hour_ms >= ${start} AND hour_ms < ${end}`
        : client.$queryRaw`SELECT ${sql.raw(key)} AS k, ${sums} FROM hourly_rollups
            WHERE campaign_id = ${CAMPAIGN} AND hour_ms >= ${start} AND hour_ms < ${end} GROUP BY ${sql.raw(key)}`;
    // check that getCampaignReport (from rollups) answers what the raw rows hold before timing it
    const check = (await getCampaignReport(actor, CAMPAIGN, { start_date: startDate, end_date: endDate })).report;
    const [raw] = await client.$queryRaw<{ i: unknown; c: unknown; s: unknown }[]>`
      SELECT (SELECT COUNT(*) FROM impressions WHERE campaign_id = ${CAMPAIGN} AND served_at_ms >= ${start} AND served_at_ms < ${end}) AS i,
             (SELECT COUNT(*) FROM clicks WHERE campaign_id = ${CAMPAIGN} AND clicked_at_ms >= ${start} AND clicked_at_ms < ${end}) AS c,
             (SELECT CAST(SUM(cost_micros) AS BIGINT) FROM impressions WHERE campaign_id = ${CAMPAIGN} AND served_at_ms >= ${start} AND served_at_ms < ${end}) AS s`;
    const expected = { impressions: Number(raw!.i), clicks: Number(raw!.c), spend: Number(raw!.s) / 1e6 };
    if (
      check.totals.impressions !== expected.impressions ||
      check.totals.clicks !== expected.clicks ||
      Math.abs(check.totals.spend_usd - expected.spend) > 1e-6
    ) {
      throw new Error(`E9 totals ${JSON.stringify(check.totals)} differ from the raw rows ${JSON.stringify(expected)}`);
    }
    log(
      `E9 totals match the raw rows: ${expected.impressions.toLocaleString("en-US")} impressions, ${expected.clicks.toLocaleString("en-US")} clicks, ${expected.spend.toFixed(6)} USD`,
    );
    // and that in every zone, local days and hours of day from the rollups equal those computed from the raw rows
    const range = { start_date: startDate, end_date: endDate };
    for (const timezone of ZONES) {
      for (const breakdown of ["day", "hour_of_day"] as const) {
        const plans = await readBothPlans(CAMPAIGN, { ...range, timezone }, { breakdown });
        if (plans.source !== "rollups" || JSON.stringify(plans.fromRollups) !== JSON.stringify(plans.fromRaw))
          throw new Error(`E9 ${breakdown} in ${timezone}: the rollups (${plans.source}) differ from the raw rows`);
      }
    }
    log(`E9 by day and by hour of day from the rollups equal the raw rows' in ${ZONES.join(", ")}`);

    const measures: Measure[] = [];
    log(
      `E9/E10 over ${counts.impressions.toLocaleString("en-US")} impressions, ${DAYS} days, against the UTC SQL of each shape:`,
    );
    const pairs: [Measure, Measure, string][] = [];
    const show = (result: Measure) => {
      measures.push(result);
      log(
        `  ${result.name.padEnd(72)} median ${String(result.medianMs).padStart(9)} ms   p95 ${String(result.p95Ms).padStart(9)} ms   (n=${result.iterations})`,
      );
    };
    const pair = async (label: string, sql: string | null, report: () => Promise<unknown>) => {
      const [base, e9] = await measurePair(
        { name: `SQL: ${sql === null ? "SUM" : `GROUP BY ${sql}`}`, fn: () => sqlRollups(sql) },
        { name: label, fn: report },
        iterations,
      );
      show(base);
      show(e9);
      pairs.push([e9, base, label]);
      return e9;
    };
    // every report shape in every zone against the hand-written UTC SQL of the same shape
    const shapes: { label: string; sql: string | null; report: (timezone: string) => Promise<unknown> }[] = [
      {
        label: "E9 totals",
        sql: null,
        report: (timezone) => getCampaignReport(actor, CAMPAIGN, { ...range, timezone }),
      },
      {
        label: "E9 breakdown=day",
        sql: "hour_ms / 86400000",
        report: (timezone) => getCampaignReport(actor, CAMPAIGN, { ...range, timezone, breakdown: "day" }),
      },
      {
        label: "E9 breakdown=hour_of_day",
        sql: "(hour_ms % 86400000) / 3600000",
        report: (timezone) => getCampaignReport(actor, CAMPAIGN, { ...range, timezone, breakdown: "hour_of_day" }),
      },
      {
        label: "E9 breakdown=creative",
        sql: "creative_id",
        report: (timezone) => getCampaignReport(actor, CAMPAIGN, { ...range, timezone, breakdown: "creative" }),
      },
      {
        label: "E10 day series",
        sql: "hour_ms / 86400000",
        report: (timezone) => getCampaignTimeseries(actor, CAMPAIGN, { ...range, timezone }),
      },
    ];
    for (const timezone of ZONES) {
      log(`${timezone}:`);
      for (const shape of shapes) await pair(`${shape.label}, ${timezone}`, shape.sql, () => shape.report(timezone));
    }
    // getCampaignTimeseries by hour: the longest series the API allows (31 days) against GROUP BY hour over the same days' rollups
    const monthStart = BigInt(END_MS - 31 * DAY_MS);
    const sqlHours = () =>
      client.$queryRaw`SELECT hour_ms AS k, ${sums} FROM hourly_rollups
        WHERE campaign_id = ${CAMPAIGN} AND hour_ms >= ${monthStart} AND hour_ms < ${end} GROUP BY hour_ms`;
    log("E10 hour series, 31 days:");
    for (const timezone of ZONES) {
      const [base, e10] = await measurePair(
        { name: "SQL: GROUP BY hour_ms (31 days)", fn: sqlHours },
        {
          name: `E10 hour series (31 days), ${timezone}`,
          fn: () =>
            getCampaignTimeseries(actor, CAMPAIGN, {
              start_date: monthStartDate,
              end_date: endDate,
              timezone,
              granularity: "hour",
            }),
        },
        iterations,
      );
      show(base);
      show(e10);
      pairs.push([e10, base, e10.name]);
    }

    // through the route handler: token verification, rate limit (a database write), JSON
    const { GET: reportRoute } = (await import("@/test/rest-routes")).restRoute("/api/ads/reporting/campaigns/{id}");
    const client2 = await db().apiClient.findFirstOrThrow({ where: { advertiserId } });
    const token = (await issueAccessToken({ clientId: client2.id, advertiserId, scopes: ["reporting:read"] })).token;
    const routeUrl = `http://bench.local/api/ads/reporting/campaigns/${CAMPAIGN}?start_date=${startDate}&end_date=${endDate}&timezone=America/New_York&breakdown=day`;
    const [routeBase, e9Route] = await measurePair(
      { name: "SQL: GROUP BY hour_ms / 86400000", fn: () => sqlRollups("hour_ms / 86400000") },
      {
        name: "E9 breakdown=day, America/New_York, route handler (token, rate limit, JSON)",
        fn: async () => {
          const response = await reportRoute(
            new Request(routeUrl, { headers: { authorization: `Bearer ${token}`, "x-sma-client-ip": "203.0.113.1" } }),
            { params: Promise.resolve({ id: CAMPAIGN }) },
          );
          if (response.status !== 200) throw new Error(`E9 route answered ${response.status}`);
          await response.text();
        },
      },
      // 3 warm-ups + at most 40 timed: well within the 60 per minute getCampaignReport allows
      Math.min(iterations, 40),
    );
    show(routeBase);
    show(e9Route);

    const ratio = (name: string, a: Measure, b: Measure, target?: number) => {
      const value = Math.round((a.medianMs / b.medianMs) * 100) / 100;
      return { name, value, ...(target === undefined ? {} : { target, pass: value <= target }) };
    };
    const ratios = [
      ...pairs.map(([e9, base, label]) => ratio(`${label} / SQL`, e9, base, 2)),
      ratio("E9 breakdown=day through the route handler / SQL", e9Route, routeBase),
    ];
    log("Ratios (median / median):");
    for (const entry of ratios) {
      log(
        `  ${entry.name.padEnd(64)} ${entry.value.toFixed(2)}x${entry.target ? `   target <= ${entry.target}x: ${entry.pass ? "met" : "not met"}` : ""}`,
      );
    }
    return { database: kind, ...counts, generationMs, measures, ratios };
  } finally {
    await disconnectDb();
    await cleanup();
    await pgAdmin?.end();
    process.env.DATABASE_URL = previousUrl;
    if (previousLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLevel;
    reloadEnv();
  }
}

/** The common shape for `npm run bench` (scripts/bench/run.ts). */
export async function run(): Promise<BenchResult> {
  const result = await runReporting({ log: (line) => process.stderr.write(`${line}\n`) });
  return {
    name: "reporting",
    description: `E9/E10 over ${result.impressions.toLocaleString("en-US")} impressions across ${DAYS} days (${result.database}), against hand-written SQL in the same run`,
    metrics: [
      { label: "data generation", value: Math.round(result.generationMs), unit: "ms" },
      ...result.measures.map((entry) => ({ label: `${entry.name} (median)`, value: entry.medianMs, unit: "ms" })),
    ],
    checks: result.ratios
      .filter((entry) => entry.target !== undefined)
      .map((entry) => ({
        label: entry.name,
        value: entry.value,
        target: `<= ${entry.target}x`,
        pass: entry.pass ?? false,
      })),
    notes: result.ratios.filter((entry) => entry.target === undefined).map((entry) => `${entry.name}: ${entry.value}x`),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      impressions: { type: "string" },
      iterations: { type: "string" },
      db: { type: "string" },
      keep: { type: "boolean" },
    },
  });
  const kind = values.db === "postgresql" || values.db === "pg" ? "postgresql" : "sqlite";
  runReporting({
    impressions: values.impressions ? Number(values.impressions) : undefined,
    iterations: values.iterations ? Number(values.iterations) : undefined,
    db: kind,
    keep: values.keep,
  }).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
