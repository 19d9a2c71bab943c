// Every AdCP task of the registry, called through the real /mcp route with the
// SDK's Streamable HTTP client, and every answer validated against the vendored
// AdCP 3.1.19 schemas (fixtures/adcp). Requests are AdCP-shaped and validated
// too, so the tools accept what an AdCP buyer sends.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { seedDelivery } from "@/test/factories/delivery";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { callTool, connectMcp, type ToolAnswer } from "@/test/mcp-client";
import { AGENT, buyRequest as mediaBuyRequest, pushCreative as buyerCreative } from "./adcp-requests";
import { adcpErrors } from "./adcp-schemas";
import { SEEDED_PERCENTILES, seedCloseGameAuctions } from "./seed-auctions";

let icons: IconServer;
let adv: TestAdvertiser;
let client: Client;
let keys = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser();
  await seedCloseGameAuctions();
  client = await connectMcp(await adv.token());
});
afterAll(async () => {
  await client.close();
  await icons.close();
});

const key = () => `adcp-test-${Date.now()}-${++keys}`;

/** Calls an AdCP task with an AdCP-valid request and checks the answer against the task's response schema. */
async function task(name: string, request: Record<string, unknown>, schema: string): Promise<ToolAnswer> {
  const requestSchema = schema.replace(/-response\.json$/, "-request.json");
  expect(adcpErrors(requestSchema, request), `${name} request`).toEqual([]);
  const answer = await callTool(client, name, request);
  expect(answer.isError, `${name}: ${answer.text.slice(0, 800)}`).toBe(false);
  expect(adcpErrors(schema, answer.structured), `${name} response`).toEqual([]);
  return answer;
}

/** An input-required answer (a preview awaiting confirm) is the protocol envelope plus the task's input-required payload. */
function expectInputRequired(answer: ToolAnswer, payloadSchema: string) {
  expect(answer.isError).toBe(false);
  expect(answer.structured).toMatchObject({ status: "input-required", reason: "APPROVAL_REQUIRED" });
  expect(adcpErrors("core/protocol-envelope.json", answer.structured)).toEqual([]);
  expect(adcpErrors(payloadSchema, answer.structured)).toEqual([]);
}

const pushCreative = (overrides: Record<string, unknown> = {}) => buyerCreative(icons.url(), overrides);

const buyRequest = (idempotencyKey: string, pkg: Record<string, unknown> = {}) => ({
  ...mediaBuyRequest(idempotencyKey, icons.url(), pkg),
  context: { buyer_ref: "plan-7" },
});

/** A spend-raising update_media_buy: previewed (input-required with `changes`, nothing stored yet), then confirmed. */
async function previewThenConfirm(
  request: Record<string, unknown>,
  changes: { field: string; from: unknown; to: unknown }[],
  storedBefore: () => Promise<void>,
): Promise<ToolAnswer> {
  const preview = await callTool(client, "update_media_buy", request);
  expectInputRequired(preview, "media-buy/update-media-buy-async-response-input-required.json");
  expect(preview.structured.preview).toMatchObject({ changes });
  await storedBefore();
  return task("update_media_buy", { ...request, confirm: true }, "media-buy/update-media-buy-response.json");
}

async function createBuy(pkg: Record<string, unknown> = {}): Promise<string> {
  const answer = await task(
    "create_media_buy",
    { ...buyRequest(key(), pkg), confirm: true },
    "media-buy/create-media-buy-response.json",
  );
  return answer.structured.media_buy_id as string;
}

