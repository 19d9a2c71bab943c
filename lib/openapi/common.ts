// Shared pieces of the OpenAPI document (built from the zod schemas by
// zod-openapi): the problem schema, error responses, security requirements.
// Each area writes its entries' docs in lib/openapi/paths/<area>.ts (lib/http/rest-surface.ts gives their paths).
import { z } from "zod";
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from "zod-openapi";
import { SCOPE_DESCRIPTIONS, type Scope } from "@/lib/auth/scopes";
import { oauthError } from "@/lib/auth/auth.schemas";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { policyOf, rulesOf, scopeOf, type AnyOperation } from "@/lib/operations/operation";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/policies";

export const problemSchema = z
  .object({
    type: z.string().meta({ example: "/docs/errors#validation_failed" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    request_id: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details (application/problem+json)." });

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed request (bad JSON or content type)",
  401: "Missing, invalid or expired access token",
  403: "The token lacks the required scope",
  404: "Not found (or owned by another advertiser)",
  409: "Conflict with the resource's current state",
  413: "The body is larger than this operation accepts (see x-body-limit-bytes)",
  422: "Validation failed",
  429: "Rate limit exceeded",
  500: "Unexpected error",
};

/** Problem responses for the given statuses, listing which codes each may carry. */
export function problemResponses(...codes: ErrorCode[]): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, "internal_error" as const]) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, list] of byStatus) {
    // a 401 of the postback key is no token's: its titles say what it is
    const text =
      status === 401 && !list.includes("unauthorized")
        ? [...new Set(list.map((code) => ERROR_CODES[code].title))].join(" or ")
        : (STATUS_TEXT[status] ?? ERROR_CODES[list[0]!].title);
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: `${text}: ${[...new Set(list)].join(", ")}`,
      content: { "application/problem+json": { schema: problemSchema } },
    };
  }
  return responses;
}

/** The security schemes; `tokenUrl` is the token endpoint's path (E1). */
export const securitySchemes = (tokenUrl: string) =>
  ({
    oauth2: {
      type: "oauth2",
      description: "OAuth 2.0 client credentials (E1). Send the token as `Authorization: Bearer <token>`.",
      flows: {
        clientCredentials: {
          tokenUrl,
          scopes: SCOPE_DESCRIPTIONS,
        },
      },
    },
    platformKey: {
      type: "http",
      scheme: "bearer",
      description: "Publisher platform key (`npm run admin -- create-platform-key`), for the delivery endpoints.",
    },
  }) as const;

/** Security requirement: a token holding `scope` (or any valid token when omitted). */
export function oauth(scope?: Scope) {
  return [{ oauth2: scope ? [scope] : [] }];
}

/** The success answer of an operation: its description, and what it has besides the output as JSON. */
type Answer =
  | string
  | {
      description: string;
      headers?: ZodOpenApiResponseObject["headers"];
      /** other media types of the same answer (a report's CSV) */
      alsoAs?: Record<string, unknown>;
      /** the answer's one media type when it is a file, not JSON (an invoice's PDF): the output is its schema */
      mediaType?: string;
    };

export type OperationDoc = Omit<ZodOpenApiOperationObject, "operationId" | "security" | "responses"> & {
  /** the success answer: its schema is the operation's output, its status the REST surface entry's */
  returns: Answer;
  /** with `?validate_only=true` (an entry with a preview): the preview's answer, when its status differs */
  previewReturns?: string;
  /** answers besides the success and the problems */
  responses?: ZodOpenApiResponsesObject;
  /** the problem codes the operation itself can answer (those of access and rate limit are added) */
  errors?: ErrorCode[];
};

/** How an entry of the REST surface answers: its status, and the preview's operation under validate_only. */
export type Answered = { status: number; preview?: AnyOperation };

function outputOf(operation: AnyOperation): z.ZodType {
  if (!operation.output) throw new Error(`${operation.name} declares no output (lib/operations/operation.ts)`);
  return operation.output;
}

function successResponse(answer: Answer, schema: z.ZodType): ZodOpenApiResponseObject {
  const { description, headers, alsoAs, mediaType } = typeof answer === "string" ? { description: answer } : answer;
  return {
    description,
    ...(headers && { headers }),
    content: { [mediaType ?? "application/json"]: { schema }, ...(alsoAs as ZodOpenApiResponseObject["content"]) },
  };
}

