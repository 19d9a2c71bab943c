// The route handlers Next serves under /api/ (app/api/**/route.ts) and the
// methods each exports, so that server.ts's request edge can answer what Next
// would answer badly: an unknown path under /api/ got Next's HTML 404 page, and
// a known path with a method it does not export an empty 405 without `Allow`.
// An API client expects problem+json (docs/api.md, Errors). The list is checked
// against the files and their exports by api-routes.test.ts.

/** Each route's file-system path under app/ ("[id]" one segment, "[...rest]" one or more) and its exported methods. */
export const API_ROUTES: readonly (readonly [path: string, methods: readonly string[]])[] = [
  ["/api/auth/token", ["POST"]],
  ["/api/auth/[...nextauth]", ["GET", "POST"]],
  ["/api/graphql", ["GET", "POST"]],
  ["/api/ads/moment-types", ["GET"]],
  ["/api/ads/clearing-prices", ["GET"]],
  ["/api/ads/campaigns", ["GET", "POST"]],
  ["/api/ads/campaigns/[id]", ["GET", "PATCH", "DELETE"]],
  ["/api/ads/campaigns/[id]/duplicate", ["POST"]],
  ["/api/ads/campaigns/[id]/variants", ["POST"]],
  ["/api/ads/campaigns/[id]/variants/[variant_id]", ["PATCH"]],
  ["/api/ads/creatives/[id]/performance", ["GET"]],
  ["/api/ads/reporting/campaigns", ["GET"]],
  ["/api/ads/reporting/campaigns/[id]", ["GET"]],
  ["/api/ads/reporting/campaigns/[id]/timeseries", ["GET"]],
  ["/api/ads/postback", ["GET", "POST"]],
  ["/api/ads/postback-keys", ["GET", "POST"]],
  ["/api/ads/postback-keys/[id]", ["DELETE"]],
  ["/api/ads/changes", ["GET"]],
  ["/api/ads/advertiser", ["GET"]],
  ["/api/ads/webhooks", ["GET", "POST"]],
  ["/api/ads/webhooks/[id]", ["DELETE"]],
  ["/api/ads/webhooks/[id]/test", ["POST"]],
  ["/api/ads/webhooks/[id]/deliveries", ["GET"]],
  ["/api/ads/webhooks/[id]/deliveries/[delivery_id]/retry", ["POST"]],
];

type Compiled = { pattern: RegExp; allowed: readonly string[]; rank: number };

/**
 * What Next answers on a route besides its exports: HEAD where GET is exported (Next runs
 * GET), OPTIONS always (Next's 204 with `Allow`); sorted as Next sorts its `Allow`.
 */
export function allowedMethods(exported: readonly string[]): string[] {
  const allowed = new Set([...exported, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");
  return [...allowed].sort();
}

const COMPILED: readonly Compiled[] = API_ROUTES.map(([path, methods]) => {
  let dynamic = 0;
  const source = path
    .split("/")
    .map((segment) => {
      if (/^\[\.\.\.\w+\]$/.test(segment)) {
        dynamic += 2;
        return "[^/]+(?:/[^/]+)*";
      }
      if (/^\[\w+\]$/.test(segment)) {
        dynamic += 1;
        return "[^/]+";
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  // a static path wins over a dynamic one, a single segment over a catch-all, as in Next
  return { pattern: new RegExp(`^${source}$`), allowed: allowedMethods(methods), rank: dynamic };
}).sort((a, b) => a.rank - b.rank);

/** Whether server.ts's request edge answers for `pathname` rather than Next: everything under /api/. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * The methods Next serves on `pathname` (raw, as requested), or null when no route
 * handler matches it. One trailing slash is ignored: Next redirects it to the path
 * without (308), so that path decides.
 */
export function apiRouteMethods(pathname: string): readonly string[] | null {
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return COMPILED.find((route) => route.pattern.test(path))?.allowed ?? null;
}
