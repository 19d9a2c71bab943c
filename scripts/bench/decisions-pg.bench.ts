// Decisions on PostgreSQL with one and with two app instances (issue 14): the
// same hot path, campaigns and wrk load as decisions.bench.ts, against a fresh
// database on the local PostgreSQL (SMA_BENCH_PG_URL, or the throwaway server of
// scripts/lib/local-postgres.ts). Two instances are two decision-server
// processes on one database, each loaded by its own wrk with half the
// connections; their rates add up. A bare node:http server runs in the same
// run for scale. The machine has two cores: PostgreSQL, the instances and wrk
// share them, so two instances measure contention, not scaling.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { disconnectDb } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { ensureLocalPostgres, freshPgDatabase } from "@/scripts/lib/local-postgres";
import { round, type BenchResult } from "./bench-result";
import { startChild, stopChild } from "./lib/child-server";
import { seedDecisionsBench } from "./lib/decisions-setup";
import { parseWrk, wrkArgs, type WrkResult } from "./lib/wrk";

const run$ = promisify(execFile);
const DURATION_S = 10;
const CONNECTIONS = Number(process.env.SMA_BENCH_CONNECTIONS ?? 32);

type Wrk = Pick<WrkResult, "rps" | "p50" | "p99" | "errors">;

async function wrk(url: string, script: string, seconds: number, connections: number): Promise<Wrk> {
  const { stdout } = await run$("wrk", wrkArgs(url, script, seconds, connections), { encoding: "utf8" });
  return parseWrk(stdout);
}

const load = () => round(loadavg()[0]!, 1);

export async function run(): Promise<BenchResult> {
  const server = process.env.SMA_BENCH_PG_URL ?? ensureLocalPostgres().url;
  const name = `sma_bench_decisions_${process.pid}`;
  const { url, drop } = await freshPgDatabase(server, name);
  const dir = mkdtempSync(join(tmpdir(), "sma-bench-decisions-pg-"));
  const previousUrl = process.env.DATABASE_URL;
  try {
    const script = await seedDecisionsBench(url, dir);
    const env = {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: url,
      PUBLIC_BASE_URL: "http://localhost:3000",
      DEMO: "0",
    };

    /** `count` servers of `file`, each loaded by its own wrk with CONNECTIONS / count connections. */
    const measure = async (file: string, count: number) => {
      const children = await Promise.all(Array.from({ length: count }, () => startChild(file, env)));
      try {
        const urls = children.map(({ port }) => `http://127.0.0.1:${port}/api/delivery/decisions`);
        const per = Math.max(1, Math.floor(CONNECTIONS / count));
        await Promise.all(urls.map((target) => wrk(target, script, 3, per))); // warm-up
        const loadBefore = load();
        const results = await Promise.all(urls.map((target) => wrk(target, script, DURATION_S, per)));
        return {
          rps: results.reduce((sum, result) => sum + result.rps, 0),
          p50: Math.max(...results.map((result) => result.p50)),
          p99: Math.max(...results.map((result) => result.p99)),
          errors: results
            .map((result) => result.errors)
            .filter(Boolean)
            .join("; "),
          load: `${loadBefore}-${load()}`,
        };
      } finally {
        await Promise.all(children.map(({ child }) => stopChild(child)));
      }
    };
    const bare = await measure("scripts/bench/lib/bare-server.ts", 1);
    const one = await measure("scripts/bench/lib/decision-server.ts", 1);
    const two = await measure("scripts/bench/lib/decision-server.ts", 2);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ filled: string; impressions: string }>(
      `SELECT (SELECT SUM(auction_count) FROM auctions WHERE outcome = 'filled') AS filled, (SELECT COUNT(*) FROM impressions) AS impressions`,
    );
    await client.end();
    const consistent = rows[0]!.filled === rows[0]!.impressions;
    const line = (label: string, result: typeof one) => [
      { label: `${label}: requests per second`, value: Math.round(result.rps), unit: `/s (load ${result.load})` },
      { label: `${label}: p50 / p99 at ${CONNECTIONS} connections`, value: result.p50, unit: `/ ${result.p99} ms` },
    ];
    return {
      name: "decisions-pg",
      description: `POST /api/delivery/decisions on PostgreSQL (${server.replace(/\/[^/]*$/, "")}), 200 active campaigns, wrk with ${CONNECTIONS} connections in all for ${DURATION_S} s after a 3 s warm-up: one app instance, then two on the same database (each its own wrk with half the connections), and a bare node:http server; two cores shared by PostgreSQL, the instances and wrk`,
      metrics: [
        ...line("bare node:http", bare),
        ...line("one instance", one),
        ...line("two instances", two),
        { label: "one instance / bare", value: round(one.rps / bare.rps, 3), unit: "x" },
        { label: "two instances / one", value: round(two.rps / one.rps, 3), unit: "x" },
      ],
      // no speed target of its own; what must hold is the committed impression behind every 200
      checks: [
        {
          label: "impressions committed = filled auctions",
          value: consistent ? 1 : 0,
          target: "1 (every filled auction)",
          pass: consistent,
        },
      ],
      notes: [
        "no speed target of its own: figures for docs/benchmarks.md and docs/operators.md",
        ...[one.errors, two.errors].filter(Boolean),
      ],
    };
  } finally {
    await disconnectDb();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    reloadEnv();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
