// Webhook throughput (issue 14): signed single-event deliveries per second by
// the real dispatcher (claim, sign, guarded POST, conditional record, attempt
// log) to a local receiver in a child process, against a bare loop of HTTP
// POSTs of the same bodies with the same concurrency to the same receiver, in
// the same run; and the outbox fan-out rate with 10,000 queued events.
// SQLite by default (a fresh file); SMA_BENCH_PG_URL=<server url> runs it on a
// fresh database on that PostgreSQL server.
import { mkdtempSync, rmSync } from "node:fs";
import { request, Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SCOPES } from "@/lib/auth/scopes";
import { freshPgDatabase } from "@/scripts/lib/local-postgres";
import { db, disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { createAdvertiser } from "@/lib/domain/advertisers/create-advertiser";
import { registerWebhook } from "@/lib/webhooks/register-webhook";
import { reloadEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { fanOutEvents } from "@/lib/webhooks/fan-out";
import { outboxRow } from "@/lib/webhooks/outbox";
import { round, type BenchResult } from "./bench-result";
import { startChild, stopChild } from "./lib/child-server";

const EVENTS = Number(process.env.SMA_BENCH_WEBHOOK_EVENTS ?? 10_000);
/** one endpoint per advertiser; the dispatcher sends at most 4 at a time to one endpoint */
const ENDPOINTS = Number(process.env.SMA_BENCH_WEBHOOK_ENDPOINTS ?? 16);
/** the dispatcher's default attempts in flight per process (docs/decisions/0600) */
const CONCURRENCY = 32;
const TARGET_RATIO = 0.5;
const TARGET_PER_SECOND = 2_000;

async function freshDatabase(): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const server = process.env.SMA_BENCH_PG_URL;
  if (server) {
    const { url, drop } = await freshPgDatabase(server, `sma_bench_webhooks_${process.pid}`, { migrate: true });
    return { url, cleanup: drop };
  }
  const dir = mkdtempSync(join(tmpdir(), "sma-bench-webhooks-"));
  const url = `file:${join(dir, "bench.db")}`;
  await deployMigrations(url);
  return { url, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** EVENTS conversion.recorded events over ENDPOINTS advertisers, written as the producers write them. */
async function queueEvents(advertisers: string[]): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: EVENTS }, (_, index) => {
    const row = outboxRow({
      advertiserId: advertisers[index % advertisers.length]!,
      type: "conversion.recorded",
      data: {
        conversion_id: `cnv_bench_${index}`,
        click_id: `clk_bench_${index}`,
        campaign_id: "cmp_bench",
        event_type: "purchase",
        event_value_usd: 12.5,
        event_name: null,
        recorded_at: new Date(now).toISOString(),
      },
      createdAtMs: now,
    });
    return { ...row, createdAtMs: BigInt(row.createdAtMs) };
  });
  for (let start = 0; start < rows.length; start += 1000)
    await db().outboxEvent.createMany({ data: rows.slice(start, start + 1000) });
}

/** The baseline: CONCURRENCY loops of plain POSTs (Node's keep-alive agent), the same bodies. */
async function bareLoop(port: number, bodies: string[]): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/hook",
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) await post(bodies[next++]!);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return bodies.length / seconds;
}

