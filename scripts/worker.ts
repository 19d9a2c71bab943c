// A worker-only process: the background workers of server.ts (webhook
// dispatcher, controllers, ...) without the HTTP server. Run as many as needed
// next to the app instances on one PostgreSQL; every worker claims its rows
// atomically, so they share the work. Also what the durability test kills.
//   npm run worker                               every worker in lib/workers/app-workers.ts
//   npm run worker -- --only webhook-dispatcher  just the named ones (repeatable)
// With WORKER_HEALTH_PORT set it serves /healthz, /readyz and /metrics on that port
// (METRICS_HOST, loopback by default; docs/operators.md, "Observability").
import { parseArgs } from "node:util";
import { disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { env, warnAboutAllowList } from "@/lib/env";
import { logger } from "@/lib/log";
import { startOperatorServer } from "@/lib/observability/operator-routes";
import { databaseChecks, Readiness } from "@/lib/observability/readiness";
import { readAtScrape } from "@/lib/observability/scrape-sources";
import { startTracing } from "@/lib/observability/tracing";
import { WORKERS } from "@/lib/workers/app-workers";
import { startWorkers } from "@/lib/workers/registry";
import { handleShutdown } from "@/lib/workers/shutdown";

async function main() {
  const { values } = parseArgs({
    options: { only: { type: "string", multiple: true } },
    strict: true,
    allowPositionals: false,
  });
  const config = env();
  const log = logger().child({ process: "worker" });
  warnAboutAllowList(config.OUTBOUND_ALLOW_HOSTS, log);
  const only = values.only ?? [];
  const unknown = only.filter((name) => !WORKERS.some((worker) => worker.name === name));
  if (unknown.length)
    throw new Error(
      `unknown worker(s): ${unknown.join(", ")}; known: ${WORKERS.map((worker) => worker.name).join(", ")}`,
    );
  const selected = only.length ? WORKERS.filter((worker) => only.includes(worker.name)) : WORKERS;

  const stopTracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME })
    : async () => {};
  const applied = await deployMigrations(config.DATABASE_URL);
  if (applied.length) log.info({ applied }, "migrations applied");
  const stop = await startWorkers(selected, { log, baseUrl: config.PUBLIC_BASE_URL });
  // a worker signs no token: ready is the database answering, migrations current, not stopping
  const readiness = new Readiness(databaseChecks({ signingKey: false }), { timeoutMs: config.READY_DB_TIMEOUT_MS });
  readAtScrape();
  const health =
    config.WORKER_HEALTH_PORT === undefined
      ? null
      : await startOperatorServer(config.WORKER_HEALTH_PORT, config.METRICS_HOST, {
          readiness,
          metricsToken: config.METRICS_TOKEN,
        });
  if (health) log.info({ port: health.port, host: config.METRICS_HOST }, "worker health endpoints listening");
  log.info(
    { workers: selected.map((worker) => worker.name), database: config.DATABASE_URL.split(":")[0] },
    "workers running",
  );

  // attempts in flight get up to their 10 s timeout to finish and be recorded;
  // anything cut short is redone by any instance once its claim expires
  handleShutdown({
    log,
    message: "stopping workers",
    forceExitMs: 15_000,
    steps: [
      async () => readiness.startDraining(),
      stop,
      async () => {
        await health?.close();
      },
      stopTracing,
      disconnectDb,
    ],
  });
}

main().catch((error: unknown) => {
  logger().fatal({ err: error }, "worker failed to start");
  process.exit(1);
});
