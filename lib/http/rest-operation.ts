// The handler of a REST surface entry that runs an operation (lib/http/rest-surface.ts,
// lib/operations): the entry's shape says how the HTTP request becomes the operation's
// input (path parameters, the query string or the JSON body) and how the result is
// answered (status, REST view). Who may call, the rate limit and idempotency come from
// the operation, never from the route.
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { systemClock } from "@/lib/clock";
import { validationError } from "@/lib/errors";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/domain/idempotency/idempotent-request";
import { invokeOnce } from "@/lib/operations/invoke";
import type { AnyOperation } from "@/lib/operations/operation";
import { clientIp } from "./client-ip";
import { defineRoute, jsonResponse } from "./define-route";
import { queryObject, type QueryRead } from "./query";
import type { OperationEntry, RestRequest, RestShape } from "./rest-surface";

type RestOptions<O extends AnyOperation> = Omit<RestShape<O>, "preview"> & {
  /** the path template's parameter names (`{id}` -> "id"), given to the operation under these names */
  params?: readonly string[];
  /** bytes of body read at most (lib/http/body-limits.ts) */
  maxBodyBytes?: number;
};

export type OperationRoute = ((
  request: Request,
  context?: { params?: Promise<Record<string, string>> },
) => Promise<Response>) & {
  /** the operation this route runs (the catalog test walks the routes by it) */
  readonly operation: AnyOperation;
};

const BODY_METHODS = new Set(["POST", "PATCH", "PUT"]);

/**
 * The path parameters joined to the JSON body: a body field of the same name is refused as
 * an unknown field would be. (In a query string the path's names are ignored, as any
 * parameter the operation does not read.)
 */
function bodyWithParams(body: unknown, params: Record<string, string>): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const taken = Object.keys(params).filter((name) => Object.hasOwn(body, name));
  if (taken.length)
    throw validationError(taken.map((name) => ({ path: name, message: "Unrecognized key: the path gives it" })));
  return { ...body, ...params };
}

export function restOperation<O extends AnyOperation>(operation: O, options: RestOptions<O> = {}): OperationRoute {
  // by default a query string gives the input's own fields but the path's: other parameters are ignored
  const pathNames = new Set<string>(options.params ?? []);
  const queryRead: QueryRead =
    operation.input instanceof z.ZodObject
      ? { keys: Object.keys(operation.input.shape).filter((name) => !pathNames.has(name)) }
      : {};
  const handler = defineRoute(
    {
      auth: operation.access === "public" ? "none" : "token",
      params: options.params ?? [],
      maxBodyBytes: options.maxBodyBytes,
    },
    async (context) => {
      const request: RestRequest = {
        request: context.request,
        url: context.url,
        params: context.params as Record<string, string>,
        body: context.body,
      };
      options.check?.(request);
      const raw = options.input
        ? await options.input(request)
        : BODY_METHODS.has(context.request.method)
          ? bodyWithParams(await context.body(), context.params)
          : { ...queryObject(context.url, options.query ?? queryRead), ...context.params };
      const key = context.request.headers.get(IDEMPOTENCY_KEY_HEADER);
      const { result, replayed } = await invokeOnce(
        operation,
        {
          actor: (context as { actor?: Actor }).actor ?? null,
          requestId: context.requestId,
          log: context.log,
          clock: systemClock,
          clientAddress: clientIp(context.request),
          ...(key !== null && { idempotencyKey: key }),
        },
        raw,
      );
      const response = options.respond
        ? await options.respond(result, request)
        : jsonResponse(options.view ? options.view(result) : result, { status: options.status ?? 200 });
      if (replayed) response.headers.set("idempotency-replayed", "true");
      return response;
    },
  );
  return Object.assign(handler, { operation });
}

/**
 * One method that runs `preview` instead of `route`'s operation when the query
 * says `validate_only=true` (createCampaign and updateCampaign, docs/decisions/1301): a preview writes
 * nothing, so it neither uses nor consumes an Idempotency-Key, and counts
 * against its own operation's limit. The route's operation (the write) is the
 * one the OpenAPI entry documents.
 */
export function withValidateOnly(
  route: OperationRoute,
  preview: OperationRoute,
): OperationRoute & { readonly preview: AnyOperation } {
  const handler = (request: Request, context?: { params?: Promise<Record<string, string>> }) =>
    (new URL(request.url).searchParams.get("validate_only") === "true" ? preview : route)(request, context);
  return Object.assign(handler, { operation: route.operation, preview: preview.operation });
}

/** The parameter names of a path template (`/a/{id}/b/{variant_id}` -> ["id", "variant_id"]). */
export function pathParameters(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** The handler of an operation's entry of the REST surface (lib/http/rest-surface.ts). */
export function restHandler(entry: OperationEntry): OperationRoute {
  const params = pathParameters(entry.path);
  const { preview, ...shape } = entry.shape;
  const route = restOperation(entry.operation, { ...shape, params, maxBodyBytes: entry.bodyLimit });
  if (!preview) return route;
  // the preview's view takes its own operation's result
  const view = preview.view as (result: unknown) => unknown;
  // read as the operation reads its request (updateCampaign's If-Match): a preview checks what the write would
  const previewOptions = { params, check: shape.check, input: shape.input, view, maxBodyBytes: entry.bodyLimit };
  return withValidateOnly(route, restOperation(preview.operation, previewOptions));
}