describe("discovery tasks", () => {
  it("get_adcp_capabilities declares AdCP 3.1 media buying with idempotency", async () => {
    const answer = await task("get_adcp_capabilities", {}, "protocol/get-adcp-capabilities-response.json");
    expect(answer.structured).toMatchObject({
      status: "completed",
      supported_protocols: ["media_buy", "creative"],
      adcp: { idempotency: { supported: true, replay_ttl_seconds: 86_400 } },
    });
  });

  it("get_products: one product per moment type and sport, floors, guidance only with volume", async () => {
    const answer = await task(
      "get_products",
      { buying_mode: "brief", brief: "NBA close games" },
      "media-buy/get-products-response.json",
    );
    const products = answer.structured.products as {
      product_id: string;
      pricing_options: { floor_price: number; price_guidance?: { p25: number; p90: number } }[];
    }[];
    const types = (await callTool(client, "list_moment_types")).structured.moment_types as {
      available_sports: string[];
    }[];
    expect(products).toHaveLength(types.reduce((sum, type) => sum + type.available_sports.length, 0));
    const close = products.find((product) => product.product_id === "close_game.nba")!;
    expect(close.pricing_options[0]).toMatchObject({ pricing_model: "cpm", floor_price: 0.35, currency: "USD" });
    expect(close.pricing_options[0]!.price_guidance).toEqual(SEEDED_PERCENTILES);
    const overtime = products.find((product) => product.product_id === "overtime.nba")!;
    expect(overtime.pricing_options[0]!.price_guidance).toBeUndefined();

    const narrowed = await task(
      "get_products",
      { buying_mode: "wholesale", sports: ["mlb"], moment_types: ["prop_alert"] },
      "media-buy/get-products-response.json",
    );
    expect((narrowed.structured.products as { product_id: string }[]).map((p) => p.product_id)).toEqual([
      "prop_alert.mlb",
    ]);
  });

  it("list_creative_formats describes the push notification and its limits", async () => {
    const answer = await task("list_creative_formats", {}, "media-buy/list-creative-formats-response.json");
    const [format] = answer.structured.formats as {
      format_id: { id: string };
      assets: { asset_id: string; requirements?: { max_length?: number } }[];
    }[];
    expect(format!.format_id).toEqual({ agent_url: AGENT, id: "push_notification" });
    expect(
      Object.fromEntries(format!.assets.map((asset) => [asset.asset_id, asset.requirements?.max_length])),
    ).toMatchObject({
      headline: 60,
      body: 120,
      cta: 20,
    });
  });
});

