import { z } from "zod";
import { adcpRequest } from "../adcp/envelope.ts";
import type { AdcpError } from "../tool-result.ts";
import { defineTool, idempotencyKey } from "../tool.ts";

/** AdCP's ControllerError codes (compliance/comply-test-controller-response.json, 3.1.19). */
type ControllerErrorCode = "UNKNOWN_SCENARIO" | "INVALID_PARAMS" | "NOT_FOUND" | "INVALID_TRANSITION" | "FORBIDDEN";

/**
 * A refusal in the controller's own format ({success: false, error, error_detail}, beside adcp_error): the service's
 * problem code and field say which. An unknown scenario is the service's 422 on `scenario`; a missing `scenario`
 * argument is INVALID_PARAMS, as AdCP's own controller answers it.
 */
export function controllerError(error: AdcpError, from: "arguments" | "call"): Record<string, unknown> {
  const code: ControllerErrorCode | "INTERNAL_ERROR" = (() => {
    switch (error.details.code) {
      case "sandbox_only":
        return "FORBIDDEN";
      case "not_found":
        return "NOT_FOUND";
      case "invalid_transition":
        return "INVALID_TRANSITION";
      case "validation_failed":
        return from === "call" && error.field === "scenario" ? "UNKNOWN_SCENARIO" : "INVALID_PARAMS";
      default:
        return "INTERNAL_ERROR";
    }
  })();
  return {
    success: false,
    error: code,
    error_detail: error.message,
    ...(code === "NOT_FOUND" ? { current_state: null } : {}),
  };
}

/** AdCP's compliance test controller: the service decides everything, sandbox advertisers only (docs/decisions/1315, 1316). */
export const complyTestController = defineTool({
  name: "comply_test_controller",
  title: "AdCP: compliance test controller (sandbox only)",
  description:
    "AdCP's deterministic-testing controller, for compliance harnesses on sandbox advertisers only: any other advertiser " +
    "is refused (error FORBIDDEN). scenario list_scenarios answers the force_ and simulate_ scenarios served; " +
    "force_media_buy_status (params {media_buy_id, status: active | paused | completed | canceled}) moves a media " +
    "buy as resume, pause, end or cancel would, answering previous_state and current_state; " +
    "seed_product (params {product_id, fixture}) makes a product only this advertiser sees, buying a moment type in a " +
    "sport (fixture.ext.sma.moment_type and .sport; by default close_game in nba); seed_pricing_option (params " +
    "{product_id, pricing_option_id, fixture}) adds a pricing option whose fixed_price above the floor is the bid of a " +
    "buy naming none. A re-seed with an equivalent fixture succeeds, a different one is refused. AdCP's test-product " +
    "(pricing options default and test-pricing) exists without a seed. Refusals answer success false with error " +
    "UNKNOWN_SCENARIO, INVALID_PARAMS, NOT_FOUND, INVALID_TRANSITION or FORBIDDEN (and adcp_error).",
  input: {
    ...adcpRequest,
    scenario: z.string().describe("list_scenarios, force_media_buy_status, seed_product or seed_pricing_option"),
    params: z.record(z.string(), z.unknown()).optional().describe("The scenario's parameters"),
    idempotency_key: idempotencyKey
      .optional()
      .describe("Optional here (AdCP's controller takes none): seeds are idempotent by their ids."),
  },
  output: {
    success: z.boolean(),
    scenarios: z.array(z.string()).optional(),
    previous_state: z.string().optional(),
    current_state: z.string().nullable().optional(),
    message: z.string().optional(),
    error: z.string().optional(),
    error_detail: z.string().optional(),
    context: z.looseObject({}).optional(),
  },
  operations: ["runTestController"],
  errorFields: controllerError,
  run: async ({ scenario, params, context, idempotency_key }, { api }) => {
    const { result } = await api.write(
      "runTestController",
      { body: { scenario, ...(params ? { params } : {}) } },
      { idempotencyKey: idempotency_key },
    );
    return { ...result, ...(context ? { context } : {}) };
  },
});
