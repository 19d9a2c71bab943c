import { describe, expect, it } from "vitest";
import { ApiError } from "./rest-client.ts";
import { errorResult, toAdcpError } from "./tool-result.ts";
import { ToolInputError } from "./tool.ts";

describe("AdCP errors", () => {
  it("carries the API's code and detail beside AdCP's code, with fields renamed for the tool", () => {
    const error = new ApiError({
      status: 422,
      code: "validation_failed",
      detail: "bid_cpm_usd: too low",
      fieldErrors: [{ path: "bid_cpm_usd", message: "too low" }],
      requestId: "req_1",
    });
    expect(toAdcpError(error, (path) => (path === "bid_cpm_usd" ? "packages[0].bid_price" : path))).toEqual({
      code: "VALIDATION_ERROR",
      message: "bid_cpm_usd: too low",
      recovery: "correctable",
      field: "packages[0].bid_price",
      details: {
        code: "validation_failed",
        status: 422,
        request_id: "req_1",
        errors: [{ path: "packages[0].bid_price", message: "too low" }],
      },
    });
  });

  it.each([
    ["rate_limited", 429, "RATE_LIMITED", "transient"],
    ["insufficient_scope", 403, "SCOPE_INSUFFICIENT", "terminal"],
    ["not_found", 404, "REFERENCE_NOT_FOUND", "correctable"],
    ["invalid_transition", 409, "INVALID_STATE", "terminal"],
    ["idempotency_key_reused", 422, "IDEMPOTENCY_CONFLICT", "correctable"],
    ["idempotency_in_flight", 409, "IDEMPOTENCY_IN_FLIGHT", "transient"],
    ["icon_unreachable", 422, "CREATIVE_INACCESSIBLE", "correctable"],
    ["internal_error", 500, "SERVICE_UNAVAILABLE", "transient"],
  ])("maps %s to AdCP's %s", (code, status, adcpCode, recovery) => {
    expect(toAdcpError(new ApiError({ status, code, detail: "x" }))).toMatchObject({
      code: adcpCode,
      recovery,
      details: { code, status },
    });
  });

  it("clamps Retry-After into AdCP's 1..3600 seconds", () => {
    const error = new ApiError({ status: 429, code: "rate_limited", detail: "slow down", retryAfterSeconds: 7200 });
    expect(toAdcpError(error).retry_after).toBe(3600);
  });

  it("reports translation errors as validation_failed and hides unexpected faults", () => {
    expect(
      toAdcpError(new ToolInputError("bad", { field: "packages", adcpCode: "UNSUPPORTED_FEATURE" })),
    ).toMatchObject({
      code: "UNSUPPORTED_FEATURE",
      field: "packages",
      details: { code: "validation_failed", status: 422 },
    });
    expect(toAdcpError(new Error("secret stack"))).toEqual({
      code: "SERVICE_UNAVAILABLE",
      message: "The tool failed unexpectedly; retry later.",
      recovery: "transient",
      details: { code: "internal_error", status: 500 },
    });
  });

  it("is an MCP tool error with the JSON first and a terse sentence second", () => {
    const result = errorResult(toAdcpError(new ApiError({ status: 404, code: "not_found", detail: "No campaign" })));
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: "text", text: JSON.stringify(result.structuredContent) },
      { type: "text", text: "REFERENCE_NOT_FOUND: No campaign" },
    ]);
  });
});
