// One error type for the domain and ONE table that says how each code renders
// over HTTP (RFC 9457 problem+json, lib/http/problem.ts) and GraphQL
// (extensions.code). Services throw AppError; transports only render it.
import { ZodError, type z } from "zod";

// `userError: true`: a business-rule failure the caller can correct; GraphQL
// mutations return these in their payload's `userErrors` (code in capitals),
// everything else is a top-level error (docs/decisions/1104).
export const ERROR_CODES = {
  bad_request: { status: 400, title: "Bad request", graphql: "BAD_REQUEST" },
  graphql_parse_failed: { status: 400, title: "GraphQL syntax error", graphql: "GRAPHQL_PARSE_FAILED" },
  graphql_validation_failed: {
    status: 400,
    title: "GraphQL operation not valid against the schema",
    graphql: "GRAPHQL_VALIDATION_FAILED",
  },
  query_too_complex: { status: 400, title: "Query too complex", graphql: "QUERY_TOO_COMPLEX" },
  unauthorized: { status: 401, title: "Unauthorized", graphql: "UNAUTHENTICATED" },
  postback_key_required: { status: 401, title: "Postback key required", graphql: "UNAUTHENTICATED" },
  invalid_postback_key: { status: 401, title: "Invalid postback key", graphql: "UNAUTHENTICATED" },
  insufficient_scope: { status: 403, title: "Insufficient scope", graphql: "FORBIDDEN" },
  session_required: { status: 403, title: "Dashboard session required", graphql: "FORBIDDEN" },
  role_required: { status: 403, title: "Role required", graphql: "FORBIDDEN" },
  two_factor_required: { status: 403, title: "Two-factor sign-in required", graphql: "FORBIDDEN" },
  origin_not_allowed: { status: 403, title: "Origin not allowed", graphql: "FORBIDDEN" },
  sandbox_only: { status: 403, title: "Sandbox advertisers only", graphql: "FORBIDDEN" },
  not_found: { status: 404, title: "Not found", graphql: "NOT_FOUND" },
  click_not_found: { status: 404, title: "Click not found", graphql: "NOT_FOUND" },
  method_not_allowed: { status: 405, title: "Method not allowed", graphql: "BAD_REQUEST" },
  conflict: { status: 409, title: "Conflict", graphql: "CONFLICT", userError: true },
  invalid_transition: { status: 409, title: "Invalid status transition", graphql: "CONFLICT", userError: true },
  idempotency_in_flight: { status: 409, title: "Idempotency key in use", graphql: "CONFLICT" },
  payload_too_large: { status: 413, title: "Payload too large", graphql: "PAYLOAD_TOO_LARGE" },
  validation_failed: { status: 422, title: "Validation failed", graphql: "BAD_USER_INPUT", userError: true },
  immutable_field: { status: 422, title: "Immutable field", graphql: "BAD_USER_INPUT", userError: true },
  icon_unreachable: { status: 422, title: "Icon URL unreachable", graphql: "BAD_USER_INPUT", userError: true },
  region_not_licensed: { status: 422, title: "Region not licensed", graphql: "BAD_USER_INPUT", userError: true },
  idempotency_key_reused: { status: 422, title: "Idempotency key reused", graphql: "BAD_USER_INPUT" },
  attribution_window_expired: { status: 422, title: "Attribution window expired", graphql: "BAD_USER_INPUT" },
  rate_limited: { status: 429, title: "Too many requests", graphql: "RATE_LIMITED" },
  internal_error: { status: 500, title: "Internal error", graphql: "INTERNAL_SERVER_ERROR" },
  unavailable: { status: 503, title: "Service unavailable", graphql: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { status: number; title: string; graphql: string; userError?: true }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type UserErrorCode = {
  [K in ErrorCode]: (typeof ERROR_CODES)[K] extends { userError: true } ? K : never;
}[ErrorCode];

export const USER_ERROR_CODES = (Object.keys(ERROR_CODES) as ErrorCode[]).filter(
  (code): code is UserErrorCode => "userError" in ERROR_CODES[code],
);

export function isUserErrorCode(code: ErrorCode): code is UserErrorCode {
  return (USER_ERROR_CODES as readonly ErrorCode[]).includes(code);
}

export type FieldError = { path: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly fieldErrors?: FieldError[];
  /** extra response headers (Retry-After, WWW-Authenticate, ...) */
  readonly headers?: Record<string, string>;
  /** rate_limited: the policy of lib/rate-limit/policies.ts that refused */
  readonly policy?: string;

  constructor(
    code: ErrorCode,
    options: {
      detail?: string;
      fieldErrors?: FieldError[];
      headers?: Record<string, string>;
      cause?: unknown;
      policy?: string;
    } = {},
  ) {
    super(options.detail ?? ERROR_CODES[code].title, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.detail = options.detail ?? ERROR_CODES[code].title;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
    this.policy = options.policy;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

/** "creative.headline", "moment_types[2]": the JSON path of a zod issue. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message }));
}

/** A refusal names at most this many problems (10,000 bad user ids of a moment must not make a 600 KB answer). */
export const MAX_FIELD_ERRORS = 100;

export function validationError(fieldErrors: FieldError[], detail?: string): AppError {
  const first = fieldErrors[0];
  const listed = fieldErrors.length > MAX_FIELD_ERRORS ? fieldErrors.slice(0, MAX_FIELD_ERRORS) : fieldErrors;
  const more =
    listed.length < fieldErrors.length
      ? ` (${fieldErrors.length} problems; the first ${MAX_FIELD_ERRORS} are listed)`
      : "";
  return new AppError("validation_failed", {
    detail: detail ?? (first ? `${first.path || "body"}: ${first.message}${more}` : "The request is not valid."),
    fieldErrors: listed,
  });
}

/** Parse with a zod schema, throwing validation_failed with field paths. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(fieldErrorsFromZod(result.error));
  return result.data;
}

type PrismaLikeError = {
  code?: unknown;
  name?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
};

/**
 * A unique-constraint violation reported by Prisma, on SQLite and PostgreSQL
 * alike, in or out of a transaction: P2002 from a model query, or P2010 from a
 * raw statement whose driver error is a unique violation.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, name, meta } = error as PrismaLikeError;
  if (typeof name !== "string" || !name.startsWith("PrismaClient")) return false;
  return (
    code === "P2002" || (code === "P2010" && meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation")
  );
}

/** What a field holding U+0000 is told: every edge refuses it (lib/http/nul.ts, docs/decisions/1421). */
export const NUL_MESSAGE = "must not contain the NUL character (U+0000)";

/**
 * PostgreSQL refused a U+0000 in a text value (SQLSTATE 22021), through Prisma or
 * the pg driver's raw SQL. The transports refuse NUL first (lib/http/nul.ts); this
 * keeps any path they miss a 400 rather than a 500.
 */
export function isNulRefusedByDatabase(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as PrismaLikeError;
  return code === "22021" || meta?.driverAdapterError?.cause?.originalCode === "22021";
}

/** Anything thrown -> AppError. Unknown faults become internal_error (the caller logs the cause). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(fieldErrorsFromZod(error));
  if (isUniqueViolation(error)) {
    return new AppError("conflict", { detail: "The resource was changed by a concurrent request.", cause: error });
  }
  if (isNulRefusedByDatabase(error)) {
    return new AppError("bad_request", { detail: "Text must not contain the NUL character (U+0000).", cause: error });
  }
  return new AppError("internal_error", {
    detail: "An unexpected error occurred. Quote the request id when reporting it.",
    cause: error,
  });
}
