// MCP tool results: structured content (with its JSON as text for clients that
// read text only), and errors the way AdCP expects them over MCP: isError, a
// structuredContent.adcp_error, the same JSON as the first text item and a
// terse sentence as the second. The API's own code travels in
// adcp_error.details.code, beside AdCP's standard code.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { ApiError, type FieldError } from "./rest-client.ts";
import { ToolInputError } from "./tool.ts";

export type AdcpError = {
  code: string;
  message: string;
  recovery: "transient" | "correctable" | "terminal";
  field?: string;
  suggestion?: string;
  retry_after?: number;
  details: {
    code: string;
    status: number;
    request_id?: string;
    errors?: FieldError[];
    /** SCOPE_INSUFFICIENT: the scopes the token lacks */
    required_scopes?: string[];
  };
};

/** Our problem codes (docs/errors) -> AdCP's standard error codes and recovery classes. */
const ADCP_CODES: Record<string, { code: string; recovery: AdcpError["recovery"] }> = {
  bad_request: { code: "INVALID_REQUEST", recovery: "correctable" },
  unauthorized: { code: "AUTH_INVALID", recovery: "terminal" },
  insufficient_scope: { code: "SCOPE_INSUFFICIENT", recovery: "terminal" },
  sandbox_only: { code: "PERMISSION_DENIED", recovery: "terminal" },
  not_found: { code: "REFERENCE_NOT_FOUND", recovery: "correctable" },
  click_not_found: { code: "REFERENCE_NOT_FOUND", recovery: "correctable" },
  method_not_allowed: { code: "INVALID_REQUEST", recovery: "terminal" },
  conflict: { code: "CONFLICT", recovery: "transient" },
  invalid_transition: { code: "INVALID_STATE", recovery: "terminal" },
  idempotency_in_flight: { code: "IDEMPOTENCY_IN_FLIGHT", recovery: "transient" },
  validation_failed: { code: "VALIDATION_ERROR", recovery: "correctable" },
  immutable_field: { code: "FIELD_NOT_PERMITTED", recovery: "correctable" },
  icon_unreachable: { code: "CREATIVE_INACCESSIBLE", recovery: "correctable" },
  region_not_licensed: { code: "POLICY_VIOLATION", recovery: "correctable" },
  idempotency_key_reused: { code: "IDEMPOTENCY_CONFLICT", recovery: "correctable" },
  attribution_window_expired: { code: "VALIDATION_ERROR", recovery: "terminal" },
  payload_too_large: { code: "INVALID_REQUEST", recovery: "correctable" },
  rate_limited: { code: "RATE_LIMITED", recovery: "transient" },
  internal_error: { code: "SERVICE_UNAVAILABLE", recovery: "transient" },
  unavailable: { code: "SERVICE_UNAVAILABLE", recovery: "transient" },
};

export function okResult(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}

function terse(error: AdcpError): string {
  const where = error.field ? ` (${error.field})` : "";
  const retry = error.retry_after ? ` Retry in ${error.retry_after}s.` : "";
  return `${error.code}${where}: ${error.message}${retry}`.slice(0, 500);
}

/**
 * A failed call: isError with adcp_error in structured content (AdCP's MCP binding), and the request's `context`
 * echoed unchanged beside it, as on a success (AdCP echoes it on every answer).
 */
export function errorResult(
  error: AdcpError,
  context?: Record<string, unknown>,
  fields: Record<string, unknown> = {},
): CallToolResult {
  const structured = { ...fields, adcp_error: error, ...(context ? { context } : {}) };
  return {
    content: [
      { type: "text", text: JSON.stringify(structured) },
      { type: "text", text: terse(error) },
    ],
    structuredContent: structured,
    isError: true,
  };
}

/** "packages[0].bid_price: must be at least 2.50; …": field errors in the tool's own terms. */
function fieldMessage(errors: readonly FieldError[]): string {
  return errors.map((entry) => (entry.path ? `${entry.path}: ${entry.message}` : entry.message)).join("; ");
}

/** A JSON path of the tool's arguments ("packages[0].creatives") from a zod issue's path. */
function argumentPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) out += typeof part === "number" ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out;
}

/** Arguments the tool's input schema refuses: VALIDATION_ERROR naming each argument, as every other refusal. */
export function argumentError(error: z.ZodError): AdcpError {
  const errors = error.issues.map((issue) => ({
    path: argumentPath(issue.path),
    // a missing argument: say so, rather than zod's "expected string, received undefined"
    message: issue.code === "invalid_type" && /received undefined$/.test(issue.message) ? "is required" : issue.message,
  }));
  return {
    code: "VALIDATION_ERROR",
    message: fieldMessage(errors).slice(0, 1000),
    recovery: "correctable",
    ...(errors[0]?.path ? { field: errors[0].path } : {}),
    suggestion: "Correct the arguments named in details.errors (the tool's input schema lists them) and call again.",
    details: { code: "validation_failed", status: 422, errors },
  };
}