describe("create_media_buy", () => {
  it("previews, then creates once: the same key again answers the same buy", async () => {
    const idempotencyKey = key();
    const before = await db().campaign.count({ where: { advertiserId: adv.advertiserId } });
    const request = buyRequest(idempotencyKey);
    expect(adcpErrors("media-buy/create-media-buy-request.json", request)).toEqual([]);

    const dayBefore = new Date().toISOString().slice(0, 10);
    const preview = await callTool(client, "create_media_buy", request);
    const dayAfter = new Date().toISOString().slice(0, 10);
    expectInputRequired(preview, "media-buy/create-media-buy-async-response-input-required.json");
    // asap is the UTC date of the call (the day after `dayBefore` if midnight passed during it); the flight's last
    // day is end_time's date: 11 days, so 100 USD is 9.10 a day (rounded up to the cent), 10 if midnight passed
    const flight = (preview.structured.preview as { media_buy: { start_time: string; end_time: string } }).media_buy;
    expect([dayBefore, dayAfter]).toContain(flight.start_time.slice(0, 10));
    expect(flight.end_time).toBe(new Date(Date.parse(request.end_time.slice(0, 10)) + DAY).toISOString());
    const days = (Date.parse(flight.end_time) - Date.parse(flight.start_time)) / DAY;
    const dailyBudget = Math.ceil((100 * 100) / days) / 100;
    expect(preview.structured.preview).toMatchObject({
      daily_budget: dailyBudget,
      creative_review: { status: "approved" },
      // the 30 seeded auctions of three other advertisers (within the last hour: one day of history) all clear
      // below 2.50
      estimated_daily_impressions: 30,
      estimated_daily_spend: expect.any(Number),
      estimate_status: "estimated",
    });
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before);

    const created = await task(
      "create_media_buy",
      { ...request, confirm: true },
      "media-buy/create-media-buy-response.json",
    );
    expect(created.structured).toMatchObject({
      status: "completed",
      media_buy_status: "active",
      total_budget: 100,
      currency: "USD",
      context: { buyer_ref: "plan-7" },
      packages: [{ product_id: "close_game.nba", bid_price: 2.5, budget: 100, pricing_option_id: "cpm_auction" }],
    });
    expect(created.structured.replayed).toBeUndefined();

    const again = await task(
      "create_media_buy",
      { ...request, confirm: true },
      "media-buy/create-media-buy-response.json",
    );
    expect(again.structured.media_buy_id).toBe(created.structured.media_buy_id);
    expect(again.structured.replayed).toBe(true);
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before + 1);
    const stored = await db().campaign.findUniqueOrThrow({ where: { id: created.structured.media_buy_id as string } });
    expect([stored.momentTypes, stored.sports, stored.bidCpmMicros, stored.dailyBudgetMicros]).toEqual([
      '["close_game"]',
      '["nba"]',
      2_500_000n,
      BigInt(Math.round(dailyBudget * 1_000_000)),
    ]);
    expect(stored.pacing).toBe("even");
  });

  it("passes asap pacing through: the campaign spends as auctions are won, its daily budget the whole budget", async () => {
    const id = await createBuy({ pacing: "asap" });
    const stored = await db().campaign.findUniqueOrThrow({ where: { id } });
    expect([stored.pacing, stored.dailyBudgetMicros]).toEqual(["asap", 100_000_000n]);
  });

  it("answers a bid below the floor as an AdCP error carrying our code and the package field", async () => {
    const answer = await callTool(client, "create_media_buy", {
      ...buyRequest(key(), { bid_price: 0.1 }),
      confirm: true,
    });
    expect(answer.isError).toBe(true);
    expect(answer.structured.adcp_error).toMatchObject({
      code: "VALIDATION_ERROR",
      recovery: "correctable",
      field: "packages[0].bid_price",
      details: { code: "validation_failed", status: 422 },
    });
    expect(adcpErrors("core/error.json", answer.structured.adcp_error)).toEqual([]);
    expect(JSON.parse(answer.text)).toEqual(answer.structured);
  });

  it("words every refusal in the task's own terms: no REST field name in the error, whatever refused it", async () => {
    const refusals = {
      // the service's validation (REST 422), mapped onto the package's fields
      belowFloor: await callTool(client, "create_media_buy", {
        ...buyRequest(key(), { bid_price: 0.1 }),
        confirm: true,
      }),
      pastStart: await callTool(client, "create_media_buy", {
        ...buyRequest(key()),
        start_time: "2020-01-01T00:00:00Z",
        confirm: true,
      }),
      longHeadline: await callTool(client, "create_media_buy", {
        ...buyRequest(key(), {
          creatives: [pushCreative({ headline: { asset_type: "text", content: "x".repeat(61) } })],
        }),
      }),
      // the input schema (the SDK's validation of arguments, now ours)
      badType: await callTool(client, "create_media_buy", { ...buyRequest(key()), packages: "close_game.nba" }),
      emptyCreatives: await callTool(client, "sync_creatives", { idempotency_key: key(), creatives: [] }),
    };
    const REST_FIELDS =
      /bid_cpm_usd|daily_budget_usd|total_budget_usd|start_date|end_date|moment_types|icon_url|action_url|cta_text/;
    for (const [name, answer] of Object.entries(refusals)) {
      expect(answer.isError, name).toBe(true);
      expect(adcpErrors("core/error.json", answer.structured.adcp_error), name).toEqual([]);
      expect(JSON.stringify(answer.structured.adcp_error), name).not.toMatch(REST_FIELDS);
    }
    expect(refusals.belowFloor.structured.adcp_error).toMatchObject({
      field: "packages[0].bid_price",
      message: expect.stringMatching(/^packages\[0\]\.bid_price: must be at least \d+\.\d\d, the floor of close_game/),
    });
    expect(refusals.pastStart.structured.adcp_error).toMatchObject({
      code: "INVALID_REQUEST",
      field: "start_time",
      message: expect.stringMatching(/^start_time is in the past \(2020-01-01, today is \d{4}-\d\d-\d\d UTC\)/),
    });
    expect(refusals.longHeadline.structured.adcp_error).toMatchObject({
      field: "packages[0].creatives[0].assets.headline",
      message: expect.stringMatching(/^packages\[0\]\.creatives\[0\]\.assets\.headline: /),
    });
    expect(refusals.badType.structured.adcp_error).toMatchObject({
      code: "VALIDATION_ERROR",
      field: "packages",
      details: { code: "validation_failed", errors: [{ path: "packages", message: expect.any(String) }] },
    });
    expect(refusals.emptyCreatives.structured.adcp_error).toMatchObject({
      code: "VALIDATION_ERROR",
      field: "creatives",
    });
  });

  it("answers a buy without its creative as input-required, naming what to send, and creates nothing", async () => {
    const before = await db().campaign.count({ where: { advertiserId: adv.advertiserId } });
    // an AdCP 3.0 client may leave the creative out: the answer asks for it
    const answer = await callTool(client, "create_media_buy", buyRequest(key(), { creatives: undefined }));
    expectInputRequired(answer, "media-buy/create-media-buy-async-response-input-required.json");
    expect(answer.structured.errors).toEqual([
      expect.objectContaining({ code: "VALIDATION_ERROR", field: "packages[0].creatives" }),
    ]);
    // without a key (AdCP 3.1 requires one on every create_media_buy, a preview too), or confirmed without the
    // creative, it is refused
    for (const confirm of [undefined, true]) {
      const keyless = await callTool(client, "create_media_buy", {
        ...buyRequest(key()),
        idempotency_key: undefined,
        confirm,
      });
      expect(keyless.isError).toBe(true);
      expect(keyless.structured).toMatchObject({
        adcp_error: { code: "VALIDATION_ERROR", field: "idempotency_key", recovery: "correctable" },
        context: { buyer_ref: "plan-7" },
      });
    }
    const bare = await callTool(client, "create_media_buy", { ...buyRequest(key(), { creatives: [] }), confirm: true });
    expect(bare.structured.adcp_error).toMatchObject({ code: "VALIDATION_ERROR", field: "packages[0].creatives" });
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before);
  });

  it("maps creative errors to the asset and refuses what it cannot sell", async () => {
    const long = await callTool(client, "create_media_buy", {
      ...buyRequest(key(), {
        creatives: [pushCreative({ headline: { asset_type: "text", content: "x".repeat(61) } })],
      }),
    });
    expect(long.structured.adcp_error).toMatchObject({ field: "packages[0].creatives[0].assets.headline" });
    const two = await callTool(client, "create_media_buy", {
      ...buyRequest(key()),
      packages: [buyRequest(key()).packages[0], { ...buyRequest(key()).packages[0], product_id: "overtime.nba" }],
    });
    expect(two.structured.adcp_error).toMatchObject({ code: "UNSUPPORTED_FEATURE", field: "packages" });
    const paced = await callTool(client, "create_media_buy", buyRequest(key(), { pacing: "front_loaded" }));
    expect(paced.structured.adcp_error).toMatchObject({ code: "UNSUPPORTED_FEATURE", field: "packages[0].pacing" });
    const unknown = await callTool(client, "create_media_buy", buyRequest(key(), { product_id: "nope" }));
    expect(unknown.structured.adcp_error).toMatchObject({
      code: "PRODUCT_NOT_FOUND",
      details: { code: "validation_failed" },
    });
  });
});

