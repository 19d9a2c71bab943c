// The app's hot path on node:http, exactly as server.ts wires it (request id,
// client address, a debug-level log line per request, the hot router), without
// Next. Started as a child process by decisions.bench.ts; prints its port.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { deliveryEngine, stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { requestIdFrom } from "@/lib/http/request-id";
import { logger } from "@/lib/log";
import { isHotPath, type HotRequest } from "@/lib/server/hot-router";
import { createHotRouter } from "@/lib/server/hot-routes";

const log = logger();
await deliveryEngine();
const router = createHotRouter();
const server = createServer((req, res) => {
  const hotReq = req as HotRequest;
  hotReq.requestId = requestIdFrom({ get: (name) => (req.headers[name] as string | undefined) ?? null });
  hotReq.clientIp = req.socket.remoteAddress ?? "unknown";
  res.setHeader("x-request-id", hotReq.requestId);
  const started = performance.now();
  const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
  res.on("finish", () =>
    log.debug(
      { requestId: hotReq.requestId, path: pathname, status: res.statusCode, ms: performance.now() - started },
      "request",
    ),
  );
  if (!isHotPath(pathname)) {
    res.statusCode = 404;
    res.end();
    return;
  }
  void router.handle(hotReq, res, pathname);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void stopDeliveryEngine().then(() => process.exit(0));
});
