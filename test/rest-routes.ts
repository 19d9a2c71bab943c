// A path's handlers of the REST surface (lib/http/rest-surface.ts), by method, as Next calls
// the catch-all route's exports (app/api/[...path]/route.ts): tests pass the request and, for
// a path with parameters, `{ params }`, as Next would.
import { OWN_HANDLERS } from "@/app/api/[...path]/own-handlers";
import { routeHandlers, type RouteHandler } from "@/lib/http/rest-router";

export function restRoute(path: string): Record<"GET" | "POST" | "PATCH" | "DELETE", RouteHandler> {
  return routeHandlers(path, OWN_HANDLERS) as Record<"GET" | "POST" | "PATCH" | "DELETE", RouteHandler>;
}
