// both databases: fixtures stored as JSON and compared
// AdCP's compliance test controller through its REST routes (docs/decisions/1315): refused
// for a real advertiser whatever the scenario, list_scenarios, seed_product and
// seed_pricing_option (re-seed equivalent or refused), the sandbox products a buy resolves,
// and tenancy (a seeded product is its advertiser's only).
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { RESEEDED, SEEDED } from "@/lib/domain/adcp-sandbox/sandbox-products";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { restRoute } from "@/test/rest-routes";

const { POST } = restRoute("/api/ads/adcp/test-controller");
const { GET } = restRoute("/api/ads/adcp/sandbox-products/{id}");

let sandbox: TestAdvertiser;
let real: TestAdvertiser;

beforeEach(async () => {
  sandbox = await createTestAdvertiser("Sandbox Book");
  await db().advertiser.update({ where: { id: sandbox.advertiserId }, data: { sandbox: true } });
  real = await createTestAdvertiser("Real Book");
});

async function control(advertiser: TestAdvertiser, body: unknown) {
  return call(POST, "/api/ads/adcp/test-controller", {
    method: "POST",
    headers: await advertiser.auth(),
    body,
  });
}

async function product(advertiser: TestAdvertiser, id: string) {
  return call(GET, `/api/ads/adcp/sandbox-products/${encodeURIComponent(id)}`, {
    params: { id },
    headers: await advertiser.auth(["campaigns:read"]),
  });
}

/** The product's answer: the moment type and sport it buys, and each pricing option's bid. */
async function expectProduct(advertiser: TestAdvertiser, id: string, buys: string, bids: Record<string, number>) {
  const res = await product(advertiser, id);
  expect(res.status).toBe(200);
  const [moment_type, sport] = buys.split(" ");
  expect(res.body).toEqual({
    product_id: id,
    moment_type,
    sport,
    pricing_options: Object.entries(bids).map(([pricing_option_id, bid_cpm_usd]) => ({
      pricing_option_id,
      bid_cpm_usd,
    })),
  });
}

describe("outside sandbox advertisers", () => {
  it.each([
    { scenario: "list_scenarios" },
    { scenario: "seed_product", params: { product_id: "test-product", fixture: {} } },
    { scenario: "no_such_scenario" },
  ])("refuses $scenario with 403 sandbox_only and seeds nothing", async (body) => {
    const res = await control(real, body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "sandbox_only" });
    expect(await db().sandboxProduct.count({ where: { advertiserId: real.advertiserId } })).toBe(0);
  });

  it("has no sandbox products, not even test-product", async () => {
    const res = await product(real, "test-product");
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "sandbox_only" });
  });

  it("needs campaigns:write", async () => {
    const res = await call(POST, "/api/ads/adcp/test-controller", {
      method: "POST",
      headers: await sandbox.auth(["campaigns:read"]),
      body: { scenario: "list_scenarios" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "insufficient_scope" });
  });
});

describe("a sandbox advertiser", () => {
  it("lists the scenarios served", async () => {
    const res = await control(sandbox, { scenario: "list_scenarios" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, scenarios: expect.any(Array) });
  });

  it("has AdCP's test-product without a seed: close_game in nba at its floor", async () => {
    await expectProduct(sandbox, "test-product", "close_game nba", { default: 0.35, "test-pricing": 0.35 });
  });

  it("seeds a product and its pricing option, re-seeds an equivalent fixture, refuses a different one", async () => {
    const fixture = { delivery_type: "guaranteed", ext: { sma: { moment_type: "overtime", sport: "nfl" } } };
    const seed = { scenario: "seed_product", params: { product_id: "sports_preroll_q2", fixture } };
    expect((await control(sandbox, seed)).body).toEqual({ success: true, message: SEEDED });
    // the same fixture, its keys in another order: equivalent
    const reordered = { ext: { sma: { sport: "nfl", moment_type: "overtime" } }, delivery_type: "guaranteed" };
    const again = await control(sandbox, { ...seed, params: { product_id: "sports_preroll_q2", fixture: reordered } });
    expect(again.body).toEqual({ success: true, message: RESEEDED });
    const other = await control(sandbox, {
      ...seed,
      params: { product_id: "sports_preroll_q2", fixture: { delivery_type: "non_guaranteed" } },
    });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: "validation_failed", errors: [{ path: "params.fixture" }] });

    const price = {
      scenario: "seed_pricing_option",
      params: { product_id: "sports_preroll_q2", pricing_option_id: "cpm_guaranteed", fixture: { fixed_price: 22 } },
    };
    expect((await control(sandbox, price)).body).toEqual({ success: true, message: SEEDED });
    expect((await control(sandbox, price)).body).toEqual({ success: true, message: RESEEDED });
    await expectProduct(sandbox, "sports_preroll_q2", "overtime nfl", { default: 0.4, cpm_guaranteed: 22 });
  });

  it("keeps a seeded product its own: another sandbox advertiser does not see it", async () => {
    const other = await createTestAdvertiser("Other Sandbox");
    await db().advertiser.update({ where: { id: other.advertiserId }, data: { sandbox: true } });
    await control(sandbox, { scenario: "seed_product", params: { product_id: "mine", fixture: {} } });
    expect((await product(sandbox, "mine")).status).toBe(200);
    expect((await product(other, "mine")).status).toBe(404);
  });

  it.each([
    [{ scenario: "force_account_status", params: {} }, "scenario"],
    [{ scenario: "seed_product", params: {} }, "params.product_id"],
    [
      { scenario: "seed_product", params: { product_id: "x", fixture: { ext: { sma: { moment_type: "nope" } } } } },
      "params.fixture.ext.sma.moment_type",
    ],
    [
      {
        scenario: "seed_product",
        params: { product_id: "x", fixture: { ext: { sma: { moment_type: "foul_trouble", sport: "nfl" } } } },
      },
      "params.fixture.ext.sma.sport",
    ],
    [
      { scenario: "seed_pricing_option", params: { product_id: "unseeded", pricing_option_id: "p" } },
      "params.product_id",
    ],
  ])("answers %j with 422 naming %s", async (body, path) => {
    const res = await control(sandbox, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "validation_failed", errors: [{ path }] });
  });

  it("answers 404 for a product never seeded", async () => {
    expect((await product(sandbox, "never-seeded")).status).toBe(404);
  });
});
