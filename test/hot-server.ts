// A real node:http server with the hot router (as server.ts serves it), on an
// ephemeral loopback port, for integration tests of the delivery paths.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { isHotPath, type HotRequest } from "@/lib/server/hot-router";
import { createHotRouter } from "@/lib/server/hot-routes";

export type HotServer = { url: string; server: Server; close(): Promise<void> };

export async function startHotServer(): Promise<HotServer> {
  const router = createHotRouter();
  const server = createServer((req, res) => {
    const hotReq = req as HotRequest;
    hotReq.requestId = randomUUID();
    hotReq.clientIp = req.socket.remoteAddress ?? "unknown";
    const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
    if (!isHotPath(pathname)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    void router.handle(hotReq, res, pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
