// The operation a request names, as a metric label and a span name: the REST surface's
// operation name (lib/http/rest-surface.ts: an operation's name, or a handler's operationId)
// for a path and method it serves, else one of a few fixed groups. Never anything of the
// request itself: a label's values are the surface's names and these groups, a bounded set
// (docs/decisions/1440).
import { findRoute, apiRoutes } from "./rest-router";
import { API_PREFIX, SERVED } from "./rest-surface";

/** What is not an operation of the surface. */
export const FIXED_OPERATION_LABELS = {
  /** an unknown path or method under /api/ (404 or 405) */
  unmatched: "api_unmatched",
  /** the MCP endpoint */
  mcp: "mcp",
  /** /oauth/* (the MCP SDK's OAuth handlers) */
  oauth: "oauth",
  /** /.well-known/*, /adagents.json */
  discovery: "discovery",
  /** Next's own files */
  assets: "assets",
  /** the dashboard and documentation pages, and anything else Next answers */
  page: "page",
} as const;

type Entry = (typeof SERVED)[number];

function nameOf(entry: Entry): string {
  return entry.serve === "operation" ? entry.operation.name : entry.doc.operationId;
}

/** Every label value the function below can return: the surface's names and the fixed groups. */
export function operationLabels(): readonly string[] {
  return [...new Set([...SERVED.map(nameOf), ...Object.values(FIXED_OPERATION_LABELS)])];
}

let hot: { exact: Map<string, Map<string, string>>; prefixes: { prefix: string; method: string; name: string }[] };

function hotRoutes() {
  if (hot) return hot;
  hot = { exact: new Map(), prefixes: [] };
  for (const entry of SERVED) {
    if (entry.serve !== "hot") continue;
    if (/\{\w+\}$/.test(entry.path))
      hot.prefixes.push({ prefix: entry.path.replace(/\{\w+\}$/, ""), method: entry.method, name: nameOf(entry) });
    else {
      const methods = hot.exact.get(entry.path) ?? new Map<string, string>();
      methods.set(entry.method, nameOf(entry));
      hot.exact.set(entry.path, methods);
    }
  }
  return hot;
}

/**
 * The label of a request by its method and raw path: an exact lookup for the hot paths
 * (no allocation), the surface's route match for the rest of /api/.
 */
export function operationLabel(method: string | undefined, pathname: string): string {
  const { exact, prefixes } = hotRoutes();
  const hotMethods = exact.get(pathname);
  if (hotMethods) return hotMethods.get(method ?? "") ?? FIXED_OPERATION_LABELS.unmatched;
  for (const route of prefixes)
    if (pathname.startsWith(route.prefix))
      return route.method === method ? route.name : FIXED_OPERATION_LABELS.unmatched;
  if (pathname.startsWith(API_PREFIX)) {
    const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    const wanted = method === "HEAD" ? "GET" : method;
    const entry = findRoute(path, apiRoutes())?.entries.find((candidate) => candidate.method === wanted);
    return entry ? nameOf(entry) : FIXED_OPERATION_LABELS.unmatched;
  }
  if (pathname === "/mcp" || pathname.startsWith("/mcp/")) return FIXED_OPERATION_LABELS.mcp;
  if (pathname.startsWith("/oauth/")) return FIXED_OPERATION_LABELS.oauth;
  if (pathname.startsWith("/.well-known/") || pathname === "/adagents.json") return FIXED_OPERATION_LABELS.discovery;
  if (pathname.startsWith("/_next/")) return FIXED_OPERATION_LABELS.assets;
  return FIXED_OPERATION_LABELS.page;
}
