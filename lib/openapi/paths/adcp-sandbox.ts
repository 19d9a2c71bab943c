import { z } from "zod";
import { testControllerInput } from "@/lib/domain/adcp-sandbox/sandbox-products.schemas";
import type { OperationDoc } from "../common";

const RULE =
  "Sandbox advertisers only (made with the operator CLI's create-advertiser --sandbox): a real advertiser is refused " +
  "with 403 sandbox_only, whatever it sends (docs/decisions/1315).";

export const adcpSandboxDocs = {
  runTestController: {
    summary: "Run a scenario of AdCP's compliance test controller",
    description:
      "What the MCP tool comply_test_controller calls. `list_scenarios` answers the force_ and simulate_ scenarios " +
      "served; `seed_product` (params `{product_id, fixture}`) makes a sandbox product, an alias of one real product " +
      "(the fixture's `ext.sma.moment_type` and `ext.sma.sport`, by default close_game in nba); `seed_pricing_option` " +
      "(params `{product_id, pricing_option_id, fixture}`) adds a pricing option to it, whose `fixed_price` above the " +
      "floor is the bid of a buy that names none. A re-seed with an equivalent fixture answers `Fixture re-seeded " +
      "(equivalent)`; a different one is 422. AdCP's fixture `test-product` (pricing options default and test-pricing) " +
      "exists without a seed. `force_media_buy_status` (params `{media_buy_id, status}`, status `active`, `paused`, " +
      "`completed` or `canceled`) moves the campaign through its own transitions (resume, pause, end, cancel: " +
      "history and webhook events as ever) and answers `previous_state` and `current_state` in AdCP's names; an " +
      "unknown media buy is 404, a final one or a status never forced is 409 invalid_transition. Another scenario " +
      `or bad params: 422 naming the field (\`scenario\`, \`params.*\`). ${RULE}`,
    tags: ["AdCP sandbox"],
    requestBody: { required: true, content: { "application/json": { schema: testControllerInput } } },
    returns: "The scenario's answer",
    errors: ["bad_request", "sandbox_only", "not_found", "invalid_transition", "validation_failed"],
  },
  getSandboxProduct: {
    summary: "Get a sandbox product",
    description:
      "A product seeded for this sandbox advertiser (or `test-product`): the moment type and sport it buys and its " +
      `pricing options with the bid a buy naming none makes. Another id is 404. ${RULE}`,
    tags: ["AdCP sandbox"],
    requestParams: {
      path: z.object({ id: z.string().max(255).meta({ description: "The product id", example: "test-product" }) }),
    },
    returns: "The sandbox product",
    errors: ["sandbox_only", "not_found", "validation_failed"],
  },
} satisfies Record<string, OperationDoc>;
