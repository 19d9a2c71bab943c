// The schemas of AdCP's compliance test controller (comply_test_controller, sandbox
// advertisers only: docs/decisions/1315) and of the sandbox products it seeds.
import { z } from "zod";

const fixtureId = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_.:-]+$/, "must be 1-255 characters [A-Za-z0-9_.:-]");
const fixture = z.record(z.string(), z.unknown());

/**
 * The force_ and simulate_ scenarios served, as list_scenarios answers them and get_adcp_capabilities declares them
 * (seeds are served but not listed: docs/decisions/1316).
 */
export const CONTROLLER_SCENARIOS = ["force_media_buy_status"] as const satisfies readonly string[];
/** Every scenario accepted. */
export const SEED_SCENARIOS = ["seed_product", "seed_pricing_option"] as const;

export const seedProductParams = z.object({ product_id: fixtureId, fixture: fixture.optional() });
export const seedPricingOptionParams = z.object({
  product_id: fixtureId,
  pricing_option_id: fixtureId,
  fixture: fixture.optional(),
});

/** AdCP's media-buy statuses force_media_buy_status may name; pending_* and rejected are not forced here. */
export const FORCED_MEDIA_BUY_STATUSES = ["active", "paused", "completed", "canceled"] as const;
/** Every AdCP media-buy status (media-buy-status.json), so a status AdCP defines is told apart from a made-up one. */
export const ADCP_MEDIA_BUY_STATUSES = [
  "pending_creatives",
  "pending_start",
  "active",
  "paused",
  "completed",
  "rejected",
  "canceled",
] as const;
export type AdcpMediaBuyStatus = (typeof ADCP_MEDIA_BUY_STATUSES)[number];

export const forceMediaBuyStatusParams = z.object({
  media_buy_id: z.string().min(1).max(255),
  status: z.string().min(1).max(100),
  rejection_reason: z.string().max(1000).optional(),
});

export const testControllerInput = z.object({
  scenario: z
    .string()
    .min(1)
    .max(100)
    .meta({ description: "list_scenarios, seed_product, seed_pricing_option or force_media_buy_status" }),
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
    message: z.string().optional().meta({
      description: "seed_*: Fixture seeded, or Fixture re-seeded (equivalent); force_*: what changed",
    }),
    previous_state: z.string().optional().meta({ description: "force_*: the AdCP status before the transition" }),
    current_state: z.string().optional().meta({
      description: "force_*: the AdCP status after it, as get_media_buys reports it",
    }),
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
