// The paths Next serves under /api/ and their methods, from the REST surface
// (lib/http/rest-surface.ts), so that server.ts's request edge can answer what Next
// would answer badly: an unknown path under /api/ got Next's HTML 404 page, and a
// known path with a method it does not serve an empty 405 without `Allow`. An API
// client expects problem+json (docs/api.md, Errors).
import { allowedMethods, apiRoutes, findRoute } from "@/lib/http/rest-router";
import { API_PREFIX } from "@/lib/http/rest-surface";

export { allowedMethods };

/** Whether server.ts's request edge answers for `pathname` rather than Next: everything under /api/. */
export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX.slice(0, -1) || pathname.startsWith(API_PREFIX);
}

/**
 * The methods Next serves on `pathname` (raw, as requested), or null when no route
 * matches it. One trailing slash is ignored: Next redirects it to the path
 * without (308), so that path decides.
 */
export function apiRouteMethods(pathname: string): readonly string[] | null {
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  const route = findRoute(path, apiRoutes());
  return route ? allowedMethods(route.entries.map((entry) => entry.method)) : null;
}
