// Matching a request's path against the REST surface (lib/http/rest-surface.ts) as Next's
// file-system router matched its route folders: a static segment wins over a parameter,
// a parameter (one segment) over a tail (one segment or more). The catch-all route
// (app/api/[...path]/route.ts), the request edge's 404 and 405 (lib/server/api-routes.ts)
// and the MCP server's in-process REST routes (app/mcp/in-process-fetch.ts) use it.
import { AppError } from "@/lib/errors";
import { requestLogger } from "@/lib/log";
import { errorResponse } from "./define-route";
import { requestIdFrom } from "./request-id";
import { restHandler } from "./rest-operation";
import { API_PREFIX, SERVED, type HandlerEntry, type OperationEntry } from "./rest-surface";

export type RouteHandler = (
  request: Request,
  context?: { params?: Promise<Record<string, string>> },
) => Promise<Response>;

type Entry = OperationEntry | HandlerEntry;
export type CompiledRoute = { path: string; pattern: RegExp; keys: string[]; rank: number; entries: Entry[] };

function compile(entries: readonly Entry[]): CompiledRoute[] {
  const byPath = new Map<string, Entry[]>();
  for (const entry of entries) byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);
  return [...byPath]
    .map(([path, list]) => {
      const tail = list.some((entry) => entry.tail);
      const keys: string[] = [];
      let rank = 0;
      const source = path
        .split("/")
        .map((segment, index, segments) => {
          const name = /^\{(\w+)\}$/.exec(segment)?.[1];
          if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          keys.push(name);
          if (tail && index === segments.length - 1) {
            rank += 2;
            return "([^/]+(?:/[^/]+)*)";
          }
          rank += 1;
          return "([^/]+)";
        })
        .join("/");
      return { path, pattern: new RegExp(`^${source}$`), keys, rank, entries: list };
    })
    .sort((a, b) => a.rank - b.rank);
}

let nextRoutes: CompiledRoute[] | undefined;
let operationRoutes: CompiledRoute[] | undefined;

/** What Next serves under /api/: the operations and the catch-all route's own handlers (not the hot paths). */
export function apiRoutes(): readonly CompiledRoute[] {
  return (nextRoutes ??= compile(SERVED.filter((entry) => entry.serve !== "hot" && entry.path.startsWith(API_PREFIX))));
}

/** The operations' routes alone (what the MCP server calls in-process). */
export function operationApiRoutes(): readonly CompiledRoute[] {
  return (operationRoutes ??= compile(SERVED.filter((entry) => entry.serve === "operation")));
}

/** The route whose template matches `pathname` (raw, as requested), or undefined. */
export function findRoute(pathname: string, routes: readonly CompiledRoute[] = apiRoutes()): CompiledRoute | undefined {
  return routes.find((route) => route.pattern.test(pathname));
}

/** The route matching `pathname` and its parameters, decoded; null when none. */
export function matchRoute(
  pathname: string,
  routes: readonly CompiledRoute[] = apiRoutes(),
): { route: CompiledRoute; params: Record<string, string> } | null {
  const route = findRoute(pathname, routes);
  const match = route?.pattern.exec(pathname);
  if (!route || !match) return null;
  const params = Object.fromEntries(route.keys.map((key, index) => [key, decodeURIComponent(match[index + 1]!)]));
  return { route, params };
}

/** The handlers of the catch-all route that are not operations, by their OpenAPI operationId. */
export type OwnHandlers = Record<string, RouteHandler>;

const operationHandlers = new WeakMap<OperationEntry, RouteHandler>();

/** The handler of an entry: its operation's (made once), or its own. */
export function handlerOf(entry: Entry, own: OwnHandlers): RouteHandler {
  if (entry.serve !== "operation") return own[entry.doc.operationId]!;
  let handler = operationHandlers.get(entry);
  if (!handler) operationHandlers.set(entry, (handler = restHandler(entry)));
  return handler;
}

/** Checks that every entry Next serves by a handler of its own has one. */
export function checkOwnHandlers(own: OwnHandlers): void {
  for (const route of apiRoutes())
    for (const entry of route.entries)
      if (entry.serve === "route" && typeof own[entry.doc.operationId] !== "function")
        throw new Error(`No handler for ${entry.method} ${entry.path} (${entry.doc.operationId})`);
}

/** The handlers of one path of the surface, by method (tests call them as Next calls a route's exports). */
export function routeHandlers(path: string, own: OwnHandlers): Partial<Record<string, RouteHandler>> {
  const route = apiRoutes().find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path} in the REST surface`);
  return Object.fromEntries(route.entries.map((entry) => [entry.method, handlerOf(entry, own)]));
}

/**
 * One handler for every method of every path: the request's path picks the entry (HEAD runs
 * GET's, as Next does). Outside server.ts, whose request edge answers them first, an unknown
 * path is 404 and a method the path does not serve 405, as problem+json.
 */
export function dispatcher(own: OwnHandlers, routes: () => readonly CompiledRoute[] = apiRoutes): RouteHandler {
  return async (request) => {
    const pathname = new URL(request.url).pathname;
    const match = matchRoute(pathname, routes());
    const method = request.method === "HEAD" ? "GET" : request.method;
    const entry = match?.route.entries.find((candidate) => candidate.method === method);
    if (!match || !entry) {
      const requestId = requestIdFrom(request.headers);
      const error = match
        ? new AppError("method_not_allowed", {
            detail: `${request.method} is not allowed here.`,
            headers: { allow: allowedMethods(match.route.entries.map((candidate) => candidate.method)).join(", ") },
          })
        : new AppError("not_found", { detail: `No route ${pathname}.` });
      return errorResponse(error, requestId, requestLogger(requestId));
    }
    return handlerOf(entry, own)(request, { params: Promise.resolve(match.params) });
  };
}

/**
 * What Next answers on a route besides its methods: HEAD where GET is served (Next runs
 * GET), OPTIONS always (Next's 204 with `Allow`); sorted as Next sorts its `Allow`.
 */
export function allowedMethods(served: readonly string[]): string[] {
  const allowed = new Set([...served, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");
  return [...allowed].sort();
}

/** OPTIONS as Next answers it for a route that does not export it: 204 with the path's `Allow` (404 for no path). */
export function answerOptions(request: Request): Promise<Response> {
  const match = matchRoute(new URL(request.url).pathname);
  if (!match) return dispatcher({})(request);
  const allow = allowedMethods(match.route.entries.map((entry) => entry.method));
  return Promise.resolve(new Response(null, { status: 204, headers: { Allow: allow.join(", ") } }));
}
