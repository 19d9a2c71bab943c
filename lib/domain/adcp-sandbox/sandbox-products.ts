// AdCP's compliance test controller (comply_test_controller) and the sandbox products it
// seeds (docs/decisions/1315). Sandbox advertisers only: a real advertiser is refused
// (403 sandbox_only) whatever the scenario. A seeded product is an alias, seen by its
// advertiser only, of one real product (a moment type in a sport); AdCP's canonical
// fixture test-product exists for every sandbox advertiser without a seed. force_media_buy_status moves a
// buy through its campaign's own transitions (force-media-buy-status.ts, docs/decisions/1316).
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { MOMENT_TYPES } from "@/lib/domain/moment-types/catalog";
import { isSport } from "@/lib/domain/sports";
import { AppError } from "@/lib/errors";
import { microsToUsd } from "@/lib/money";
import { defineOperation } from "@/lib/operations/operation";
import { z } from "zod";
import { forceMediaBuyStatus } from "./force-media-buy-status";
import {
  CONTROLLER_SCENARIOS,
  forceMediaBuyStatusParams,
  SEED_SCENARIOS,
  type SandboxProduct,
  sandboxProductInput,
  sandboxProductView,
  seedPricingOptionParams,
  seedProductParams,
  type TestControllerInput,
  testControllerInput,
  type TestControllerResult,
  testControllerView,
} from "./sandbox-products.schemas";

/** AdCP's canonical compliance fixture (@adcp/sdk compliance-fixtures), there without a seed. */
export const TEST_PRODUCT_ID = "test-product";
/** The pricing option every sandbox product has; test-product also has test-pricing. */
export const DEFAULT_PRICING_OPTION_ID = "default";
const TEST_PRODUCT_PRICING = [DEFAULT_PRICING_OPTION_ID, "test-pricing"] as const;
/** What a seeded product buys unless its fixture's ext.sma names a moment type and sport. */
export const DEFAULT_SANDBOX_PRODUCT = { momentType: "close_game", sport: "nba" } as const;

export const SEEDED = "Fixture seeded";
export const RESEEDED = "Fixture re-seeded (equivalent)";

type Fixture = Record<string, unknown>;
type Row = { productId: string; momentType: string; sport: string; fixture: string; pricingOptions: string };

async function requireSandbox(advertiserId: string): Promise<void> {
  const advertiser = await db().advertiser.findUnique({ where: { id: advertiserId }, select: { sandbox: true } });
  if (!advertiser?.sandbox)
    throw new AppError("sandbox_only", {
      detail:
        "AdCP's compliance test controller and its fixtures serve sandbox advertisers only (made with the operator " +
        "CLI's create-advertiser --sandbox); this advertiser is a real one.",
    });
}

function invalid(path: string, message: string): AppError {
  return new AppError("validation_failed", { detail: `${path} ${message}.`, fieldErrors: [{ path, message }] });
}

