// A real node:http server with the hot router (as server.ts serves it), on an
// ephemeral loopback port, for integration tests of the delivery paths; it can
// also serve chosen Next route handlers (the postback, for the simulator).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  prepareRequest,
  refuseUndecodablePath,
  refuseUnknownApiRoute,
  type RequestEdgeOptions,
} from "@/lib/server/request-edge";
import { isHotPath, type HotRequest } from "@/lib/server/hot-router";
import { createHotRouter } from "@/lib/server/hot-routes";
import { drainAfterResponse, type DrainOptions } from "@/lib/server/drain-unread-body";
import { logger } from "@/lib/log";
import { serveOperatorRequest, type OperatorOptions } from "@/lib/observability/operator-routes";
import { observeRequest } from "@/lib/observability/request-observer";

export type HotServer = { url: string; server: Server; close(): Promise<void> };

type RouteHandler = (request: Request) => Promise<Response>;
/** Next route handlers this server also serves, by exact path (what Next would route there). */
export type AppRoutes = Record<string, Partial<Record<string, RouteHandler>>>;

/** As Next hands a request to a route handler: the body is the IncomingMessage itself, read lazily as a web stream. */
async function serveAppRoute(handler: RouteHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const response = await handler(
    new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: req as unknown as ReadableStream, duplex: "half" } : {}),
    } as RequestInit),
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

const DIRECT: RequestEdgeOptions = { trustProxy: 0, httpsOrigin: false, dev: false };

/**
 * As server.ts: the request edge (request id, client address, security headers, the request's
 * log line, metrics and span, the operator endpoints when given, the refusals of undecodable
 * paths and of unknown API routes), then a Next route or the hot router.
 */
export async function startHotServer(
  appRoutes: AppRoutes = {},
  drain: DrainOptions = {},
  frontDoor: RequestEdgeOptions = DIRECT,
  operator?: Omit<OperatorOptions, "operatorListener">,
): Promise<HotServer> {
  const router = createHotRouter();
  const onPublicPort = operator && { ...operator, operatorListener: false };
  const server = createServer((req, res) => {
    const hotReq = prepareRequest(req, res, frontDoor);
    const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
    drainAfterResponse(req, res, drain);
    const quiet = isHotPath(pathname);
    observeRequest(req, res, { pathname, requestId: hotReq.requestId, quiet, log: logger() }, () =>
      serve(hotReq, res, pathname),
    );
  });
  const serve = (req: HotRequest, res: ServerResponse, pathname: string) => {
    if (onPublicPort && serveOperatorRequest(req, res, pathname, onPublicPort, req.requestId)) return;
    if (!isHotPath(pathname) && refuseUndecodablePath(req, res, pathname)) return;
    if (!isHotPath(pathname) && refuseUnknownApiRoute(req, res, pathname)) return;
    const appRoute = appRoutes[pathname]?.[req.method ?? "GET"];
    if (appRoute) {
      void serveAppRoute(appRoute, req, res);
      return;
    }
    if (!isHotPath(pathname)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    void router.handle(req, res, pathname);
  };
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
