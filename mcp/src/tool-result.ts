// MCP tool results: structured content (with its JSON as text for clients that
// read text only), and errors the way AdCP expects them over MCP: isError, a
// structuredContent.adcp_error, the same JSON as the first text item and a
// terse sentence as the second. The API's own code travels in
// adcp_error.details.code, beside AdCP's standard code.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "./rest-client.ts";
import { ToolInputError } from "./tool.ts";

export type AdcpError = {
  code: string;
  message: string;
  recovery: "transient" | "correctable" | "terminal";
  field?: string;
  suggestion?: string;
  retry_after?: number;
  details: { code: string; status: number; request_id?: string; errors?: { path: string; message: string }[] };
};

/** Our problem codes (docs/errors) -> AdCP's standard error codes and recovery classes. */
const ADCP_CODES: Record<string, { code: string; recovery: AdcpError["recovery"] }> = {
  bad_request: { code: "INVALID_REQUEST", recovery: "correctable" },
  unauthorized: { code: "AUTH_INVALID", recovery: "terminal" },
  insufficient_scope: { code: "SCOPE_INSUFFICIENT", recovery: "terminal" },
  not_found: { code: "REFERENCE_NOT_FOUND", recovery: "correctable" },
  click_not_found: { code: "REFERENCE_NOT_FOUND", recovery: "correctable" },
  method_not_allowed: { code: "INVALID_REQUEST", recovery: "terminal" },
  conflict: { code: "CONFLICT", recovery: "transient" },
  invalid_transition: { code: "INVALID_STATE", recovery: "terminal" },
  idempotency_in_flight: { code: "IDEMPOTENCY_IN_FLIGHT", recovery: "transient" },
  validation_failed: { code: "VALIDATION_ERROR", recovery: "correctable" },
  immutable_field: { code: "FIELD_NOT_PERMITTED", recovery: "correctable" },
  icon_unreachable: { code: "CREATIVE_INACCESSIBLE", recovery: "correctable" },
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

export function errorResult(error: AdcpError): CallToolResult {
  const structured = { adcp_error: error };
  return {
    content: [
      { type: "text", text: JSON.stringify(structured) },
      { type: "text", text: terse(error) },
    ],
    structuredContent: structured,
    isError: true,
  };
}

/**
 * Any failure of a tool as an AdCP error. `fieldMap` renames the API's field
 * paths to the tool's own argument names (bid_cpm_usd -> packages[0].bid_price).
 */
export function toAdcpError(error: unknown, fieldMap: (path: string) => string = (path) => path): AdcpError {
  if (error instanceof ApiError) {
    const mapped = ADCP_CODES[error.code] ?? { code: error.code.toUpperCase(), recovery: "correctable" as const };
    const first = error.fieldErrors[0];
    return {
      code: mapped.code,
      message: error.detail,
      recovery: mapped.recovery,
      ...(first ? { field: fieldMap(first.path) } : {}),
      ...(error.retryAfterSeconds ? { retry_after: Math.min(3600, Math.max(1, error.retryAfterSeconds)) } : {}),
      details: {
        code: error.code,
        status: error.status,
        ...(error.requestId ? { request_id: error.requestId } : {}),
        ...(error.fieldErrors.length
          ? { errors: error.fieldErrors.map((entry) => ({ path: fieldMap(entry.path), message: entry.message })) }
          : {}),
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
