// The REST client of /mcp calls the app's own route handlers in-process
// (docs/decisions/1302): the same handlers, guard, scopes, rate limits and
// problem answers as over HTTP, without a network hop or knowing the
// listening address. The caller's client address and request id travel along,
// so rate limits and logs see the real caller.
import type { FetchLike } from "@/mcp/src/rest-client";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { REQUEST_ID_HEADER } from "@/lib/http/request-id";
import { handlerOf, matchRoute, operationApiRoutes } from "@/lib/http/rest-router";

function problem(status: number, code: string, detail: string): Response {
  return new Response(JSON.stringify({ type: `/docs/errors#${code}`, title: detail, status, detail, code }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });
}

/** A fetch that answers from the app's route handlers; `caller` supplies the client address and request id. */
export function inProcessFetch(caller: Headers): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // the operations' routes of the REST surface (lib/http/rest-surface.ts), as Next serves them
    const match = matchRoute(url.pathname, operationApiRoutes());
    if (match) {
      const entry = match.route.entries.find((candidate) => candidate.method === request.method);
      if (!entry) return problem(405, "method_not_allowed", `${request.method} is not allowed here.`);
      const headers = new Headers(request.headers);
      for (const name of [CLIENT_IP_HEADER, REQUEST_ID_HEADER]) {
        const value = caller.get(name);
        if (value) headers.set(name, value);
      }
      return handlerOf(entry, {})(new Request(request, { headers }), { params: Promise.resolve(match.params) });
    }
    return problem(404, "not_found", `No route ${url.pathname}.`);
  };
}
