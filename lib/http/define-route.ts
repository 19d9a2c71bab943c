// The wrapper every REST handler uses: request id, actor and scope, rate limit,
// JSON body reading, and AppError -> problem+json. Business rules stay in lib/domain.
import type { Logger } from "pino";
import { actorFromRequest, requireScope, type Actor } from "@/lib/auth/actor";
import type { Scope } from "@/lib/auth/scopes";
import {
  beginIdempotentRequest,
  IDEMPOTENCY_KEY_HEADER,
  type IdempotencyClaim,
  type StoredResponse,
} from "@/lib/domain/idempotency/idempotent-request";
import { AppError, toAppError } from "@/lib/errors";
import { requestLogger } from "@/lib/log";
import { DEFAULT_BODY_LIMIT } from "./body-limits";
import { clientIp } from "./client-ip";
import { problemResponse } from "./problem";
import { readBodyText } from "./read-body";
import {
  consumeRateLimit,
  RATE_LIMIT_POLICIES,
  rateLimitedError,
  type RequestKeyedPolicy,
} from "@/lib/rate-limit/limiter";
import { collectRateLimits, showRateLimit } from "@/lib/rate-limit/headers";
import { requestIdFrom } from "./request-id";
import { parseJsonBody, refuseNulInPath } from "./nul";

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
  /** a policy of RATE_LIMIT_POLICIES keyed by the request; its keyBy decides the bucket (client address or advertiser) */
  rateLimit?: RequestKeyedPolicy;
  /** a write that honours Idempotency-Key (default true; an operation's route says what the operation declares) */
  idempotent?: boolean;
  /** the dynamic segments of the route's folder path (`[id]` -> "id"): they type `params` */
  params?: readonly string[];
};

type Options = ({ auth: "none" } & RouteOptions) | ({ auth: "token"; scope?: Scope } & RouteOptions);

/** `params` typed from the options' `params` names, so a route states its segments once. */
type ParamsOf<O extends Options> = O extends { params: readonly (infer Name extends string)[] }
  ? Record<Name, string>
  : Record<never, string>;

type Context<O extends Options> = O extends { auth: "token" }
  ? BaseContext<ParamsOf<O>> & { actor: Actor }
  : BaseContext<ParamsOf<O>>;

type NextRouteContext = { params?: Promise<Params> };

export async function readJsonBody(
  request: Request,
  readText: () => Promise<string> = () => readBodyText(request, DEFAULT_BODY_LIMIT),
) {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError("bad_request", { detail: "Content-Type must be application/json." });
  }
  const text = await readText();
  if (!text.trim()) throw new AppError("bad_request", { detail: "The request body is empty." });
  return parseJsonBody(text);
}

/** Renders an error for a route, logging unexpected faults with their cause. */
export function errorResponse(error: unknown, requestId: string, log: Logger, headers: HeadersInit = {}): Response {
  const appError = toAppError(error);
  if (appError.code === "internal_error") {
    log.error({ err: error }, "unhandled error");
  }
  return problemResponse(appError, requestId, headers);
}

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** A stored response, sent again to a retry with the same Idempotency-Key. */
function replayed(stored: StoredResponse): Response {
  const headers = new Headers({ "cache-control": "no-store", "idempotency-replayed": "true" });
  if (stored.contentType) headers.set("content-type", stored.contentType);
  return new Response(stored.body || null, { status: stored.status, headers });
}

async function storedFrom(response: Response): Promise<StoredResponse> {
  const body = await response.clone().text();
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    body,
  };
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
    let claim: IdempotencyClaim | undefined;
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
        body: () => readJsonBody(request, readText),
      };
      let context: BaseContext<ParamsOf<O>> & { actor?: Actor } = base;
      if (options.auth === "token") {
        const actor = await actorFromRequest(request);
        if (options.scope) requireScope(actor, options.scope);
        context = { ...base, actor };
      }
      if (options.rateLimit) {
        const { keyBy } = RATE_LIMIT_POLICIES[options.rateLimit];
        const key = keyBy === "advertiser" && context.actor ? context.actor.advertiserId : clientIp(request);
        const outcome = await consumeRateLimit(options.rateLimit, key);
        if (!outcome.allowed) throw rateLimitedError(outcome);
      }
      // Idempotency-Key on a token-authenticated write (docs/decisions/1300). A
      // validate_only request writes nothing, so it neither uses nor consumes the key.
      const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
      if (
        key !== null &&
        options.idempotent !== false &&
        context.actor &&
        WRITE_METHODS.has(request.method) &&
        base.url.searchParams.get("validate_only") !== "true"
      ) {
        const outcome = await beginIdempotentRequest(context.actor, {
          key,
          method: request.method,
          path: base.url.pathname,
          body: await readText(),
        });
        if (outcome.replay) return withHeaders(replayed(outcome.replay), requestId, rateHeaders);
        claim = outcome.claim;
      }
      const response = await handler(context as Context<O>);
      if (claim) {
        const done = claim;
        claim = undefined;
        // the write succeeded: answer it even if recording fails (the key then stays in flight, so a retry is refused)
        await done.complete(await storedFrom(response)).catch((err: unknown) => log.error({ err }, "key store"));
      }
      return withHeaders(response, requestId, rateHeaders);
    } catch (error) {
      // a refusal thrown without being recorded (limitFailures) still wins over allowed counts
      if (error instanceof AppError && error.code === "rate_limited" && error.headers)
        showRateLimit(rateHeaders, error.headers);
      const response = errorResponse(error, requestId, log, rateHeaders);
      if (claim) {
        // a client error changed nothing: the key is free again; a fault may have written, so it is kept
        if (response.status < 500) await claim.release().catch((err: unknown) => log.error({ err }, "key release"));
        else await claim.complete(await storedFrom(response)).catch((err: unknown) => log.error({ err }, "key store"));
      }
      return response;
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
