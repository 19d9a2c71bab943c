// The cost of the Prometheus metrics on the hot paths (issue 44: at most 3%): the same build
// serving single decisions and 100-user moments with metrics on (METRICS=1, tracing off) and
// off (METRICS=0: every counter a no-op), in one run, driven by wrk in alternating rounds so
// that a load change on this shared machine hits both alike. Each server has its own copy of
// the same seeded SQLite database. Judged on the server's CPU time per request (what the
// metrics add; throughput on a shared machine moves by more than 3% between rounds), the
// median of the rounds' pairs; the throughput ratio is shown beside it.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { operationLabel } from "@/lib/http/operation-label";
import { createMetrics } from "@/lib/observability/metrics";
import { round, type BenchResult } from "./bench-result";
import { startChild, stopChild } from "./lib/child-server";
import { seedDecisionsBench } from "./lib/decisions-setup";
import { parseWrk, wrkArgs } from "./lib/wrk";

/** seconds per round and server; rounds per shape */
const ROUND_S = 2;
const ROUNDS = 8;
const CONNECTIONS = 16;
const MOMENT_USERS = 100;
/** the issue's target: metrics cost at most 3% */
const TARGET_RATIO = 0.97;

function ensureWrk(): string {
  const found = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  process.stderr.write("installing wrk from Debian's packages (apt-get)...\n");
  execFileSync(
    "sh",
    ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null"],
    { stdio: "inherit" },
  );
  return "wrk";
}

/** Moments of MOMENT_USERS random users each (of 1,000,000), in one of 400 games. */
function momentsLuaScript(key: string): string {
  const types = MOMENT_TYPE_KEYS.map((type) => `"${type}"`).join(", ");
  return `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer ${key}"
local types = { ${types} }
local sports = { "nba", "nfl", "mlb", "ncaa_basketball" }
function init(args)
  math.randomseed(tonumber(args[1]) or 42)
end
request = function()
  local base = math.random(0, 9999) * 100
  local ids = {}
  for i = 1, ${MOMENT_USERS} do ids[i] = string.format('"user-%d"', base + i) end
  local body = string.format('{"moment_type":"%s","sport":"%s","game_id":"game-%d","user_ids":[%s]}',
    types[math.random(#types)], sports[math.random(#sports)], math.random(1, 400), table.concat(ids, ","))
  return wrk.format(nil, nil, nil, body)
end
`;
}

/**
 * Nanoseconds of what the metrics do for one single decision (the request's count and duration,
 * the outcome, a group commit's two histograms as if each decision had a batch of its own), on
 * (real cells) minus off (no-ops), in this process: the deterministic part of the cost.
 */
