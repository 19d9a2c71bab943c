// The wrapper every Next route handler of ours uses: request id, the actor of a
// token, JSON body reading, the RateLimit-* headers of whatever the request counted,
// and AppError -> problem+json. Who may call, rate limits and idempotency are the
// operation's (lib/operations/invoke.ts), never the route's. Business rules stay in lib/domain.
import type { Logger } from "pino";
import { actorFromRequest, type Actor } from "@/lib/auth/actor";
import { AppError, toAppError } from "@/lib/errors";
import { requestLogger } from "@/lib/log";
import { DEFAULT_BODY_LIMIT } from "./body-limits";
import { problemResponse } from "./problem";
import { readBodyText, readJsonBody } from "./read-body";
import { collectRateLimits, showRateLimit } from "@/lib/rate-limit/headers";
import { requestIdFrom } from "./request-id";
import { refuseNulInPath } from "./nul";

type Params = Record<string, string>;

type BaseContext<P extends Params> = {
  request: Request;
  params: P;
  url: URL;
  requestId: string;
  log: Logger;
  /** The JSON body (400 bad_request when it is not application/json or does not parse). */
  body(): Promise<unknown>;
};

type BodyOptions = {
  /** bytes of body read at most (lib/http/body-limits.ts); 413 payload_too_large past it */
  maxBodyBytes?: number;
};

type RouteOptions = BodyOptions & {
  /** the dynamic segments of the route's folder path (`[id]` -> "id"): they type `params` */
  params?: readonly string[];
};

/** `auth: "token"`: the request's Bearer token (or the dashboard session) gives the handler its actor, 401 without. */
type Options = ({ auth: "none" } & RouteOptions) | ({ auth: "token" } & RouteOptions);

/** `params` typed from the options' `params` names, so a route states its segments once. */
type ParamsOf<O extends Options> = O extends { params: readonly (infer Name extends string)[] }
  ? Record<Name, string>
  : Record<never, string>;

type Context<O extends Options> = O extends { auth: "token" }
  ? BaseContext<ParamsOf<O>> & { actor: Actor }
  : BaseContext<ParamsOf<O>>;

type NextRouteContext = { params?: Promise<Params> };

/** Renders an error for a route, logging unexpected faults with their cause. */
export function errorResponse(error: unknown, requestId: string, log: Logger, headers: HeadersInit = {}): Response {
  const appError = toAppError(error);
  if (appError.code === "internal_error") {
    log.error({ err: error }, "unhandled error");
  }
  return problemResponse(appError, requestId, headers);
}

export function defineRoute<const O extends Options>(
  options: O,
  handler: (context: Context<O>) => Promise<Response>,
): (request: Request, routeContext?: NextRouteContext) => Promise<Response> {
  return async (request, routeContext) => {
    const requestId = requestIdFrom(request.headers);
    const log = requestLogger(requestId);
    // every rate-limit count of the request, the route's own and the domain's (icon
    // checks), shown by one rule (docs/decisions/1419); success or refusal alike
    const rateHeaders: Record<string, string> = {};
    return collectRateLimits(rateHeaders, () => run(request, routeContext, requestId, log, rateHeaders));
  };

  async function run(
    request: Request,
    routeContext: NextRouteContext | undefined,
    requestId: string,
    log: Logger,
    rateHeaders: Record<string, string>,
  ): Promise<Response> {
    let bodyText: Promise<string> | undefined;
    const readText = () => (bodyText ??= readBodyText(request, options.maxBodyBytes ?? DEFAULT_BODY_LIMIT));
    try {
      const params = ((await routeContext?.params) ?? {}) as ParamsOf<O>;
      refuseNulInPath(params);
      const base: BaseContext<ParamsOf<O>> = {
        request,
        params,
        url: new URL(request.url),
        requestId,
        log,
        body: () => readJsonBody(request.headers.get("content-type"), readText),
      };
      const context = options.auth === "token" ? { ...base, actor: await actorFromRequest(request) } : base;
      return withHeaders(await handler(context as Context<O>), requestId, rateHeaders);
    } catch (error) {
      // a refusal thrown without being recorded (limitFailures) still wins over allowed counts
      if (error instanceof AppError && error.code === "rate_limited" && error.headers)
        showRateLimit(rateHeaders, error.headers);
      return errorResponse(error, requestId, log, rateHeaders);
    }
  }
}

function withHeaders(response: Response, requestId: string, rateHeaders: Record<string, string>): Response {
  response.headers.set("x-request-id", requestId);
  for (const [name, value] of Object.entries(rateHeaders)) response.headers.set(name, value);
  return response;
}

/** A JSON response. Bodies must already be plain JSON values (no BigInt). */
export function jsonResponse(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(data), { status: init.status ?? 200, headers });
}
