// Top-level errors (docs/decisions/1104): every error is rendered from the one
// code table of lib/errors.ts, with `extensions: {code, apiCode, requestId,
// fieldErrors?, retryAfter?}`; a rate limit's headers go on the HTTP response
// (docs/decisions/1416). Faults are logged with the request id and shown
// only as internal_error; nothing internal (messages, stacks, SQL, paths)
// reaches the client.
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { AppError, ERROR_CODES, toAppError, type ErrorCode } from "@/lib/errors";
import { graphqlPath } from "./camel-case";
import type { GraphqlContext } from "./context";
import { limitRefusal } from "./limit-plugins";
import { recordRateLimit } from "@/lib/rate-limit/headers";

const APOLLO_CODES: Record<string, ErrorCode> = {
  GRAPHQL_PARSE_FAILED: "graphql_parse_failed",
  GRAPHQL_VALIDATION_FAILED: "graphql_validation_failed",
  BAD_USER_INPUT: "validation_failed",
  BAD_REQUEST: "bad_request",
  OPERATION_RESOLUTION_FAILURE: "bad_request",
  PERSISTED_QUERY_NOT_FOUND: "bad_request",
  PERSISTED_QUERY_NOT_SUPPORTED: "bad_request",
};

const FAULT_MESSAGE = "An unexpected error occurred. Quote the request id when reporting it.";

type Classified = { code: ErrorCode; message: string; appError?: AppError };

/**
 * The error that says what went wrong: a resolver's own error, an AppError or
 * a limit's error inside Apollo's wrappers, a fault wrapped by graphql-js or
 * Apollo; otherwise the GraphQLError itself (whose message describes the
 * request, as for variables that do not coerce).
 */
export function rootCause(error: unknown): unknown {
  if (!(error instanceof GraphQLError)) return error;
  const inner = error.originalError;
  if (!inner) return error;
  if (inner instanceof AppError || (inner instanceof GraphQLError && limitRefusal(inner))) return inner;
  if (error.path || !(inner instanceof GraphQLError)) return inner;
  return error;
}

/** What an error is, in the code table's terms. */
export function classify(error: unknown, formatted?: GraphQLFormattedError): Classified {
  const original = rootCause(error);
  const refusal = original instanceof GraphQLError ? limitRefusal(original) : null;
  if (refusal) return { code: "query_too_complex", message: refusal };
  if (original instanceof AppError || !(original instanceof GraphQLError)) {
    const appError = toAppError(original);
    return appError.code === "internal_error"
      ? { code: "internal_error", message: FAULT_MESSAGE, appError }
      : { code: appError.code, message: appError.detail, appError };
  }
  // a GraphQLError of graphql-js, Apollo or ours (limits): its code says what it is
  const extensions = formatted?.extensions ?? original.extensions;
  const apiCode = extensions?.apiCode;
  if (typeof apiCode === "string" && apiCode in ERROR_CODES)
    return { code: apiCode as ErrorCode, message: original.message };
  const mapped = APOLLO_CODES[String(extensions?.code)];
  return mapped ? { code: mapped, message: original.message } : { code: "internal_error", message: FAULT_MESSAGE };
}

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const { code, message, appError } = classify(error, formatted);
  const extensions: Record<string, unknown> = { code: ERROR_CODES[code].graphql, apiCode: code };
  if (appError?.fieldErrors?.length) {
    extensions.fieldErrors = appError.fieldErrors.map((fieldError) => ({
      field: graphqlPath(fieldError.path),
      message: fieldError.message,
    }));
  }
  const retryAfter = appError?.headers?.["Retry-After"];
  if (retryAfter) extensions.retryAfter = Number(retryAfter);
  if (formatted.extensions?.cost) extensions.cost = formatted.extensions.cost;
  return {
    message,
    ...(formatted.locations ? { locations: formatted.locations } : {}),
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions,
  };
}

/**
 * Logs faults with their cause, puts a refused rate limit's headers on the
 * HTTP response (through the request's collector, lib/rate-limit/headers.ts,
 * which the counts themselves also record into; REST answers them the same
 * way) and stamps every error with the request id.
 */
export const errorsPlugin: ApolloServerPlugin<GraphqlContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ contextValue, errors }) {
        for (const error of errors) {
          const { code, appError } = classify(error);
          if (code === "internal_error") {
            contextValue.log.error({ err: rootCause(error), path: error.path }, "graphql fault");
          }
          // usually recorded already by the count that refused; a refusal thrown otherwise still shows
          if (code === "rate_limited" && appError?.headers) recordRateLimit(appError.headers);
        }
      },
      async willSendResponse({ contextValue, response }) {
        if (response.body.kind !== "single") return;
        const errors = response.body.singleResult.errors;
        if (!errors) return;
        response.body.singleResult.errors = errors.map((error) => ({
          ...error,
          extensions: { ...error.extensions, requestId: contextValue.requestId },
        }));
      },
    };
  },
};
