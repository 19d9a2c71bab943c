// The operator endpoints, answered before anything else of the request edge (server.ts) and on
// the operator listener (METRICS_PORT; the worker's WORKER_HEALTH_PORT): GET /healthz, GET
// /readyz, GET /metrics. Never rate-limited, logged at debug only, outside the REST API and its
// OpenAPI document (docs/operators.md, "Observability"; docs/decisions/1441).
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "@/lib/errors";
import { sendJson, sendProblem } from "@/lib/server/hot-router";
import { scrape } from "./metrics";
import type { Readiness } from "./readiness";

export const OPERATOR_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

export function isOperatorPath(pathname: string): boolean {
  return OPERATOR_PATHS.has(pathname);
}

export type OperatorOptions = {
  readiness: Readiness;
  /** METRICS_TOKEN: /metrics wants `Authorization: Bearer <token>` wherever it is served */
  metricsToken?: string;
  /** this listener is the operator's (METRICS_PORT, the worker's port): /metrics is served without a token when none is set */
  operatorListener: boolean;
};

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The request carries the metrics token (compared in constant time). */
function hasToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  return timingSafeEqual(digest(given), digest(token));
}

async function serveMetrics(req: IncomingMessage, res: ServerResponse, options: OperatorOptions, requestId: string) {
  if (options.metricsToken === undefined && !options.operatorListener) {
    // not exposed on the public port without a token: as any unknown path
    sendProblem(res, new AppError("not_found", { detail: "No route for /metrics." }), requestId);
    return;
  }
  if (options.metricsToken !== undefined && !hasToken(req, options.metricsToken)) {
    sendProblem(
      res,
      new AppError("unauthorized", {
        detail: "GET /metrics wants Authorization: Bearer <METRICS_TOKEN>.",
        headers: { "WWW-Authenticate": 'Bearer realm="sma-metrics"' },
      }),
      requestId,
    );
    return;
  }
  const { contentType, text } = await scrape();
  res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
  res.end(text);
}

/**
 * Answers an operator path (true), or leaves the request alone (false). A method other than
 * GET or HEAD is 405.
 */
export function serveOperatorRequest(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: OperatorOptions,
  requestId = "",
): boolean {
  if (!OPERATOR_PATHS.has(pathname)) return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    sendProblem(
      res,
      new AppError("method_not_allowed", {
        detail: `${req.method} is not allowed on ${pathname}.`,
        headers: { allow: "GET, HEAD" },
      }),
      requestId,
    );
    return true;
  }
  const fail = (error: unknown) => {
    if (!res.headersSent) sendProblem(res, error, requestId);
    else res.destroy();
  };
  if (pathname === "/healthz") sendJson(res, 200, { status: "ok" });
  else if (pathname === "/readyz")
    void options.readiness.check().then((answer) => {
      if (answer.ready) sendJson(res, 200, { status: "ready", checks: answer.checks });
      else sendJson(res, 503, { status: "not_ready", reason: answer.reason, detail: answer.detail });
    }, fail);
  else serveMetrics(req, res, options, requestId).catch(fail);
  return true;
}

export type OperatorServer = { server: Server; port: number; close(): Promise<void> };

/** A listener of the operator endpoints alone (anything else 404): METRICS_PORT, the worker's port. */
export async function startOperatorServer(
  port: number,
  host: string,
  options: Omit<OperatorOptions, "operatorListener">,
): Promise<OperatorServer> {
  const server = createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
    if (serveOperatorRequest(req, res, pathname, { ...options, operatorListener: true })) return;
    sendProblem(
      res,
      new AppError("not_found", { detail: "The operator port serves /healthz, /readyz and /metrics." }),
      "",
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
