// both databases: lists ordered and searched as text
// E5 (create) and E4 (list) through the route handlers, on a real database
// with a real local icon server.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { ICON_UNREACHABLE_MESSAGE } from "@/lib/domain/creatives/check-icon-url";
import { onCampaignsChanged } from "@/lib/process-events";
import { consumeRateLimit, RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import { campaignBody, creativeBody, utcDay } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi } from "@/test/openapi";

const { GET, POST } = restRoute("/api/ads/campaigns");

let icons: IconServer;
let adv: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser();
  headers = await adv.auth();
});
afterAll(() => icons.close());

async function create(body: unknown, h = headers) {
  return call(POST, "/api/ads/campaigns", { method: "POST", body, headers: h });
}

function errorPaths(res: { body: { errors?: { path: string }[] } }): string[] {
  return (res.body.errors ?? []).map((e) => e.path).sort();
}

describe("POST /api/ads/campaigns (E5)", () => {
  it("answers an array, a string, a number, null, a boolean or [valid body] with 422, never 500", async () => {
    for (const value of [[], "text", 42, null, true, [campaignBody(icons.url())]]) {
      const res = await create(JSON.stringify(value), { ...headers, "content-type": "application/json" });
      expect(res.status, JSON.stringify(value).slice(0, 40)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    }
  });

  it("creates an active campaign with an approved primary creative and answers 201 with the spec's fields", async () => {
    const changed: string[][] = [];
    const off = onCampaignsChanged((ids) => changed.push([...ids]));
    const body = campaignBody(icons.url(), {
      end_date: utcDay(30),
      target_cpa_usd: 12.5,
      postback_url: "https://postback.example.com/p?c={click_id}",
    });
    expectRequestMatchesOpenApi("POST", "/api/ads/campaigns", body);
    const res = await create(body);
    off();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^cmp_[A-Za-z0-9]{22}$/),
      status: "active",
      // its start date is ahead
      delivery_status: "pending_start",
      // no other advertiser's auctions: withheld (docs/decisions/0304)
      estimated_daily_impressions: 0,
      estimated_daily_spend_usd: 0,
      estimate_status: "insufficient_volume",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      creative: {
        id: expect.stringMatching(/^cr_/),
        variant_label: "variant_a",
        traffic_allocation: 1,
        status: "approved",
        review_reason: null,
      },
    });
    expectMatchesOpenApi("POST", "/api/ads/campaigns", 201, res.body);
    expect(changed).toContainEqual([res.body.id]);
    expect(icons.heads).toContain("/icon.png");

    const row = await db().campaign.findUniqueOrThrow({ where: { id: res.body.id }, include: { creatives: true } });
    expect(row).toMatchObject({
      advertiserId: adv.advertiserId,
      status: "active",
      bidCpmMicros: 2_500_000n,
      dailyBudgetMicros: 50_000_000n,
      totalBudgetMicros: 500_000_000n,
      targetCpaMicros: 12_500_000n,
      postbackUrl: "https://postback.example.com/p?c={click_id}",
      version: 1,
    });
    expect(JSON.parse(row.momentTypes)).toEqual(["close_game", "overtime"]);
    expect(row.creatives).toHaveLength(1);
    expect(row.creatives[0]).toMatchObject({
      variantIndex: 0,
      variantLabel: "variant_a",
      status: "approved",
      reviewReason: null,
    });
  });

  it("accepts every boundary value: bid exactly at the highest floor, daily 5, total 10, headline 60, body 120, cta 20 characters", async () => {
    const res = await create(
      campaignBody(icons.url(), {
        moment_types: ["prediction_resolved", "follow_alert"],
        bid_cpm_usd: 0.6,
        daily_budget_usd: 5,
        total_budget_usd: 10,
        creative: creativeBody(icons.url(), {
          headline: "h".repeat(59) + "🏀",
          body: "b".repeat(120),
          cta_text: "c".repeat(20),
        }),
      }),
    );
    expect(res.status).toBe(201);
    const stored = await db().campaign.findUniqueOrThrow({ where: { id: res.body.id } });
    expect([stored.bidCpmMicros, stored.dailyBudgetMicros, stored.totalBudgetMicros]).toEqual([
      600_000n,
      5_000_000n,
      10_000_000n,
    ]);
    // omitting the optional fields is fine too
    const minimal = campaignBody(icons.url());
    for (const key of ["end_date", "target_cpa_usd", "postback_url"]) delete (minimal as Record<string, unknown>)[key];
    delete (minimal.creative as Record<string, unknown>).cta_text;
    expect((await create(minimal)).status).toBe(201);
  });

  it.each([
    [
      "bid below the floor of one selected type",
      { moment_types: ["close_game", "bet_resolved"], bid_cpm_usd: 0.49 },
      "bid_cpm_usd",
      /at least 0\.50.*bet_resolved/,
    ],
    ["bid of 0", { bid_cpm_usd: 0 }, "bid_cpm_usd", /greater than 0/],
    ["bid above 1000", { bid_cpm_usd: 1000.01 }, "bid_cpm_usd", /at most 1000/],
    ["bid with 7 decimals", { bid_cpm_usd: 2.1234567 }, "bid_cpm_usd", /6 decimal/],
    ["daily budget below 5", { daily_budget_usd: 4.99 }, "daily_budget_usd", /at least 5/],
    ["total budget below 10", { total_budget_usd: 9.99 }, "total_budget_usd", /at least 10/],
    ["start date before today", { start_date: utcDay(-1) }, "start_date", /today/],
    ["start date not a date", { start_date: "2026-02-30" }, "start_date", /YYYY-MM-DD/],
    [
      "end date equal to start date",
      { start_date: utcDay(2), end_date: utcDay(2) },
      "end_date",
      /after the start date/,
    ],
    ["end date before start date", { start_date: utcDay(3), end_date: utcDay(2) }, "end_date", /after the start date/],
    ["empty moment_types", { moment_types: [] }, "moment_types", /at least one/],
    ["empty sports", { sports: [] }, "sports", /at least one/],
    ["unknown moment type", { moment_types: ["halftime"] }, "moment_types[0]", /./],
    ["unknown sport", { sports: ["nhl"] }, "sports[0]", /./],
    ["repeated moment type", { moment_types: ["overtime", "overtime"] }, "moment_types", /repeat/],
    [
      "type available in no selected sport",
      { moment_types: ["foul_trouble"], bid_cpm_usd: 1, sports: ["nfl", "mlb"] },
      "moment_types[0]",
      /foul_trouble is not available/,
    ],
    ["blank name", { name: "   " }, "name", /blank/],
    ["missing name", { name: undefined }, "name", /./],
    ["postback over http", { postback_url: "http://postback.example.com/x" }, "postback_url", /https/],
    ["unknown field", { budget: 5 }, "", /budget/],
    [
      "headline over 60",
      { creative: creativeBody("https://cdn.example.com/i.png", { headline: "h".repeat(61) }) },
      "creative.headline",
      /60/,
    ],
    [
      "body over 120",
      { creative: creativeBody("https://cdn.example.com/i.png", { body: "b".repeat(121) }) },
      "creative.body",
      /120/,
    ],
    [
      "cta over 20",
      { creative: creativeBody("https://cdn.example.com/i.png", { cta_text: "c".repeat(21) }) },
      "creative.cta_text",
      /20/,
    ],
    ["icon not a URL", { creative: creativeBody("icon.png") }, "creative.icon_url", /absolute URL/],
    [
      "action_url javascript:",
      { creative: creativeBody("https://cdn.example.com/i.png", { action_url: "javascript:alert(1)" }) },
      "creative.action_url",
      /https/,
    ],
    [
      "action_url over http",
      { creative: creativeBody("https://cdn.example.com/i.png", { action_url: "http://book.example.com/" }) },
      "creative.action_url",
      /https/,
    ],
    ["creative missing", { creative: undefined }, "creative", /./],
    [
      "unknown creative field",
      { creative: creativeBody("https://cdn.example.com/i.png", { image: "x" }) },
      "creative",
      /image/,
    ],
  ])("refuses %s with 422 validation_failed at its field", async (_name, overrides, path, message) => {
    const before = icons.heads.length;
    const res = await create(campaignBody(icons.url(), overrides));
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.code).toBe("validation_failed");
    const error = res.body.errors.find((e: { path: string }) => e.path === path);
    expect(error, JSON.stringify(res.body.errors)).toBeDefined();
    expect(error.message).toMatch(message);
    expectMatchesOpenApi("POST", "/api/ads/campaigns", 422, res.body);
    // no network check for an invalid body
    expect(icons.heads.length).toBe(before);
  });

  it("reports every field error at once, cross-field rules included", async () => {
    const res = await create(
      campaignBody("https://10.0.0.1/icon.png", {
        moment_types: ["bet_resolved"],
        bid_cpm_usd: 0.2,
        daily_budget_usd: 1,
        total_budget_usd: 2,
        start_date: utcDay(-3),
        extra: true,
        creative: creativeBody("ftp://x", { headline: "" }),
      }),
    );
    expect(res.status).toBe(422);
    expect(errorPaths(res)).toEqual([
      "",
      "bid_cpm_usd",
      "creative.headline",
      "daily_budget_usd",
      "start_date",
      "total_budget_usd",
    ]);
    expect(
      await db().campaign.count({
        where: { advertiserId: adv.advertiserId, name: "NBA close games", bidCpmMicros: 200_000n },
      }),
    ).toBe(0);
  });

  it("stores nothing when the request is refused", async () => {
    const counts = async () => ({ campaigns: await db().campaign.count(), creatives: await db().creative.count() });
    const before = await counts();
    expect((await create(campaignBody(icons.url(), { total_budget_usd: 1 }))).status).toBe(422);
    expect((await create(campaignBody(icons.url("/missing.png")))).status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  describe("icon check", () => {
    async function iconError(url: string) {
      const res = await create(campaignBody(url));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("icon_unreachable");
      expect(res.body.errors).toEqual([{ path: "creative.icon_url", message: expect.any(String) }]);
      expectMatchesOpenApi("POST", "/api/ads/campaigns", 422, res.body);
      return res.body.errors[0].message as string;
    }

    it("refuses loopback, private, link-local, metadata and IPv6 loopback addresses without connecting", async () => {
      const before = icons.trapConnections();
      for (const url of [
        `https://127.0.0.1:${icons.trapPort}/icon.png`,
        `https://localhost:${icons.trapPort}/icon.png`,
        `https://[::1]:${icons.trapPort}/icon.png`,
        `https://[::ffff:127.0.0.1]:${icons.trapPort}/icon.png`,
        "https://10.1.2.3/icon.png",
        "https://192.168.0.10/icon.png",
        "https://172.16.5.4/icon.png",
        "https://169.254.169.254/latest/meta-data/",
        "https://0.0.0.0/icon.png",
      ]) {
        expect(await iconError(url)).toBe(ICON_UNREACHABLE_MESSAGE);
      }
      expect(icons.trapConnections()).toBe(before);
    });

    it("refuses a redirect to a private address without connecting to it", async () => {
      const before = icons.trapConnections();
      expect(await iconError(icons.url("/redirect-private.png"))).toBe(ICON_UNREACHABLE_MESSAGE);
      expect(await iconError(icons.url("/redirect-metadata.png"))).toBe(ICON_UNREACHABLE_MESSAGE);
      expect(icons.trapConnections()).toBe(before);
    });

    // one message whatever the cause, so the check cannot tell a scanner refused from timed out from a status
    it("answers plain http, other schemes, unknown hosts, other ports, non-2xx answers and redirects with one message", async () => {
      const before = icons.trapConnections();
      for (const url of [
        `http://127.0.0.1:${icons.trapPort}/icon.png`,
        "mailto:icons@example.com",
        "https://icon.invalid/icon.png",
        "https://icon.invalid:8443/icon.png",
        icons.url("/missing.png"),
        icons.url("/error.png"),
        icons.url("/loop.png"),
      ]) {
        expect(await iconError(url)).toBe(ICON_UNREACHABLE_MESSAGE);
      }
      expect(icons.trapConnections()).toBe(before);
    });

    // OUTBOUND_ALLOW_HOSTS exempts the URL given, never a redirect hop (docs/decisions/0908)
    it("refuses a redirect even back to the allow-listed receiver", async () => {
      expect(await iconError(icons.url("/redirect.png"))).toBe(ICON_UNREACHABLE_MESSAGE);
    });
  });

  it("rejects a creative that breaks the responsible-gambling policy but still creates the campaign (201), with no estimate", async () => {
    const res = await create(
      campaignBody(icons.url(), {
        creative: creativeBody(icons.url(), { headline: "RISK-FREE bet on tonight's game" }),
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.creative).toMatchObject({
      status: "rejected",
      traffic_allocation: 0,
      review_reason: expect.stringMatching(/risk-free/),
    });
    expect(res.body.estimated_daily_impressions).toBe(0);
    expect(res.body.estimate_status).toBe("estimated");
    const stored = await db().creative.findFirstOrThrow({ where: { campaignId: res.body.id } });
    expect(stored.status).toBe("rejected");
    expect(stored.reviewReason).toMatch(/responsible-gambling/);
  });

  it("needs campaigns:write and a token", async () => {
    const readOnly = await create(campaignBody(icons.url()), await adv.auth(["campaigns:read"]));
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("insufficient_scope");
    expectMatchesOpenApi("POST", "/api/ads/campaigns", 403, readOnly.body);
    const anonymous = await create(campaignBody(icons.url()), {});
    expect(anonymous.status).toBe(401);
    expectMatchesOpenApi("POST", "/api/ads/campaigns", 401, anonymous.body);
    const badJson = await call(POST, "/api/ads/campaigns", {
      method: "POST",
      body: "{",
      headers: { ...headers, "content-type": "application/json" },
    });
    expect(badJson.status).toBe(400);
    expectMatchesOpenApi("POST", "/api/ads/campaigns", 400, badJson.body);
  });
});

describe("GET /api/ads/campaigns (E4)", () => {
  let other: TestAdvertiser;
  let listHeaders: Record<string, string>;
  const ids: string[] = [];

  beforeAll(async () => {
    other = await createTestAdvertiser("Lister");
    listHeaders = await other.auth(["campaigns:read"]);
    const base = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 25; i++) {
      const status = i % 5 === 0 ? "paused" : i % 7 === 0 ? "ended" : "active";
      const row = await createTestCampaign({
        advertiserId: other.advertiserId,
        name: `c${i}`,
        status,
        createdAt: new Date(base + i * 60_000),
      });
      ids.push(row.id);
    }
    await db().campaign.update({ where: { id: ids[24]! }, data: { spendMicros: 1_234_567n, impressions: 4321n } });
  });

  async function list(query: Record<string, string | number | undefined> = {}, h = listHeaders) {
    return call(GET, "/api/ads/campaigns", { query, headers: h });
  }

  it("lists only the advertiser's campaigns, newest first, 20 per page by default, with spend and impressions", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expectMatchesOpenApi("GET", "/api/ads/campaigns", 200, res.body);
    expect(res.body.pagination).toEqual({ page: 1, per_page: 20, total: 25 });
    expect(res.body.campaigns.map((c: { id: string }) => c.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(res.body.campaigns[0]).toMatchObject({
      name: "c24",
      spend_to_date_usd: 1.234567,
      impressions_to_date: 4321,
      bid_cpm_usd: 2,
      daily_budget_usd: 50,
      total_budget_usd: 500,
      moment_types: ["close_game"],
      sports: ["nba"],
      end_date: null,
    });
    const page2 = await list({ page: 2 });
    expect(page2.body.campaigns.map((c: { id: string }) => c.id)).toEqual([...ids].reverse().slice(20));
  });

  it("filters by status", async () => {
    const paused = await list({ status: "paused" });
    expect(paused.body.pagination.total).toBe(5);
    expect(paused.body.campaigns.every((c: { status: string }) => c.status === "paused")).toBe(true);
    const ended = await list({ status: "ended" });
    expect(ended.body.campaigns.map((c: { name: string }) => c.name)).toEqual(["c21", "c14", "c7"]);
    expect((await list({ status: "cancelled" })).body).toEqual({
      campaigns: [],
      pagination: { page: 1, per_page: 20, total: 0 },
    });
  });

  it("accepts page and per_page at their bounds and returns an empty list past the last page", async () => {
    expect((await list({ per_page: 1 })).body.campaigns).toHaveLength(1);
    const hundred = await list({ per_page: 100 });
    expect(hundred.body.campaigns).toHaveLength(25);
    expect(hundred.body.pagination).toEqual({ page: 1, per_page: 100, total: 25 });
    const past = await list({ page: 4, per_page: 10 });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ campaigns: [], pagination: { page: 4, per_page: 10, total: 25 } });
    expect((await list({ page: 9_007_199_254_740 })).body.campaigns).toEqual([]);
  });

  it.each([
    [{ page: 0 }, "page"],
    [{ page: -1 }, "page"],
    [{ page: "abc" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ per_page: 0 }, "per_page"],
    [{ per_page: 101 }, "per_page"],
    [{ status: "deleted" }, "status"],
    [{ sort: "name" }, ""],
  ])("refuses %j with 422 validation_failed", async (query, path) => {
    const res = await list(query as Record<string, string | number>);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(errorPaths(res)).toContain(path);
    expectMatchesOpenApi("GET", "/api/ads/campaigns", 422, res.body);
  });

  it("refuses a repeated query parameter instead of picking one", async () => {
    const res = await call(GET, "/api/ads/campaigns?status=active&status=paused", { headers: listHeaders });
    expect(res.status).toBe(422);
    expect(errorPaths(res)).toEqual(["status"]);
  });

  it("needs campaigns:read", async () => {
    const res = await list({}, await other.auth(["reporting:read"]));
    expect(res.status).toBe(403);
  });
});

describe("E5's icon-check rate limit headers (docs/decisions/1419)", () => {
  function rateHeaders(res: { headers: Headers }) {
    return {
      limit: res.headers.get("ratelimit-limit"),
      remaining: res.headers.get("ratelimit-remaining"),
      reset: res.headers.get("ratelimit-reset"),
      retryAfter: res.headers.get("retry-after"),
    };
  }

  it("answers every icon-checked call with the advertiser's remaining checks, and a refusal with 429 and Retry-After", async () => {
    const spender = await createTestAdvertiser("Icon spender");
    const token = await spender.auth();
    const { points } = RATE_LIMIT_POLICIES.icon_check;
    expect(points).toBe(60);

    const first = await create(campaignBody(icons.url("/spender-a.png")), token);
    expect(first.status).toBe(201);
    expect(rateHeaders(first)).toEqual({
      limit: "60",
      remaining: "59",
      reset: expect.stringMatching(/^\d+$/),
      retryAfter: null,
    });
    const second = await create(campaignBody(icons.url("/spender-b.png")), token);
    expect(second.status).toBe(201);
    expect(rateHeaders(second)).toMatchObject({ limit: "60", remaining: "58", retryAfter: null });
    // a preview checks the icon too; a check that fails still counted
    const preview = await call(POST, "/api/ads/campaigns?validate_only=true", {
      method: "POST",
      body: campaignBody(icons.url("/spender-c.png")),
      headers: token,
    });
    expect(preview.status).toBe(200);
    expect(rateHeaders(preview)).toMatchObject({ limit: "60", remaining: "57" });
    const unreachable = await create(campaignBody(icons.url("/missing.png")), token);
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.code).toBe("icon_unreachable");
    expect(rateHeaders(unreachable)).toMatchObject({ limit: "60", remaining: "56" });
    // an icon that passed in the last 10 minutes is not fetched again: nothing counted, what is left shown
    const remembered = await create(campaignBody(icons.url("/spender-a.png")), token);
    expect(remembered.status).toBe(201);
    expect(rateHeaders(remembered)).toMatchObject({ limit: "60", remaining: "56", retryAfter: null });
    // refused before the icon check: nothing counted, nothing shown
    const invalid = await create(campaignBody(icons.url(), { total_budget_usd: 1 }), token);
    expect(invalid.status).toBe(422);
    expect(rateHeaders(invalid)).toEqual({ limit: null, remaining: null, reset: null, retryAfter: null });

    // spend the rest of the minute as other icon checks (E8, GraphQL) would
    for (let used = 4; used < points; used++) {
      expect((await consumeRateLimit("icon_check", spender.advertiserId)).allowed).toBe(true);
    }
    const heads = icons.heads.length;
    const limited = await create(campaignBody(icons.url("/spender-d.png")), token);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    const refused = rateHeaders(limited);
    expect(refused).toMatchObject({ limit: "60", remaining: "0" });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.reset).toBe(refused.retryAfter);
    expect(icons.heads.length).toBe(heads);
    // an icon that passed still does, limit or not
    const again = await create(campaignBody(icons.url("/spender-b.png")), token);
    expect(again.status).toBe(201);
    expect(rateHeaders(again)).toMatchObject({ limit: "60", remaining: "0", retryAfter: null });
    expect(icons.heads.length).toBe(heads);
    expect(await db().campaign.count({ where: { advertiserId: spender.advertiserId } })).toBe(4);
  });

  it("creates 70 campaigns with one icon in a minute: one icon request, no 429 (docs/decisions/0914)", async () => {
    const bulk = await createTestAdvertiser("Bulk creator");
    const token = await bulk.auth();
    const heads = icons.heads.length;
    for (let index = 0; index < 70; index++) {
      const res = await create(campaignBody(icons.url("/bulk.png"), { name: `Bulk ${index}` }), token);
      expect(res.status, `campaign ${index}`).toBe(201);
    }
    expect(icons.heads.length - heads).toBe(1);
    expect(await db().campaign.count({ where: { advertiserId: bulk.advertiserId } })).toBe(70);
    // 61 distinct icons in a minute still hit the limit (one of its 60 is spent already)
    const statuses: number[] = [];
    for (let index = 0; index < 60; index++) {
      statuses.push((await create(campaignBody(icons.url(`/bulk-${index}.png`)), token)).status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(59);
    expect(statuses.at(-1)).toBe(429);
    expect(icons.heads.length - heads).toBe(60);
  });
});