function metricsWorkNs(): number {
  const time = (enabled: boolean) => {
    const observed = createMetrics(enabled);
    const operation = operationLabel("POST", "/api/delivery/decisions");
    const started = process.hrtime.bigint();
    for (let i = 0; i < 1_000_000; i++) {
      const series = observed.request(operation, i % 5 ? 200 : 204);
      series.count.inc();
      series.seconds.observe((i % 100) / 10_000);
      observed.decisions.filled.inc();
      observed.groupCommitSeconds.observe(0.002);
      observed.groupCommitSize.observe(1);
    }
    return Number(process.hrtime.bigint() - started) / 1_000_000;
  };
  time(true);
  time(false);
  return Math.max(0, median([time(true), time(true), time(true)]) - median([time(false), time(false), time(false)]));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<BenchResult> {
  const binary = ensureWrk();
  const dir = mkdtempSync(join(tmpdir(), "sma-bench-metrics-"));
  const url = `file:${join(dir, "on.db")}`;
  const savedUrl = process.env.DATABASE_URL;
  try {
    const decisionsScript = await seedDecisionsBench(url, dir);
    // the platform key the seed made, from its wrk script
    const key = /Bearer ([^"]+)"/.exec(readFileSync(decisionsScript, "utf8"))![1]!;
    const momentsScript = join(dir, "moments.lua");
    writeFileSync(momentsScript, momentsLuaScript(key));
    copyFileSync(join(dir, "on.db"), join(dir, "off.db"));

    const common = { NODE_ENV: "production", LOG_LEVEL: "warn", PUBLIC_BASE_URL: "http://localhost:3000", DEMO: "0" };
    const servers = [
      await startChild("scripts/bench/lib/decision-server.ts", { ...common, DATABASE_URL: url, METRICS: "1" }),
      await startChild("scripts/bench/lib/decision-server.ts", {
        ...common,
        DATABASE_URL: `file:${join(dir, "off.db")}`,
        METRICS: "0",
      }),
    ];
    const shapes = [
      { name: "decisions", path: "/api/delivery/decisions", script: decisionsScript, unit: "decisions/s" },
      { name: "moments", path: "/api/delivery/moments", script: momentsScript, unit: `moments of ${MOMENT_USERS}/s` },
    ];
    const results: {
      name: string;
      unit: string;
      on: number;
      off: number;
      pairs: number[];
      cpuOn: number;
      cpuOff: number;
      cpuPairs: number[];
      errors: string;
    }[] = [];
    try {
      for (const shape of shapes) {
        const targets = servers.map(({ port }) => `http://127.0.0.1:${port}${shape.path}`);
        for (const target of targets)
          execFileSync(binary, wrkArgs(target, shape.script, 2, CONNECTIONS), { encoding: "utf8" }); // warm-up
        const on: number[] = [];
        const off: number[] = [];
        const cpu: [number[], number[]] = [[], []];
        const errors: string[] = [];
        const seen = async (port: number) =>
          (await (await fetch(`http://127.0.0.1:${port}/__bench/handled`)).json()) as { count: number; cpuUs: number };
        for (let index = 0; index < ROUNDS; index++) {
          for (const which of index % 2 === 0 ? [0, 1] : [1, 0]) {
            await seen(servers[which]!.port);
            const result = parseWrk(
              execFileSync(binary, wrkArgs(targets[which]!, shape.script, ROUND_S, CONNECTIONS), { encoding: "utf8" }),
            );
            const handled = await seen(servers[which]!.port);
            (which === 0 ? on : off).push(result.rps);
            cpu[which as 0 | 1].push(handled.cpuUs / Math.max(1, handled.count));
            if (result.errors) errors.push(result.errors);
          }
        }
        const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
        results.push({
          name: shape.name,
          unit: shape.unit,
          on: mean(on),
          off: mean(off),
          pairs: on.map((value, index) => value / off[index]!),
          cpuOn: median(cpu[0]),
          cpuOff: median(cpu[1]),
          // CPU per request without metrics / with: 1 when free, 0.97 at a 3% cost
          cpuPairs: cpu[0].map((value, index) => cpu[1][index]! / value),
          errors: [...new Set(errors)].join("; "),
        });
      }
    } finally {
      for (const server of servers) await stopChild(server.child);
    }

    const workNs = metricsWorkNs();
    const decisionCpuUs = results.find((result) => result.name === "decisions")!.cpuOff;
    return {
      name: "metrics",
      description: `The hot paths with metrics on (METRICS=1, tracing off) against the same build with METRICS=0, on SQLite with 200 active campaigns (the decisions bench's seed, a copy each): single decisions and ${MOMENT_USERS}-user moments, wrk at ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_S} s per server after a 2 s warm-up`,
      metrics: [
        {
          label: "metrics work per single decision, in process",
          value: round(workNs, 1),
          unit: `ns (${round((workNs / 1000 / decisionCpuUs) * 100, 3)}% of the ${Math.round(decisionCpuUs)} us of CPU a decision takes without)`,
        },
        ...results.flatMap((result) => [
          {
            label: `${result.name}: CPU per request with / without metrics`,
            value: Math.round(result.cpuOn),
            unit: `/ ${Math.round(result.cpuOff)} us (medians of the rounds)`,
          },
          {
            label: `${result.name}: CPU ratio of each round's pair`,
            value: round(median(result.cpuPairs), 3),
            unit: `median (${result.cpuPairs.map((pair) => round(pair, 3)).join(", ")})`,
          },
          { label: `${result.name} with metrics`, value: Math.round(result.on), unit: result.unit },
          { label: `${result.name} without metrics`, value: Math.round(result.off), unit: result.unit },
          {
            label: `${result.name}: throughput ratio of each round's pair`,
            value: round(median(result.pairs), 3),
            unit: `median (${result.pairs.map((pair) => round(pair, 3)).join(", ")})`,
          },
        ]),
      ],
      checks: results.map((result) => ({
        label: `${result.name}: CPU per request without metrics / with (median of the rounds' pairs)`,
        value: round(median(result.cpuPairs), 3),
        target: `>= ${TARGET_RATIO} (a cost of at most 3%)`,
        pass: median(result.cpuPairs) >= TARGET_RATIO,
        note: `throughput with / without ${round(median(result.pairs), 3)}x (median of pairs), means ${Math.round(result.on)} against ${Math.round(result.off)} ${result.unit}${result.errors ? `; ${result.errors}` : ""}`,
      })),
    };
  } finally {
    if (savedUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedUrl;
    rmSync(dir, { recursive: true, force: true });
  }
}
