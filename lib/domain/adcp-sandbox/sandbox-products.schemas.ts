// The schemas of AdCP's compliance test controller (comply_test_controller, sandbox
// advertisers only: docs/decisions/1315) and of the sandbox products it seeds.
import { z } from "zod";

const fixtureId = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_.:-]+$/, "must be 1-255 characters [A-Za-z0-9_.:-]");
const fixture = z.record(z.string(), z.unknown());

/** The scenarios served, as list_scenarios answers them (seeds are not listed: AdCP's rule). */
export const CONTROLLER_SCENARIOS = [] as const satisfies readonly string[];
/** Every scenario accepted. */
export const SEED_SCENARIOS = ["seed_product", "seed_pricing_option"] as const;

export const seedProductParams = z.object({ product_id: fixtureId, fixture: fixture.optional() });
export const seedPricingOptionParams = z.object({
  product_id: fixtureId,
  pricing_option_id: fixtureId,
  fixture: fixture.optional(),
});

export const testControllerInput = z.object({
  scenario: z.string().min(1).max(100).meta({ description: "list_scenarios, seed_product or seed_pricing_option" }),
  params: fixture.optional().meta({ description: "The scenario's parameters (AdCP's comply_test_controller)" }),
});
export type TestControllerInput = z.infer<typeof testControllerInput>;

export const testControllerView = z
  .object({
    success: z.literal(true),
    scenarios: z
      .array(z.string())
      .optional()
      .meta({ description: "list_scenarios: the force_ and simulate_ scenarios served" }),
    message: z.string().optional().meta({ description: "seed_*: Fixture seeded, or Fixture re-seeded (equivalent)" }),
  })
  .meta({ id: "TestControllerResult" });
export type TestControllerResult = z.infer<typeof testControllerView>;

export const sandboxProductInput = z.object({ id: z.string().min(1).max(255) });

export const sandboxProductView = z
  .object({
    product_id: z.string(),
    moment_type: z.string().meta({ description: "The moment type it buys" }),
    sport: z.string().meta({ description: "The sport it buys" }),
    pricing_options: z
      .array(
        z.object({
          pricing_option_id: z.string(),
          bid_cpm_usd: z.number().meta({
            description:
              "The bid of a buy that names none: the moment type's floor, or the option's fixed_price when higher",
          }),
        }),
      )
      .meta({ description: "The pricing options a buy may name (default always)" }),
  })
  .meta({ id: "SandboxProduct" });
export type SandboxProduct = z.infer<typeof sandboxProductView>;