describe("AdCP's error model", () => {
  const context = { correlation_id: "error-model", trace: { step: 3 } };

  it("echoes context unchanged on successes and on every kind of refusal", async () => {
    const ok = await callTool(client, "get_adcp_capabilities", { context });
    expect(ok.structured.context).toEqual(context);
    const refusals = {
      schema: await callTool(client, "create_media_buy", { ...buyRequest(key()), packages: "x", context }),
      service: await callTool(client, "create_media_buy", {
        ...buyRequest(key(), { bid_price: 0.1 }),
        confirm: true,
        context,
      }),
      unknownTool: await callTool(client, "no_such_tool", { context }),
      notFound: await callTool(client, "update_media_buy", {
        media_buy_id: "cmp_missing",
        idempotency_key: key(),
        paused: true,
        context,
      }),
    };
    for (const [name, answer] of Object.entries(refusals)) {
      expect(answer.isError, name).toBe(true);
      expect(answer.structured.context, name).toEqual(context);
      expect(adcpErrors("core/error.json", answer.structured.adcp_error), name).toEqual([]);
    }
  });

  it("maps each refusal onto AdCP's codes, with recovery and field", async () => {
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString();
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [
        "get_products",
        { adcp_major_version: 99, buying_mode: "wholesale" },
        { code: "VERSION_UNSUPPORTED", field: "adcp_major_version" },
      ],
      [
        "update_media_buy",
        { media_buy_id: "cmp_missing", idempotency_key: key(), paused: true },
        { code: "MEDIA_BUY_NOT_FOUND" },
      ],
      // the request's own shape is refused before its product is looked up
      [
        "create_media_buy",
        { ...buyRequest(key(), { product_id: "test-product", budget: -500 }), start_time: day(1), end_time: day(8) },
        { code: "VALIDATION_ERROR", field: "packages[0].budget" },
      ],
      [
        "create_media_buy",
        { ...buyRequest(key(), { product_id: "test-product" }), start_time: day(8), end_time: day(1) },
        { code: "VALIDATION_ERROR", field: "end_time" },
      ],
      [
        "create_media_buy",
        { ...buyRequest(key(), { product_id: "test-product" }), start_time: "2020-01-01T00:00:00Z" },
        { code: "INVALID_REQUEST", field: "start_time" },
      ],
      [
        "create_media_buy",
        { ...buyRequest(key()), idempotency_key: undefined },
        { code: "VALIDATION_ERROR", field: "idempotency_key" },
      ],
      [
        "create_media_buy",
        buyRequest(key(), { product_id: "test-product" }),
        { code: "PRODUCT_NOT_FOUND", field: "packages[0].product_id" },
      ],
    ];
    for (const [tool, request, expected] of cases) {
      const answer = await callTool(client, tool, request);
      expect(answer.isError, `${tool} ${JSON.stringify(expected)}`).toBe(true);
      expect(answer.structured.adcp_error, tool).toMatchObject({ ...expected, recovery: "correctable" });
    }
    // a supported major version is served
    expect((await callTool(client, "get_adcp_capabilities", { adcp_major_version: 3 })).isError).toBe(false);
  });
});

