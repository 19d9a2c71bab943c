import { z } from "zod";
import { adcpRequest } from "../adcp/envelope.ts";
import { defineTool, idempotencyKey } from "../tool.ts";

/** AdCP's compliance test controller: the service decides everything, sandbox advertisers only (docs/decisions/1315). */
export const complyTestController = defineTool({
  name: "comply_test_controller",
  title: "AdCP: compliance test controller (sandbox only)",
  description:
    "AdCP's deterministic-testing controller, for compliance harnesses on sandbox advertisers only: any other advertiser " +
    "is refused (PERMISSION_DENIED). scenario list_scenarios answers the force_ and simulate_ scenarios served; " +
    "seed_product (params {product_id, fixture}) makes a product only this advertiser sees, buying a moment type in a " +
    "sport (fixture.ext.sma.moment_type and .sport; by default close_game in nba); seed_pricing_option (params " +
    "{product_id, pricing_option_id, fixture}) adds a pricing option whose fixed_price above the floor is the bid of a " +
    "buy naming none. A re-seed with an equivalent fixture succeeds, a different one is refused. AdCP's test-product " +
    "(pricing options default and test-pricing) exists without a seed.",
  input: {
    ...adcpRequest,
    scenario: z.string().describe("list_scenarios, seed_product or seed_pricing_option"),
    params: z.record(z.string(), z.unknown()).optional().describe("The scenario's parameters"),
    idempotency_key: idempotencyKey
      .optional()
      .describe("Optional here (AdCP's controller takes none): seeds are idempotent by their ids."),
  },
  output: {
    success: z.boolean(),
    scenarios: z.array(z.string()).optional(),
    message: z.string().optional(),
    context: z.looseObject({}).optional(),
  },
  operations: ["runTestController"],
  run: async ({ scenario, params, context, idempotency_key }, { api }) => {
    const { result } = await api.write(
      "runTestController",
      { body: { scenario, ...(params ? { params } : {}) } },
      { idempotencyKey: idempotency_key },
    );
    return { ...result, ...(context ? { context } : {}) };
  },
});
