import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./rest-client.ts";
import { argumentError, errorResult, refusal, toAdcpError } from "./tool-result.ts";
import { ToolInputError } from "./tool.ts";

describe("AdCP errors", () => {
  it("carries the API's code beside AdCP's, and words the message with the tool's own field names", () => {
    const error = new ApiError({
      status: 422,
      code: "validation_failed",
      detail: "bid_cpm_usd: too low",
      fieldErrors: [{ path: "bid_cpm_usd", message: "too low" }],
      requestId: "req_1",
    });
    expect(toAdcpError(error, (path) => (path === "bid_cpm_usd" ? "packages[0].bid_price" : path))).toEqual({
      code: "VALIDATION_ERROR",
      message: "packages[0].bid_price: too low",
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

  it("answers arguments the input schema refuses as VALIDATION_ERROR naming each argument", () => {
    const schema = z.object({
      idempotency_key: z.string(),
      packages: z.array(z.object({ budget: z.number() })).min(1),
    });
    const parsed = schema.safeParse({ packages: [{ budget: "ten" }] });
    expect(parsed.success).toBe(false);
    expect(argumentError(parsed.error!)).toMatchObject({
      code: "VALIDATION_ERROR",
      recovery: "correctable",
      field: "idempotency_key",
      message: "idempotency_key: is required; packages[0].budget: Invalid input: expected number, received string",
      details: {
        code: "validation_failed",
        status: 422,
        errors: [
          { path: "idempotency_key", message: "is required" },
          { path: "packages[0].budget", message: "Invalid input: expected number, received string" },
        ],
      },
    });
  });

  it("echoes the request's context beside adcp_error, in structured content and its text", () => {
    const result = errorResult(refusal.unknownTool("nope"), { correlation_id: "c-1", nested: { a: [1] } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      adcp_error: expect.objectContaining({ code: "INVALID_REQUEST" }),
      context: { correlation_id: "c-1", nested: { a: [1] } },
    });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    expect(errorResult(refusal.unknownTool("nope")).structuredContent).not.toHaveProperty("context");
  });

  it("refuses an unsupported major version as VERSION_UNSUPPORTED naming the versions spoken", () => {
    expect(refusal.versionUnsupported(99, [3])).toMatchObject({
      code: "VERSION_UNSUPPORTED",
      recovery: "correctable",
      field: "adcp_major_version",
      message: expect.stringContaining(
        "adcp_major_version 99 is not supported: this agent speaks AdCP major version 3",
      ),
    });
  });

  it("answers not_found with the tool's own code when it names one (MEDIA_BUY_NOT_FOUND), else REFERENCE_NOT_FOUND", () => {
    const error = new ApiError({ status: 404, code: "not_found", detail: "no campaign cmp_x", fieldErrors: [] });
    expect(toAdcpError(error, undefined, { notFoundCode: "MEDIA_BUY_NOT_FOUND" })).toMatchObject({
      code: "MEDIA_BUY_NOT_FOUND",
      recovery: "correctable",
      details: { code: "not_found", status: 404 },
    });
    expect(toAdcpError(error).code).toBe("REFERENCE_NOT_FOUND");
  });

  it("names the scopes a hidden tool needs", () => {
    expect(refusal.missingScopes("create_media_buy", ["campaigns:write"])).toMatchObject({
      code: "SCOPE_INSUFFICIENT",
      recovery: "terminal",
      message: expect.stringContaining("create_media_buy needs an access token with the scope campaigns:write"),
      details: { code: "insufficient_scope", status: 403, required_scopes: ["campaigns:write"] },
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
