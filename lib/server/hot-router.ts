// The publisher-side hot paths (/api/delivery/*, /c/*) are served by server.ts
// directly on node:http, without Next (docs/decisions/0005): a minimal router
// with exact or prefix matches, problem+json for anything it does not know.
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, toAppError } from "@/lib/errors";
import { declaredLength, payloadTooLarge } from "@/lib/http/body-limits";
import { problemBody, PROBLEM_CONTENT_TYPE } from "@/lib/http/problem";
import { logger } from "@/lib/log";
import { readJsonBody } from "@/lib/http/read-body";
import { API_PREFIX, SERVED } from "@/lib/http/rest-surface";

export type HotRequest = IncomingMessage & { requestId: string; clientIp: string };
export type HotHandler = (
  req: HotRequest,
  res: ServerResponse,
  match: { path: string; rest: string },
) => Promise<void> | void;

type Route = { method: string; prefix: string; exact: boolean; handler: HotHandler };

/**
 * Path prefixes the custom server keeps away from Next: the folders of the REST surface's hot
 * entries (lib/http/rest-surface.ts: `/api/delivery/decisions` -> `/api/delivery/`).
 */
export function hotPrefixes(): readonly string[] {
  return (hotPrefixes_ ??= [
    ...new Set(SERVED.filter((entry) => entry.serve === "hot").map((entry) => entry.path.replace(/[^/]*$/, ""))),
  ]);
}
let hotPrefixes_: readonly string[] | undefined;

export function isHotPath(pathname: string): boolean {
  // a hot folder under /api/ is the hot router's itself (its 404), never Next's
  return hotPrefixes().some(
    (prefix) => pathname.startsWith(prefix) || (prefix.startsWith(API_PREFIX) && pathname === prefix.slice(0, -1)),
  );
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendEncodedJson(res, status, Buffer.from(JSON.stringify(body)), headers);
}

/** Sends JSON already encoded (a moment's answer is encoded while its commit is confirmed). */
export function sendEncodedJson(
  res: ServerResponse,
  status: number,
  bytes: Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": bytes.length,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  res.end(bytes);
}

export function sendProblem(res: ServerResponse, error: unknown, requestId: string): void {
  const appError = toAppError(error);
  if (appError.code === "internal_error") logger().error({ err: error, requestId }, "hot path failed");
  const text = JSON.stringify(problemBody(appError, requestId));
  res.writeHead(appError.status, {
    "content-type": PROBLEM_CONTENT_TYPE,
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...appError.headers,
  });
  res.end(text);
}

/**
 * A JSON request body of at most `limit` bytes, read by the one JSON body reader
 * (lib/http/read-body.ts: 400 on a wrong type, an empty body or bad JSON): 413 past the
 * limit (from Content-Length before reading, else by counting). Past the limit nothing more
 * is kept: the rest flows unread and is drained or the connection closed after the answer
 * (./drain-unread-body.ts), never reset.
 */
export function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  return readJsonBody(req.headers["content-type"], () => readText(req, limit));
}

function readText(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = declaredLength(req.headers["content-length"]);
    if (declared !== null && declared > limit) {
      reject(payloadTooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        chunks.length = 0;
        reject(payloadTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("error", reject);
    req.on("end", () => {
      if (size <= limit) resolve(Buffer.concat(chunks).toString("utf8"));
    });
  });
}

export class HotRouter {
  readonly #routes: Route[] = [];

  /** `path` ending in "/*" matches the prefix; otherwise the exact path. */
  on(method: string, path: string, handler: HotHandler): this {
    const exact = !path.endsWith("/*");
    this.#routes.push({ method, prefix: exact ? path : path.slice(0, -1), exact, handler });
    return this;
  }

  /** The registered routes ("/c/*" for a prefix route), for the OpenAPI coverage test. */
  routes(): { method: string; path: string }[] {
    return this.#routes.map((route) => ({
      method: route.method,
      path: route.exact ? route.prefix : `${route.prefix}*`,
    }));
  }

  async handle(req: HotRequest, res: ServerResponse, pathname: string): Promise<void> {
    const served = new Set<string>();
    for (const route of this.#routes) {
      const matches = route.exact ? pathname === route.prefix : pathname.startsWith(route.prefix);
      if (!matches) continue;
      served.add(route.method);
      if (route.method !== req.method) continue;
      try {
        await route.handler(req, res, { path: pathname, rest: route.exact ? "" : pathname.slice(route.prefix.length) });
      } catch (error) {
        if (!res.headersSent) sendProblem(res, error, req.requestId);
        else res.destroy();
      }
      return;
    }
    const allow = [...served].sort().join(", ");
    sendProblem(
      res,
      served.size
        ? new AppError("method_not_allowed", {
            detail: `${req.method} is not allowed on ${pathname}.`,
            headers: { allow },
          })
        : new AppError("not_found", { detail: `No route for ${pathname}.` }),
      req.requestId,
    );
  }
}
