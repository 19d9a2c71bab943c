// The app's hot path on node:http, exactly as server.ts wires it (request id,
// client address, the request's log line at debug, its metrics and span, the hot
// router), without Next. Started as a child process by decisions.bench.ts and
// metrics.bench.ts (METRICS=0 for its baseline); prints its port.
// GET /__bench/handled answers what the server itself saw since the last call
// (handler-to-finish latency of each request, event-loop delay, the process's CPU
// time) and resets it:
// the bench compares it with the latency wrk measures.
import { createServer } from "node:http";
import { createHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import type { AddressInfo } from "node:net";
import { deliveryEngine, stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { requestIdFrom } from "@/lib/http/request-id";
import { logger } from "@/lib/log";
import { observeRequest } from "@/lib/observability/request-observer";
import { isHotPath, type HotRequest } from "@/lib/server/hot-router";
import { createHotRouter } from "@/lib/server/hot-routes";

const log = logger();
await deliveryEngine();
const router = createHotRouter();
/** microseconds from the request event to the response handed to the socket */
const handled = createHistogram();
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
let cpuSince = process.cpuUsage();
const ms = (nanosOrMicros: number, per: number) => Math.round((nanosOrMicros / per) * 1000) / 1000;
const server = createServer((req, res) => {
  if (req.url === "/__bench/handled") {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        count: handled.count,
        p50: ms(handled.percentile(50), 1000),
        p99: ms(handled.percentile(99), 1000),
        loopDelayP99: ms(loopDelay.percentile(99), 1e6),
        cpuUs: ((used) => used.user + used.system)(process.cpuUsage(cpuSince)),
      }),
    );
    cpuSince = process.cpuUsage();
    handled.reset();
    loopDelay.reset();
    return;
  }
  const hotReq = req as HotRequest;
  hotReq.requestId = requestIdFrom({ get: (name) => (req.headers[name] as string | undefined) ?? null });
  hotReq.clientIp = req.socket.remoteAddress ?? "unknown";
  res.setHeader("x-request-id", hotReq.requestId);
  const started = performance.now();
  const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
  res.on("finish", () => handled.record(Math.max(1, Math.round((performance.now() - started) * 1000))));
  const quiet = isHotPath(pathname);
  observeRequest(req, res, { pathname, requestId: hotReq.requestId, quiet, log }, () => {
    if (!quiet) {
      res.statusCode = 404;
      res.end();
      return;
    }
    void router.handle(hotReq, res, pathname);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void stopDeliveryEngine().then(() => process.exit(0));
});