describe("media buys after creation", () => {
  it("get_media_buys lists the buy with its package and creative approval", async () => {
    const id = await createBuy();
    const answer = await task(
      "get_media_buys",
      { media_buy_ids: [id, "cmp_missing"], include_snapshot: true },
      "media-buy/get-media-buys-response.json",
    );
    const [buy] = answer.structured.media_buys as {
      media_buy_id: string;
      status: string;
      packages: { snapshot: unknown; creative_approvals: unknown[] }[];
    }[];
    expect(buy).toMatchObject({ media_buy_id: id, status: "active" });
    expect(buy!.packages[0]!.creative_approvals).toEqual([
      { creative_id: expect.stringMatching(/^cr_/), approval_status: "approved" },
    ]);
    expect(answer.structured.errors).toEqual([
      expect.objectContaining({ code: "MEDIA_BUY_NOT_FOUND", field: "media_buy_ids[1]" }),
    ]);
    const active = await task(
      "get_media_buys",
      { status_filter: "active", pagination: { max_results: 1 } },
      "media-buy/get-media-buys-response.json",
    );
    expect(active.structured.pagination).toMatchObject({ has_more: true, cursor: expect.any(String) });
  });

  it("update_media_buy pauses at once, previews a resume and a higher budget, then applies them when confirmed", async () => {
    const id = await createBuy();
    const pause = await task(
      "update_media_buy",
      { idempotency_key: key(), account: { account_id: "a" }, media_buy_id: id, paused: true },
      "media-buy/update-media-buy-response.json",
    );
    expect(pause.structured).toMatchObject({ media_buy_status: "paused" });

    const resumed = await previewThenConfirm(
      { idempotency_key: key(), account: { account_id: "a" }, media_buy_id: id, paused: false },
      [{ field: "status", from: "paused", to: "active" }],
      async () => expect((await db().campaign.findUniqueOrThrow({ where: { id } })).status).toBe("paused"),
    );
    expect(resumed.structured).toMatchObject({ media_buy_status: "active" });

    const pkg = `${id}:close_game.nba`;
    const raise = {
      idempotency_key: key(),
      account: { account_id: "a" },
      media_buy_id: id,
      packages: [{ package_id: pkg, budget: 220, bid_price: 3 }],
    };
    expectInputRequired(
      await callTool(client, "update_media_buy", raise),
      "media-buy/update-media-buy-async-response-input-required.json",
    );
    const raised = await task(
      "update_media_buy",
      { ...raise, confirm: true },
      "media-buy/update-media-buy-response.json",
    );
    expect(raised.structured).toMatchObject({
      total_budget: 220,
      affected_packages: [{ package_id: pkg, bid_price: 3, budget: 220 }],
    });

    const stale = await callTool(client, "update_media_buy", { ...raise, idempotency_key: key(), revision: 1 });
    expect(stale.structured.adcp_error).toMatchObject({ code: "CONFLICT", details: { code: "conflict" } });

    const cancel = await task(
      "update_media_buy",
      { idempotency_key: key(), account: { account_id: "a" }, media_buy_id: id, canceled: true },
      "media-buy/update-media-buy-response.json",
    );
    expect(cancel.structured).toMatchObject({ media_buy_status: "canceled" });
  });

  it("update_media_buy passes asap pacing through after a preview (it can raise spend) and refuses front_loaded", async () => {
    const id = await createBuy();
    const pkg = `${id}:close_game.nba`;
    const change = {
      idempotency_key: key(),
      account: { account_id: "a" },
      media_buy_id: id,
      packages: [{ package_id: pkg, pacing: "asap" }],
    };
    // the buy's daily budget is its budget spread over the flight: asap lets a day spend all of it (as at creation)
    const applied = await previewThenConfirm(
      change,
      [
        { field: "daily_budget_usd", from: 9.1, to: 100 },
        { field: "pacing", from: "even", to: "asap" },
      ],
      async () => expect((await db().campaign.findUniqueOrThrow({ where: { id } })).pacing).toBe("even"),
    );
    expect(applied.structured).toMatchObject({ affected_packages: [{ package_id: pkg, pacing: "asap" }] });
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).pacing).toBe("asap");

    const frontLoaded = await callTool(client, "update_media_buy", {
      ...change,
      idempotency_key: key(),
      packages: [{ package_id: pkg, pacing: "front_loaded" }],
    });
    expect(frontLoaded.structured.adcp_error).toMatchObject({
      code: "UNSUPPORTED_FEATURE",
      field: "packages[0].pacing",
    });
    // creatives are added with sync_creatives, never replaced: said, not silently ignored
    const replaced = await callTool(client, "update_media_buy", {
      ...change,
      idempotency_key: key(),
      packages: [{ package_id: pkg, creatives: [pushCreative()] }],
    });
    expect(replaced.structured.adcp_error).toMatchObject({
      code: "UNSUPPORTED_FEATURE",
      field: "packages[0].creatives",
      suggestion: expect.stringContaining("sync_creatives"),
    });
  });

  it("get_media_buy_delivery reports the recorded delivery per buy, package and day", async () => {
    const id = await createBuy();
    const campaign = await db().campaign.findUniqueOrThrow({ where: { id }, include: { creatives: true } });
    // served in the first seconds of the buy's first day (today, UTC): inside its lifetime at any hour
    const dayStart = Date.parse(`${campaign.startDate}T00:00:00Z`);
    await seedDelivery(campaign, [
      { servedAtMs: dayStart + 1000, clickedAtMs: dayStart + 4000, momentType: "close_game", sport: "nba" },
      { servedAtMs: dayStart + 2000, momentType: "close_game", sport: "nba" },
      { servedAtMs: dayStart + 3000, momentType: "close_game", sport: "nba" },
    ]);
    const answer = await task(
      "get_media_buy_delivery",
      { media_buy_ids: [id] },
      "media-buy/get-media-buy-delivery-response.json",
    );
    const [delivery] = answer.structured.media_buy_deliveries as {
      totals: { impressions: number; clicks: number; spend: number };
      by_package: { package_id: string; impressions: number; rate: number }[];
    }[];
    // 3 impressions at the default 2.00 USD clearing CPM
    expect(delivery!.totals).toMatchObject({ impressions: 3, clicks: 1, spend: 0.006 });
    expect(delivery!.by_package).toEqual([
      expect.objectContaining({ package_id: `${id}:close_game.nba`, impressions: 3, rate: 2 }),
    ]);
    expect(answer.structured.aggregated_totals).toMatchObject({ impressions: 3, media_buy_count: 1 });
  });
});