export async function run(): Promise<BenchResult> {
  const previousUrl = process.env.DATABASE_URL;
  const database = await freshDatabase();
  process.env.DATABASE_URL = database.url;
  process.env.LOG_LEVEL = "silent";
  reloadEnv();
  await disconnectDb();
  const receiver = await startChild("scripts/bench/lib/bare-server.ts", {});
  const hostPort = `127.0.0.1:${receiver.port}`;
  const log = logger().child({ component: "bench" });
  try {
    const advertisers: string[] = [];
    for (let index = 0; index < ENDPOINTS; index++) {
      const created = await createAdvertiser({
        name: `Bench ${index}`,
        email: `bench-webhooks-${index}@example.test`,
        password: "bench password 123",
      });
      const actor = { advertiserId: created.advertiser_id, scopes: new Set(SCOPES), via: "token" as const };
      await registerWebhook(
        actor,
        { url: `http://${hostPort}/e${index}`, events: ["conversion.recorded"] },
        { allowHosts: [hostPort] },
      );
      advertisers.push(created.advertiser_id);
    }
    await queueEvents(advertisers);

    // fan-out of EVENTS queued events: one delivery each, claims of 200 (the dispatcher's step alone)
    const context = new WebhookDispatcher({ allowHosts: [hostPort], log }).context;
    const fanStarted = performance.now();
    let fanned = 0;
    for (let batch = await fanOutEvents(context); batch > 0; batch = await fanOutEvents(context)) fanned += batch;
    const fanSeconds = (performance.now() - fanStarted) / 1000;
    if (fanned !== EVENTS) throw new Error(`fanned out ${fanned} of ${EVENTS}`);

    // the same bodies the dispatcher will send, for the baseline
    const deliveries = await db().webhookDelivery.findMany({ select: { payload: true } });
    if (deliveries.length !== EVENTS) throw new Error(`${deliveries.length} deliveries for ${EVENTS} events`);
    const bodies = deliveries.map((row) => row.payload);
    // warm the baseline's path (JIT, connections); the dispatcher is measured from a cold start, as after a deploy
    await bareLoop(receiver.port, bodies.slice(0, 2_000));
    const bareRate = await bareLoop(receiver.port, bodies);

    const dispatcher = new WebhookDispatcher({
      allowHosts: [hostPort],
      log,
      maxInFlight: CONCURRENCY,
      pruneEveryMs: 24 * 3600_000,
    });
    const stop = new AbortController();
    const started = Date.now();
    // CPU of this process (the dispatcher, and the cheap poll below) while it delivers: less
    // sensitive than the rate to other jobs on the machine (the database server's is not in it)
    const cpuAtStart = process.cpuUsage();
    const running = dispatcher.run(stop.signal);
    // polled in the dispatcher's process, so it must cost little: one index probe for any delivery not yet finished
    const done = async () =>
      (await db().webhookDelivery.findFirst({
        where: { status: { in: ["pending", "delivering"] } },
        select: { id: true },
      })) === null;
    while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 100));
    const cpu = process.cpuUsage(cpuAtStart);
    const succeeded = await db().webhookDelivery.count({ where: { status: "succeeded" } });
    if (succeeded !== EVENTS) throw new Error(`${succeeded} of ${EVENTS} deliveries succeeded`);
    stop.abort();
    await running;
    const last = await db().webhookDelivery.aggregate({ _max: { deliveredAtMs: true } });
    const sendSeconds = (Number(last._max.deliveredAtMs) - started) / 1000;
    const attempts = await db().webhookAttempt.count();
    if (attempts !== EVENTS) throw new Error(`${attempts} attempts for ${EVENTS} deliveries (retries?)`);
    const rate = EVENTS / sendSeconds;
    const ratio = rate / bareRate;

    const kind = database.url.startsWith("file:") ? "SQLite" : "PostgreSQL";
    return {
      name: "webhooks",
      description: `Webhooks on ${kind}: ${EVENTS.toLocaleString("en-US")} signed single-event deliveries to ${ENDPOINTS} endpoints of a local receiver (child process), ${CONCURRENCY} in flight, against ${CONCURRENCY} loops of plain POSTs of the same bodies; fan-out of ${EVENTS.toLocaleString("en-US")} queued events.`,
      metrics: [
        { label: "bare POST loop", value: round(bareRate, 0), unit: "requests/s" },
        { label: "dispatcher deliveries", value: round(rate, 0), unit: "deliveries/s" },
        { label: "dispatcher / bare", value: round(ratio, 3), unit: "x" },
        { label: "dispatcher CPU per delivery", value: round((cpu.user + cpu.system) / EVENTS, 1), unit: "us" },
        {
          label: `fan-out (${EVENTS.toLocaleString("en-US")} queued events)`,
          value: round(EVENTS / fanSeconds, 0),
          unit: "events/s",
        },
      ],
      checks: [
        {
          label: "deliveries / bare POST loop",
          value: round(ratio, 3),
          target: `>= ${TARGET_RATIO}x`,
          pass: ratio >= TARGET_RATIO,
        },
        {
          label: "deliveries per second",
          value: round(rate, 0),
          target: `>= ${TARGET_PER_SECOND}`,
          pass: rate >= TARGET_PER_SECOND,
        },
      ],
      notes: [`every delivery succeeded with exactly one attempt (${attempts} attempts)`],
    };
  } finally {
    await stopChild(receiver.child);
    await disconnectDb();
    await database.cleanup();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    reloadEnv();
  }
}