function parseParams<T>(schema: z.ZodType<T>, params: unknown): T {
  const parsed = schema.safeParse(params ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw invalid(["params", ...issue.path.map(String)].join("."), issue.message);
}

/** The product a fixture buys: ext.sma.moment_type and ext.sma.sport, or the default. */
function productOf(fixture: Fixture): { momentType: string; sport: string } {
  const ext = fixture.ext as { sma?: { moment_type?: unknown; sport?: unknown } } | undefined;
  const momentType = ext?.sma?.moment_type ?? DEFAULT_SANDBOX_PRODUCT.momentType;
  const sport = ext?.sma?.sport ?? DEFAULT_SANDBOX_PRODUCT.sport;
  const type = MOMENT_TYPES.find((candidate) => candidate.key === momentType);
  if (!type) throw invalid("params.fixture.ext.sma.moment_type", "must be a moment type of listMomentTypes");
  if (typeof sport !== "string" || !isSport(sport) || !(type.availableSports as readonly string[]).includes(sport))
    throw invalid("params.fixture.ext.sma.sport", `must be a sport where ${type.key} exists`);
  return { momentType: type.key, sport };
}

/** Stable JSON (keys sorted), so an equivalent fixture compares equal whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Fixture)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

async function seedProduct(advertiserId: string, params: unknown, now: Date): Promise<TestControllerResult> {
  const { product_id, fixture = {} } = parseParams(seedProductParams, params);
  const product = productOf(fixture);
  return db().$transaction(async (tx) => {
    const key = { advertiserId_productId: { advertiserId, productId: product_id } };
    const prior = await tx.sandboxProduct.findUnique({ where: key });
    if (prior) {
      if (canonical(JSON.parse(prior.fixture)) !== canonical(fixture))
        throw invalid(
          "params.fixture",
          `differs from the fixture ${product_id} was seeded with: a re-seed must be equivalent, or use a new product_id`,
        );
      return { success: true as const, message: RESEEDED };
    }
    await tx.sandboxProduct.create({
      data: {
        advertiserId,
        productId: product_id,
        ...product,
        fixture: canonical(fixture),
        pricingOptions: "{}",
        createdAt: now,
        updatedAt: now,
      },
    });
    return { success: true as const, message: SEEDED };
  });
}

async function seedPricingOption(advertiserId: string, params: unknown, now: Date): Promise<TestControllerResult> {
  const { product_id, pricing_option_id, fixture = {} } = parseParams(seedPricingOptionParams, params);
  return db().$transaction(async (tx) => {
    const key = { advertiserId_productId: { advertiserId, productId: product_id } };
    let row = await tx.sandboxProduct.findUnique({ where: key });
    if (!row && product_id === TEST_PRODUCT_ID)
      row = await tx.sandboxProduct.create({
        data: {
          advertiserId,
          productId: product_id,
          ...DEFAULT_SANDBOX_PRODUCT,
          fixture: "{}",
          pricingOptions: "{}",
          createdAt: now,
          updatedAt: now,
        },
      });
    if (!row) throw invalid("params.product_id", "must be a product seeded first (seed_product)");
    const options = JSON.parse(row.pricingOptions) as Record<string, Fixture>;
    const prior = options[pricing_option_id];
    if (prior) {
      if (canonical(prior) !== canonical(fixture))
        throw invalid(
          "params.fixture",
          `differs from the fixture ${pricing_option_id} was seeded with: a re-seed must be equivalent, or use a new pricing_option_id`,
        );
      return { success: true as const, message: RESEEDED };
    }
    options[pricing_option_id] = fixture;
    await tx.sandboxProduct.update({ where: key, data: { pricingOptions: canonical(options), updatedAt: now } });
    return { success: true as const, message: SEEDED };
  });
}

/** Runs one scenario of AdCP's compliance test controller for a sandbox advertiser. */
export async function runTestControllerFor(
  actor: Actor,
  input: TestControllerInput,
  options: { clock?: Clock } = {},
): Promise<TestControllerResult> {
  await requireSandbox(actor.advertiserId);
  const now = nowDate(options.clock);
  switch (input.scenario) {
    case "list_scenarios":
      return { success: true, scenarios: [...CONTROLLER_SCENARIOS] };
    case "seed_product":
      return seedProduct(actor.advertiserId, input.params, now);
    case "seed_pricing_option":
      return seedPricingOption(actor.advertiserId, input.params, now);
    case "force_media_buy_status":
      return forceMediaBuyStatus(actor, parseParams(forceMediaBuyStatusParams, input.params), {
        clock: options.clock,
      });
    default:
      throw invalid(
        "scenario",
        `is not served here: use list_scenarios, ${[...CONTROLLER_SCENARIOS, ...SEED_SCENARIOS].join(", ")}`,
      );
  }
}

export const runTestController = defineOperation({
  name: "runTestController",
  access: "campaigns:write",
  write: true,
  history: { none: "compliance fixtures of a sandbox advertiser, not its configuration" },
  idempotent: true,
  input: testControllerInput,
  output: testControllerView,
  run: (actor, input, { clock }) => runTestControllerFor(actor, input, { clock }),
});

function bidOf(floorUsd: number, fixture: Fixture | undefined): number {
  const fixed = typeof fixture?.fixed_price === "number" ? fixture.fixed_price : 0;
  return Math.max(floorUsd, fixed);
}

function viewOf(row: Row): SandboxProduct {
  const floor = microsToUsd(MOMENT_TYPES.find((type) => type.key === row.momentType)!.floorCpmMicros);
  const seeded = JSON.parse(row.pricingOptions) as Record<string, Fixture>;
  const ids = [
    ...new Set([
      DEFAULT_PRICING_OPTION_ID,
      ...(row.productId === TEST_PRODUCT_ID ? TEST_PRODUCT_PRICING : []),
      ...Object.keys(seeded),
    ]),
  ];
  return {
    product_id: row.productId,
    moment_type: row.momentType,
    sport: row.sport,
    pricing_options: ids.map((id) => ({ pricing_option_id: id, bid_cpm_usd: bidOf(floor, seeded[id]) })),
  };
}

/** A sandbox product of the advertiser (test-product without a seed); 404 for any other id. */
export async function getSandboxProductFor(actor: Actor, id: string): Promise<SandboxProduct> {
  await requireSandbox(actor.advertiserId);
  const row = await db().sandboxProduct.findUnique({
    where: { advertiserId_productId: { advertiserId: actor.advertiserId, productId: id } },
  });
  if (row) return viewOf(row);
  if (id === TEST_PRODUCT_ID)
    return viewOf({ productId: id, ...DEFAULT_SANDBOX_PRODUCT, fixture: "{}", pricingOptions: "{}" });
  throw new AppError("not_found", {
    detail: `No sandbox product ${JSON.stringify(id)}: seed it first (seed_product).`,
  });
}

export const getSandboxProduct = defineOperation({
  name: "getSandboxProduct",
  access: "campaigns:read",
  write: false,
  input: sandboxProductInput,
  output: sandboxProductView,
  run: (actor, input) => getSandboxProductFor(actor, input.id),
});
