// What server.ts does to every request before the hot router or Next sees it:
// the request id, the client address (x-sma-client-ip, never the client's own
// word unless TRUST_PROXY says how many proxies to believe) and the security
// headers of lib/http/security-headers.ts, with a fresh script nonce in the CSP
// of whatever Next answers, written on the request too, where Next reads it
// (docs/decisions/0912), and the request's path, for sign-in to return to; and, for what Next serves, a path
// whose percent-encoding decodes to no text, or to a NUL, is refused (400)
// before Next tries to read it (the hot router decodes its own paths: /c/%FF
// is an unknown click), and a path under /api/ that no route handler serves is
// 404 problem+json, a method its route does not export 405 with `Allow`.
import type { IncomingMessage, ServerResponse } from "node:http";
import { REQUEST_PATH_HEADER } from "@/lib/auth/return-path";
import { AppError } from "@/lib/errors";
import { CLIENT_IP_HEADER, clientAddressOf } from "@/lib/http/client-ip";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/lib/http/request-id";
import { newScriptNonce, securityHeaders } from "@/lib/http/security-headers";
import { apiRouteMethods, isApiPath } from "./api-routes";
import { isHotPath, sendProblem, type HotRequest } from "./hot-router";

export type RequestEdgeOptions = {
  /** TRUST_PROXY: proxy hops whose X-Forwarded-For and X-Forwarded-Proto are believed */
  trustProxy: number;
  /** PUBLIC_BASE_URL starts with https: (a TLS-terminating proxy in front) */
  httpsOrigin: boolean;
  dev: boolean;
};

/** The request came over HTTPS: the public origin says so, or a trusted proxy does. */
function overHttps(req: IncomingMessage, options: RequestEdgeOptions): boolean {
  if (options.httpsOrigin) return true;
  if (options.trustProxy < 1) return false;
  const proto = req.headers["x-forwarded-proto"];
  const entries = (Array.isArray(proto) ? proto.join(",") : (proto ?? "")).split(",").map((entry) => entry.trim());
  return entries[entries.length - 1]?.toLowerCase() === "https";
}

/** Stamps the request (id, client address) and the response (id, security headers). */
export function prepareRequest(req: IncomingMessage, res: ServerResponse, options: RequestEdgeOptions): HotRequest {
  const hotReq = req as HotRequest;
  const requestId = requestIdFrom({ get: (name) => (req.headers[name] as string | undefined) ?? null });
  const ip = clientAddressOf(req.headers["x-forwarded-for"], req.socket.remoteAddress, options.trustProxy);
  hotReq.requestId = requestId;
  hotReq.clientIp = ip;
  req.headers[REQUEST_ID_HEADER] = requestId;
  req.headers[CLIENT_IP_HEADER] = ip;
  res.setHeader("x-request-id", requestId);
  // the hot paths answer JSON and redirects, never a page: no nonce to make (thousands a second)
  const forNext = !isHotPath((req.url ?? "/").split("?", 1)[0] ?? "/");
  const headers = securityHeaders({
    dev: options.dev,
    https: overHttps(req, options),
    nonce: forNext && !options.dev ? newScriptNonce() : undefined,
  });
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // Next takes the nonce for its scripts from the request's policy: ours, never the client's
  if (forNext) {
    req.headers["content-security-policy"] = headers["content-security-policy"];
    delete req.headers["content-security-policy-report-only"];
    // the page asked for, for sign-in to return to (lib/auth/return-path.ts): ours, never the client's
    req.headers[REQUEST_PATH_HEADER] = req.url ?? "/";
  }
  return hotReq;
}

/**
 * The path decodes to text: every percent-escape is hex, the bytes they spell are
 * UTF-8, and none is NUL (`%00`: PostgreSQL's text cannot hold it, lib/http/nul.ts).
 */
export function pathDecodes(pathname: string): boolean {
  try {
    return !decodeURIComponent(pathname).includes("\0");
  } catch {
    return false;
  }
}

/**
 * Answers `400 bad_request` (problem+json) to a path that does not decode (`%FF`, `%ZZ`) or holds `%00`,
 * for server.ts to call before it hands a request to Next: Next answers such a path with a
 * plain-text 500 when it reaches a dynamic segment (`/api/ads/campaigns/%FF`,
 * `/campaigns/%FF`). True when it answered.
 */
export function refuseUndecodablePath(req: HotRequest, res: ServerResponse, pathname: string): boolean {
  if (pathDecodes(pathname)) return false;
  const detail =
    "The path is not valid percent-encoding: every %XX must be hex and together spell UTF-8 text, and %00 (NUL) is refused.";
  sendProblem(res, new AppError("bad_request", { detail }), req.requestId);
  return true;
}

/** A client's path in a problem's detail: quoted, and cut at 200 characters. */
function shownPath(pathname: string): string {
  return JSON.stringify(pathname.length > 200 ? `${pathname.slice(0, 200)}…` : pathname);
}

/**
 * Answers a request under /api/ that Next would answer outside the API's contract (for
 * server.ts to call before it hands a request to Next; the hot paths under /api/delivery/
 * answer for themselves): `404 not_found` problem+json where no route handler matches the
 * path (Next's answer is its HTML 404 page), `405 method_not_allowed` with `Allow` where the
 * route does not serve the method (Next's is an empty 405 without `Allow`). The dashboard's
 * pages are not under /api/ and keep Next's not-found page. True when it answered.
 */
export function refuseUnknownApiRoute(req: HotRequest, res: ServerResponse, pathname: string): boolean {
  if (!isApiPath(pathname)) return false;
  const allowed = apiRouteMethods(pathname);
  const method = req.method ?? "GET";
  if (allowed?.includes(method)) return false;
  const error = allowed
    ? new AppError("method_not_allowed", {
        detail: `${method} is not allowed on ${shownPath(pathname)}; it serves ${allowed.join(", ")}.`,
        headers: { allow: allowed.join(", ") },
      })
    : new AppError("not_found", { detail: `No API route at ${shownPath(pathname)}.` });
  sendProblem(res, error, req.requestId);
  return true;
}