describe("creatives", () => {
  it("sync_creatives adds a variant once; list_creatives shows both", async () => {
    const id = await createBuy();
    const pkg = `${id}:close_game.nba`;
    const second = pushCreative({ headline: { asset_type: "text", content: "Overtime: your bet is alive" } });
    const request = {
      idempotency_key: key(),
      account: { account_id: "a" },
      creatives: [
        { ...second, creative_id: "buyer-2" },
        { ...pushCreative(), creative_id: "buyer-1" },
        { ...pushCreative(), creative_id: "buyer-3" },
        {
          ...pushCreative({ icon: { asset_type: "url", url: "http://cdn.example.com/icon.png" } }),
          creative_id: "buyer-4",
        },
      ],
      assignments: [
        { creative_id: "buyer-2", package_id: pkg },
        { creative_id: "buyer-1", package_id: pkg },
        { creative_id: "buyer-4", package_id: pkg },
      ],
    };
    const answer = await task("sync_creatives", request, "creative/sync-creatives-response.json");
    expect(answer.structured.creatives).toEqual([
      expect.objectContaining({ creative_id: "buyer-2", action: "created", status: "approved", assigned_to: [pkg] }),
      expect.objectContaining({ creative_id: "buyer-1", action: "unchanged", assigned_to: [pkg] }),
      expect.objectContaining({ creative_id: "buyer-3", action: "failed" }),
      expect.objectContaining({ creative_id: "buyer-4", action: "failed" }),
    ]);
    // the service's refusal of the icon, in the creative's own terms
    const [iconError] = (answer.structured.creatives as { errors: Record<string, unknown>[] }[])[3]!.errors;
    expect(iconError).toMatchObject({
      field: "creatives[3].assets.icon",
      message: expect.stringMatching(/^creatives\[3\]\.assets\.icon: /),
    });
    expect(JSON.stringify(iconError)).not.toMatch(/icon_url/);
    const again = await task("sync_creatives", request, "creative/sync-creatives-response.json");
    expect((again.structured.creatives as { action: string }[]).map((c) => c.action)).toEqual([
      "unchanged",
      "unchanged",
      "failed",
      "failed",
    ]);
    expect(await db().creative.count({ where: { campaignId: id } })).toBe(2);

    const listed = await task(
      "list_creatives",
      { filters: { media_buy_ids: [id] }, include_assignments: true },
      "creative/list-creatives-response.json",
    );
    expect(listed.structured.query_summary).toMatchObject({ total_matching: 2, returned: 2 });
    expect((listed.structured.creatives as { name: string }[]).map((c) => c.name)).toEqual([
      expect.stringMatching(/variant_a$/),
      expect.stringMatching(/variant_b$/),
    ]);
  });
});