/**
 * An operation's OpenAPI entry, with what the operation declares (lib/operations)
 * written from its declaration: operationId, security (the scope), the success answer
 * (its output at the entry's status; a preview's output beside it, or with it when both
 * answer 200), the 401, 403 and 429 answers, `x-rate-limit` and `x-idempotent` (the
 * Idempotency-Key header is added by withIdempotencyKeys).
 */
export function operationDoc(
  operation: AnyOperation,
  doc: OperationDoc,
  answered: Answered,
): ZodOpenApiOperationObject {
  const { errors = [], responses = {}, returns, previewReturns, ...rest } = doc;
  const { status, preview } = answered;
  const success: ZodOpenApiResponsesObject = {};
  const code = (value: number) => String(value) as `${1 | 2 | 3 | 4 | 5}${string}`;
  if (preview && status === 200) {
    success[code(status)] = successResponse(returns, z.union([outputOf(operation), outputOf(preview)]));
  } else {
    success[code(status)] = successResponse(returns, outputOf(operation));
    if (preview) success["200"] = successResponse(previewReturns ?? returns, outputOf(preview));
  }
  const policy = policyOf(operation);
  const rule = rulesOf(operation)[0];
  const codes: ErrorCode[] = [...errors];
  if (operation.access !== "public") codes.push("unauthorized");
  if (operation.access === "session") codes.push("session_required");
  if (scopeOf(operation)) codes.push("insufficient_scope");
  if (policy) codes.push("rate_limited");
  const entry: ZodOpenApiOperationObject & Record<`x-${string}`, unknown> = {
    operationId: operation.name,
    ...rest,
    security: operation.access === "public" ? [] : oauth(scopeOf(operation) ?? undefined),
    responses: { ...success, ...responses, ...problemResponses(...codes) },
  };
  if (policy) {
    const { points, durationSec, keyBy } = RATE_LIMIT_POLICIES[policy];
    entry["x-rate-limit"] = {
      policy,
      points,
      window_seconds: durationSec,
      per: keyBy === "ip" ? "client address" : keyBy,
      // a failures-only rule: each call holds a point while it runs, kept only when it fails with one of these
      ...(typeof rule === "object" ? { failures: [...rule.failures] } : {}),
    };
  }
  if (operation.idempotent) entry["x-idempotent"] = true;
  return entry;
}

export const platformKeySecurity = [{ platformKey: [] }];

export const IDEMPOTENCY_DESCRIPTION =
  "Optional. Makes this write safe to retry (Stripe's convention): the key is kept 24 hours per advertiser " +
  "with a fingerprint of the request (the API client that sent it, method, path, body) and the response, stored encrypted. " +
  "A retry with the same key and the same request from the same client gets the first response again, with " +
  "`Idempotency-Replayed: true`, and changes nothing; the same key with a different request, or from another API client " +
  "of the advertiser, is 422 idempotency_key_reused; while the first request runs a retry is 409 idempotency_in_flight. A request refused with a 4xx " +
  "changed nothing and frees its key. 1 to 255 visible ASCII characters (a UUID is a good key). Ignored with validate_only=true.";

const idempotencyKeyHeader = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7E]+$/)
    .optional()
    .meta({ description: IDEMPOTENCY_DESCRIPTION, example: "0b7c2c1e-3f5e-4a8e-9a61-7d0f6a3c2b10" }),
});

type Operation = {
  security?: readonly Record<string, readonly string[]>[];
  requestParams?: Record<string, unknown>;
  requestBody?: unknown;
  description?: string;
  responses?: ZodOpenApiResponsesObject;
};

/**
 * Every operation that takes a body reads at most its limit (lib/http/body-limits.ts):
 * state it (`x-body-limit-bytes`, the description) and add the 413 answer, once,
 * from the same table the routes use. the token endpoint answers it with an RFC 6749 body.
 */