/** Calls that name a tool this caller cannot use. The tool stays unlisted; the answer says why. */
export const refusal = {
  unknownTool: (name: string): AdcpError => ({
    code: "INVALID_REQUEST",
    message: `There is no tool ${JSON.stringify(name.slice(0, 100))}: call tools/list for the tools this token can use.`,
    recovery: "correctable",
    details: { code: "not_found", status: 404 },
  }),
  missingScopes: (tool: string, scopes: readonly string[]): AdcpError => ({
    code: "SCOPE_INSUFFICIENT",
    message:
      `${tool} needs an access token with the scope${scopes.length > 1 ? "s" : ""} ${scopes.join(" and ")}, ` +
      "which this token was not granted; it is not listed for this token.",
    recovery: "terminal",
    suggestion: `Ask the operator for an API client holding ${scopes.join(" and ")} and use its token.`,
    details: { code: "insufficient_scope", status: 403, required_scopes: [...scopes] },
  }),
  /** A request for an AdCP major version this agent does not speak (get_adcp_capabilities lists those it does). */
  versionUnsupported: (requested: unknown, supported: readonly number[]): AdcpError => ({
    code: "VERSION_UNSUPPORTED",
    message:
      `adcp_major_version ${JSON.stringify(requested).slice(0, 40)} is not supported: this agent speaks AdCP ` +
      `major version${supported.length > 1 ? "s" : ""} ${supported.join(", ")}.`,
    recovery: "correctable",
    field: "adcp_major_version",
    suggestion: `Send adcp_major_version ${supported[0]} (or leave it out), as get_adcp_capabilities declares.`,
    details: { code: "version_unsupported", status: 400 },
  }),
  readOnly: (tool: string): AdcpError => ({
    code: "PERMISSION_DENIED",
    message: `${tool} changes something, and this server runs read-only (SMA_READ_ONLY=1): it is not listed.`,
    recovery: "terminal",
    details: { code: "read_only", status: 403 },
  }),
};

/**
 * Any failure of a tool as an AdCP error. `fieldMap` renames the API's field
 * paths to the tool's own argument names (bid_cpm_usd -> packages[0].bid_price);
 * the message is written from the field errors under those names, so it never
 * names a REST field (the service's field messages carry no field name). A tool whose
 * one reference is a media buy answers the API's not_found with `notFoundCode`
 * (AdCP's MEDIA_BUY_NOT_FOUND rather than the generic REFERENCE_NOT_FOUND).
 */
export function toAdcpError(
  error: unknown,
  fieldMap: (path: string) => string = (path) => path,
  options: { notFoundCode?: string } = {},
): AdcpError {
  if (error instanceof ApiError) {
    const mapped =
      error.code === "not_found" && options.notFoundCode
        ? { code: options.notFoundCode, recovery: "correctable" as const }
        : (ADCP_CODES[error.code] ?? { code: error.code.toUpperCase(), recovery: "correctable" as const });
    const errors = error.fieldErrors.map((entry) => ({ path: fieldMap(entry.path), message: entry.message }));
    const first = errors[0];
    return {
      code: mapped.code,
      message: errors.length ? fieldMessage(errors).slice(0, 1000) : error.detail,
      recovery: mapped.recovery,
      ...(first?.path ? { field: first.path } : {}),
      ...(error.retryAfterSeconds ? { retry_after: Math.min(3600, Math.max(1, error.retryAfterSeconds)) } : {}),
      details: {
        code: error.code,
        status: error.status,
        ...(error.requestId ? { request_id: error.requestId } : {}),
        ...(errors.length ? { errors } : {}),
      },
    };
  }
  if (error instanceof ToolInputError) {
    return {
      code: error.adcpCode,
      message: error.message,
      recovery: "correctable",
      ...(error.field ? { field: error.field } : {}),
      ...(error.suggestion ? { suggestion: error.suggestion } : {}),
      details: {
        code: error.code,
        status: error.code === "conflict" ? 409 : 422,
        ...(error.field ? { errors: [{ path: error.field, message: error.message }] } : {}),
      },
    };
  }
  return {
    code: "SERVICE_UNAVAILABLE",
    message: "The tool failed unexpectedly; retry later.",
    recovery: "transient",
    details: { code: "internal_error", status: 500 },
  };
}
