// The one process (docs/decisions/0005): applies migrations, serves the hot
// publisher paths (/api/delivery/*, /c/*) on node:http and the OAuth endpoints
// (/oauth/*: the MCP SDK's Express handlers, docs/decisions/1312), the operator
// endpoints (/healthz, /readyz, /metrics, lib/observability), hands every other
// request to Next's request handler, and runs the background workers.
//   npm start            production (after `npm run build`)
//   npm run dev          development (Next dev server, reloads)
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import next from "next";
import { currentSigningKey } from "@/lib/auth/signing-keys";
import { disconnectDb } from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { seedDemo } from "@/lib/demo/seed-demo";
import { env, warnAboutAllowList } from "@/lib/env";
import { logger } from "@/lib/log";
import { serveOperatorRequest, startOperatorServer } from "@/lib/observability/operator-routes";
import { databaseChecks, Readiness } from "@/lib/observability/readiness";
import { observeRequest } from "@/lib/observability/request-observer";
import { readAtScrape } from "@/lib/observability/scrape-sources";
import { startTracing } from "@/lib/observability/tracing";
import { prepareRequest, refuseUndecodablePath, refuseUnknownApiRoute } from "@/lib/server/request-edge";
import { isHotPath } from "@/lib/server/hot-router";
import { createHotRouter } from "@/lib/server/hot-routes";
import { drainAfterResponse } from "@/lib/server/drain-unread-body";
import { createOAuthApp, isOAuthPath } from "@/lib/server/oauth-routes";
import { WORKERS } from "@/lib/workers/app-workers";
import { startWorkers } from "@/lib/workers/registry";
import { handleShutdown } from "@/lib/workers/shutdown";

async function main() {
  const config = env();
  const dev = process.argv.includes("--dev");
  const log = logger();
  const root = process.cwd();
  // before any request: spans only when a collector is named (docs/decisions/1442)
  const stopTracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME })
    : async () => {};

  if (!dev && !existsSync(join(root, ".next", "BUILD_ID"))) {
    throw new Error("no production build found: run `npm run build` first (or `npm run dev`)");
  }

  warnAboutAllowList(config.OUTBOUND_ALLOW_HOSTS, log);
  const applied = await deployMigrations(config.DATABASE_URL);
  if (applied.length) log.info({ applied }, "migrations applied");
  await currentSigningKey();
  const demo = config.DEMO ? await seedDemo(log) : null;

  const app = next({ dev, dir: root, hostname: "localhost", port: config.PORT });
  await app.prepare();
  const handleNext = app.getRequestHandler();
  const hot = createHotRouter();
  // the OAuth 2.1 endpoints of the MCP SDK (Express): /oauth/authorize, token, register, revoke
  const oauth = createOAuthApp();
  const readiness = new Readiness(databaseChecks({ signingKey: true }), { timeoutMs: config.READY_DB_TIMEOUT_MS });
  readAtScrape();
  const operatorOptions = { readiness, metricsToken: config.METRICS_TOKEN };
  const onPublicPort = { ...operatorOptions, operatorListener: false };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const hotReq = prepareRequest(req, res, {
      trustProxy: config.TRUST_PROXY,
      httpsOrigin: config.PUBLIC_BASE_URL.startsWith("https:"),
      dev,
    });
    const { requestId } = hotReq;
    const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
    const hotPath = isHotPath(pathname);
    drainAfterResponse(req, res);
    observeRequest(req, res, { pathname, requestId, quiet: hotPath, log }, () => {
      if (serveOperatorRequest(req, res, pathname, onPublicPort, requestId)) return;
      if (hotPath) {
        void hot.handle(hotReq, res, pathname);
        return;
      }
      if (refuseUndecodablePath(hotReq, res, pathname)) return;
      if (isOAuthPath(pathname)) {
        oauth(req, res);
        return;
      }
      if (refuseUnknownApiRoute(hotReq, res, pathname)) return;
      handleNext(req, res).catch((error: unknown) => {
        log.error({ err: error, requestId }, "next handler failed");
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        }
      });
    });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  // the operator listener (/metrics without a token unless METRICS_TOKEN is set, /healthz, /readyz)
  const operator =
    config.METRICS_PORT === undefined
      ? null
      : await startOperatorServer(config.METRICS_PORT, config.METRICS_HOST, operatorOptions);
  if (operator) log.info({ port: operator.port, host: config.METRICS_HOST }, "operator endpoints listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log.info({ url: `http://localhost:${port}`, database: config.DATABASE_URL.split(":")[0], dev }, "listening");
  // in plain words for the person who just ran `npm start` (README command one)
  const openUrl = config.PORT === 0 ? `http://localhost:${port}` : config.PUBLIC_BASE_URL;
  const lines = [``, `  Sports Moment Ads is running: open ${openUrl}`];
  if (demo) lines.push(`  Demo login: ${demo.email} / ${demo.password}  (sign in at ${openUrl}/signin)`);
  else lines.push(`  Create an account at ${openUrl}/signup`);
  process.stdout.write(`${lines.join("\n")}\n\n`);

  const stopWorkers = config.WORKERS
    ? await startWorkers(WORKERS, { log, baseUrl: `http://127.0.0.1:${port}` })
    : async () => {};

  handleShutdown({
    log,
    message: "shutting down",
    // above the 10 s webhook attempt timeout, so attempts in flight finish and are recorded (as the worker)
    forceExitMs: 15_000,
    steps: [
      // /readyz answers 503 from now on; the load balancer gets DRAIN_DELAY_MS to notice while we still serve
      async () => {
        readiness.startDraining();
        if (config.DRAIN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.DRAIN_DELAY_MS));
      },
      async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await closed;
      },
      stopWorkers,
      async () => {
        await app.close?.();
      },
      async () => {
        await operator?.close();
      },
      stopTracing,
      disconnectDb,
    ],
  });
}

main().catch((error: unknown) => {
  logger().fatal({ err: error }, "failed to start");
  process.exit(1);
});
