// The HTTP transport of /api/graphql: a small adapter around Apollo's
// executeHTTPGraphQLRequest (docs/decisions/1100), because the stock Next
// integration refuses `application/json; charset=utf-8` and answers malformed
// JSON with an empty 500. It reads the body with a size cap (413), parses JSON
// by media type (400 with a GraphQL error otherwise), resolves the actor
// (Bearer token or dashboard session; an invalid token is 401), and adds the
// request id, rate-limit headers and the session cookies the account mutations
// set (changePassword, signOutEverywhere) to the response.
import { HeaderMap, type HTTPGraphQLRequest } from "@apollo/server";
import { GraphQLError } from "graphql";
import { requestActor } from "@/lib/auth/request-actor";
import { ERROR_CODES, toAppError, type ErrorCode } from "@/lib/errors";
import { GRAPHQL_BODY_LIMIT } from "@/lib/http/body-limits";
import { readBodyText } from "@/lib/http/read-body";
import { requestIdFrom } from "@/lib/http/request-id";
import { requestLogger } from "@/lib/log";
import { collectRateLimits } from "@/lib/rate-limit/headers";
import { createContext } from "./context";
import { clientIp } from "@/lib/http/client-ip";
import { graphqlServer } from "./server";
import { parseJsonBody } from "@/lib/http/nul";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

function errorResponse(code: ErrorCode, message: string, requestId: string, headers: Record<string, string> = {}) {
  const body = {
    errors: [{ message, extensions: { code: ERROR_CODES[code].graphql, apiCode: code, requestId } }],
  };
  return new Response(JSON.stringify(body), {
    status: ERROR_CODES[code].status,
    headers: { "content-type": "application/json", "cache-control": "no-store", "x-request-id": requestId, ...headers },
  });
}

async function httpRequest(request: Request, url: URL): Promise<HTTPGraphQLRequest> {
  const headers = new HeaderMap();
  request.headers.forEach((value, name) => headers.set(name, value));
  let body: unknown = undefined;
  if (request.method === "POST") {
    const text = await readBodyText(request, GRAPHQL_BODY_LIMIT);
    const type = request.headers.get("content-type") ?? "";
    if (JSON_TYPE.test(type)) {
      // a NUL in the variables is refused by nulGuardPlugin, as GraphQL refuses bad variables (400)
      body = parseJsonBody(text, { refuse: false });
      // Apollo recognises JSON by this exact type; charset and the like were handled above
      headers.set("content-type", "application/json");
    } else {
      // Apollo refuses it (CSRF prevention, or an unsupported type) with its own message
      body = text;
    }
  }
  return { method: request.method.toUpperCase(), headers, search: url.search, body };
}

/**
 * Every error of a response carries the request id, those Apollo raises before the
 * operation has a context too (batching refused, CSRF prevention, a bad token): the
 * errors plugin adds it to the rest (graphql/errors.ts).
 */
export function withRequestIds(body: string, requestId: string): string {
  if (!body.includes('"errors"')) return body;
  const parsed = JSON.parse(body) as { errors?: { extensions?: Record<string, unknown> }[] };
  if (!parsed.errors?.some((error) => error.extensions?.requestId === undefined)) return body;
  for (const error of parsed.errors) error.extensions = { ...error.extensions, requestId };
  return JSON.stringify(parsed);
}

export async function handleGraphqlRequest(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  const log = requestLogger(requestId);
  try {
    const url = new URL(request.url);
    const httpGraphQLRequest = await httpRequest(request, url);
    const server = await graphqlServer();
    // every rate-limit count of the operation (reports, icon checks), shown by one rule
    // (docs/decisions/1416, 1419): the resolvers' and the domain's, allowed or refused
    const rateHeaders: Record<string, string> = {};
    const setCookies: string[] = [];
    const http = {
      ip: clientIp(request),
      cookieHeader: request.headers.get("cookie"),
      setCookie: (line: string) => void setCookies.push(line),
    };
    const result = await collectRateLimits(rateHeaders, () =>
      server.executeHTTPGraphQLRequest({
        httpGraphQLRequest,
        context: async () => {
          try {
            return createContext({ actor: await requestActor(request), requestId, log, http });
          } catch (error) {
            const appError = toAppError(error);
            if (appError.code === "internal_error") throw error;
            // rendered by formatError like any error; the challenge header as REST sends it
            throw new GraphQLError(appError.detail, {
              extensions: {
                code: ERROR_CODES[appError.code].graphql,
                apiCode: appError.code,
                requestId,
                http: { status: appError.status, headers: new HeaderMap(Object.entries(appError.headers ?? {})) },
              },
            });
          }
        },
      }),
    );
    const headers = new Headers();
    for (const [name, value] of result.headers) headers.set(name, value);
    for (const [name, value] of Object.entries(rateHeaders)) headers.set(name, value);
    for (const line of setCookies) headers.append("set-cookie", line);
    headers.set("x-request-id", requestId);
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
    const status = result.status ?? 200;
    if (result.body.kind === "complete")
      return new Response(withRequestIds(result.body.string, requestId), { status, headers });
    const chunks = result.body.asyncIterator;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(new TextEncoder().encode(next.value));
      },
    });
    return new Response(stream, { status, headers });
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "internal_error") {
      log.error({ err: error }, "graphql transport fault");
      return errorResponse(
        "internal_error",
        "An unexpected error occurred. Quote the request id when reporting it.",
        requestId,
      );
    }
    return errorResponse(appError.code, appError.detail, requestId, appError.headers);
  }
}