export function withBodyLimits(
  paths: ZodOpenApiPathsObject,
  limitOf: (path: string, method: string) => number,
): ZodOpenApiPathsObject {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(paths) as [string, Record<string, Operation | undefined>][]) {
    const copy: Record<string, unknown> = { ...item };
    for (const method of ["post", "patch", "put"]) {
      const operation = item[method];
      if (!operation?.requestBody) continue;
      const limit = limitOf(path, method);
      // an operation that documents its own 413 (GraphQL answers in its own shape) keeps it
      const tooLarge = operation.responses?.["413"]
        ? operation.responses["413"]
        : (operation as { operationId?: string }).operationId === "obtainAccessToken"
          ? {
              description: `invalid_request: the body is larger than ${limit} bytes`,
              content: { "application/json": { schema: oauthError } },
            }
          : problemResponses("payload_too_large")["413"]!;
      copy[method] = {
        ...operation,
        description: `${operation.description ?? ""}${operation.description ? " " : ""}Bodies of at most ${limit} bytes (413 past that).`,
        "x-body-limit-bytes": limit,
        responses: { ...operation.responses, "413": tooLarge },
      };
    }
    out[path] = copy;
  }
  return out as ZodOpenApiPathsObject;
}

/**
 * Every token-authenticated POST, PATCH and DELETE of the REST API (/api/...)
 * accepts Idempotency-Key (lib/http/define-route.ts applies it to all of them):
 * document the header and the two errors it can add, once, for every such
 * operation. (/mcp carries its keys inside the tools' arguments.)
 */
export function withIdempotencyKeys(
  paths: ZodOpenApiPathsObject,
  isOperation: (path: string, method: string) => boolean,
): ZodOpenApiPathsObject {
  const extra = problemResponses("idempotency_in_flight", "idempotency_key_reused");
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(paths) as [string, Record<string, Operation | undefined>][]) {
    const copy: Record<string, unknown> = { ...item };
    for (const method of ["post", "patch", "delete"]) {
      const operation = item[method];
      // operations served by REST only: GraphQL mutations have no Idempotency-Key (docs/decisions/1104)
      if (!isOperation(path, method)) continue;
      if (!operation?.security?.some((requirement) => "oauth2" in requirement)) continue;
      const responses: ZodOpenApiResponsesObject = { ...operation.responses };
      for (const status of ["409", "422"] as const) {
        const added = extra[status]!;
        const existing = responses[status];
        const codes = (added.description ?? "").split(": ")[1] ?? "";
        responses[status] = existing ? { ...existing, description: `${existing.description}, ${codes}` } : added;
      }
      copy[method] = {
        ...operation,
        // beside an operation's own headers (updateCampaign's If-Match)
        requestParams: {
          ...operation.requestParams,
          header: operation.requestParams?.header
            ? idempotencyKeyHeader.extend((operation.requestParams.header as z.ZodObject).shape)
            : idempotencyKeyHeader,
        },
        responses,
      };
    }
    out[path] = copy;
  }
  return out as ZodOpenApiPathsObject;
}

/** What a 400 adds where the path has parameters (lib/server/request-edge.ts refuses such paths before Next). */
const UNDECODABLE_PATH_TEXT = "a path that is not valid percent-encoding (`%FF`, `%ZZ`) or holds `%00` (NUL)";

/**
 * Every operation Next serves with a path parameter (`{id}`) can be sent a value
 * whose percent-encoding decodes to no text or to a NUL, which the server's request edge answers
 * `400 bad_request` (problem+json) before Next reads it: say so, once, in each such
 * operation's 400 (added, or extended where the operation has its own). The hot
 * router's paths decode their own (GET /c/%FF is an unknown click, 404).
 */
export function withPathParameters(
  paths: ZodOpenApiPathsObject,
  servedByNext: (path: string) => boolean,
): ZodOpenApiPathsObject {
  const refused = problemResponses("bad_request")["400"] as ZodOpenApiResponseObject;
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(paths) as [string, Record<string, Operation | undefined>][]) {
    const copy: Record<string, unknown> = { ...item };
    if (path.includes("{") && servedByNext(path)) {
      for (const method of ["get", "post", "put", "patch", "delete"]) {
        const operation = item[method];
        if (!operation) continue;
        const existing = operation.responses?.["400"] as
          { description?: string; content?: Record<string, unknown> } | undefined;
        const badRequest = existing
          ? {
              ...existing,
              description: `${existing.description ?? ""}; or ${UNDECODABLE_PATH_TEXT}: bad_request`,
              content: { ...refused.content, ...existing.content },
            }
          : { ...refused, description: `Malformed request: ${UNDECODABLE_PATH_TEXT}: bad_request` };
        copy[method] = { ...operation, responses: { ...operation.responses, "400": badRequest } };
      }
    }
    out[path] = copy;
  }
  return out as ZodOpenApiPathsObject;
}
