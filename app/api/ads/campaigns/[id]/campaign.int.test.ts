// both databases: rollups
// E6 (get), E7 (update) and DELETE (cancel): transitions, immutable fields,
// merged-campaign rules, events, version bumps, cross-tenant 404.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { incrementRollups } from "@/lib/domain/rollups/increment-rollups";
import { onCampaignsChanged } from "@/lib/process-events";
import { campaignBody, utcDay } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi } from "@/test/openapi";

const { POST: CREATE } = restRoute("/api/ads/campaigns");
const { DELETE, GET, PATCH } = restRoute("/api/ads/campaigns/{id}");

let icons: IconServer;
let adv: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser();
  headers = await adv.auth();
});
afterAll(() => icons.close());

const path = (id: string) => `/api/ads/campaigns/${id}`;
const get = (id: string, h = headers) => call(GET, path(id), { headers: h, params: { id } });
const patch = (id: string, body: unknown, h = headers) =>
  call(PATCH, path(id), { method: "PATCH", body, headers: h, params: { id } });
const cancel = (id: string, h = headers) => call(DELETE, path(id), { method: "DELETE", headers: h, params: { id } });

async function createViaApi(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call(CREATE, "/api/ads/campaigns", {
    method: "POST",
    body: campaignBody(icons.url(), overrides),
    headers,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function outbox(campaignId: string, type: string) {
  const rows = await db().outboxEvent.findMany({ where: { advertiserId: adv.advertiserId, type } });
  return rows
    .filter((row) => (JSON.parse(row.data) as { campaign_id: string }).campaign_id === campaignId)
    .map((row) => JSON.parse(row.data) as Record<string, unknown>);
}

async function version(id: string): Promise<number> {
  return (await db().campaign.findUniqueOrThrow({ where: { id } })).version;
}

describe("GET /api/ads/campaigns/{id} (E6)", () => {
  it("returns the detail with target_cpa_usd, the primary creative, every variant and delivered totals", async () => {
    const id = await createViaApi({ target_cpa_usd: 9.5, end_date: utcDay(20) });
    await db().campaign.update({
      where: { id },
      data: { spendMicros: 3_500_001n, impressions: 7000n, clicks: 321n, conversions: 12n },
    });
    const res = await get(id);
    expect(res.status).toBe(200);
    expectMatchesOpenApi("GET", path(id), 200, res.body);
    expect(res.body).toMatchObject({
      id,
      name: "NBA close games",
      status: "active",
      moment_types: ["close_game", "overtime"],
      sports: ["nba"],
      bid_cpm_usd: 2.5,
      daily_budget_usd: 50,
      total_budget_usd: 500,
      spend_to_date_usd: 3.500001,
      impressions_to_date: 7000,
      clicks_to_date: 321,
      conversions_to_date: 12,
      start_date: utcDay(1),
      end_date: utcDay(20),
      target_cpa_usd: 9.5,
      postback_url: null,
      ended_reason: null,
    });
    expect(res.body.creative).toEqual({
      id: expect.stringMatching(/^cr_/),
      variant_label: "variant_a",
      status: "approved",
      review_reason: null,
      headline: "Your parlay is one leg away",
      body: "Cash out now or ride it: live odds inside.",
      cta_text: "Open bet",
      icon_url: icons.url(),
      action_url: "https://book.example.com/promo",
      performance_score: 1,
      traffic_allocation: 1,
      created_at: expect.any(String),
    });
    expect(res.body.variants).toEqual([res.body.creative]);
  });

  it("computes performance_score from delivered results in hourly rollups", async () => {
    const row = await createTestCampaign({
      advertiserId: adv.advertiserId,
      creatives: [{}, {}, { status: "rejected" }],
    });
    const [a, b, c] = row.creatives;
    const at = Date.now();
    await incrementRollups(db(), [
      {
        campaignId: row.id,
        creativeId: a!.id,
        momentType: "close_game",
        sport: "nba",
        atMs: at,
        impressions: 10_000,
        clicks: 500,
        spendMicros: 1n,
      },
      {
        campaignId: row.id,
        creativeId: b!.id,
        momentType: "close_game",
        sport: "nba",
        atMs: at,
        impressions: 10_000,
        clicks: 300,
        spendMicros: 1n,
      },
      {
        campaignId: row.id,
        creativeId: c!.id,
        momentType: "close_game",
        sport: "nba",
        atMs: at,
        impressions: 100,
        clicks: 90,
        spendMicros: 1n,
      },
    ]);
    const res = await get(row.id);
    const byLabel = Object.fromEntries(res.body.variants.map((v: { variant_label: string }) => [v.variant_label, v]));
    expect(byLabel.variant_a.performance_score).toBe(1);
    expect(byLabel.variant_b.performance_score).toBe(0);
    expect(byLabel.variant_c).toMatchObject({ status: "rejected", performance_score: 0, traffic_allocation: 0 });
    expect([byLabel.variant_a.traffic_allocation, byLabel.variant_b.traffic_allocation]).toEqual([0.5, 0.5]);
  });
});

describe("PATCH /api/ads/campaigns/{id} (E7)", () => {
  it("changes mutable fields, bumps version and updated_at, and tells delivery synchronously", async () => {
    const id = await createViaApi();
    const before = await db().campaign.findUniqueOrThrow({ where: { id } });
    const changed: string[][] = [];
    const off = onCampaignsChanged((ids) => changed.push([...ids]));
    const body = {
      name: "Renamed",
      bid_cpm_usd: 3.75,
      daily_budget_usd: 60,
      total_budget_usd: 900,
      target_cpa_usd: null,
      end_date: utcDay(40),
      postback_url: "https://pb.example.com/c={click_id}",
    };
    expectRequestMatchesOpenApi("PATCH", path(id), body);
    const res = await patch(id, body);
    off();
    expect(res.status).toBe(200);
    expectMatchesOpenApi("PATCH", path(id), 200, res.body);
    expect(res.body).toMatchObject({
      name: "Renamed",
      bid_cpm_usd: 3.75,
      daily_budget_usd: 60,
      total_budget_usd: 900,
      target_cpa_usd: null,
      end_date: utcDay(40),
      postback_url: "https://pb.example.com/c={click_id}",
    });
    expect(changed).toEqual([[id]]);
    const after = await db().campaign.findUniqueOrThrow({ where: { id } });
    expect(after.version).toBe(before.version + 1);
    expect(after.bidCpmMicros).toBe(3_750_000n);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    // the bid change is recorded and announced
    expect(await outbox(id, "campaign.bid_adjusted")).toEqual([
      { campaign_id: id, old_bid_cpm_usd: 2.5, new_bid_cpm_usd: 3.75, reason: "advertiser" },
    ]);
    expect(
      await db().bidAdjustment.count({
        where: { campaignId: id, reason: "advertiser", oldBidMicros: 2_500_000n, newBidMicros: 3_750_000n },
      }),
    ).toBe(1);
    // the end date can be cleared
    expect((await patch(id, { end_date: null })).body.end_date).toBeNull();
  });

  it("changes nothing (no version bump) for an empty body or current values", async () => {
    const id = await createViaApi();
    const v = await version(id);
    expect((await patch(id, {})).status).toBe(200);
    expect((await patch(id, { name: "NBA close games", bid_cpm_usd: 2.5, status: "active" })).status).toBe(200);
    expect(await version(id)).toBe(v);
  });

  it("accepts boundary values: bid at the highest floor, daily 5, total 10", async () => {
    const id = await createViaApi({ moment_types: ["bet_resolved", "close_game"], bid_cpm_usd: 3 });
    const res = await patch(id, { bid_cpm_usd: 0.5, daily_budget_usd: 5, total_budget_usd: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bid_cpm_usd: 0.5, daily_budget_usd: 5, total_budget_usd: 10 });
  });

  it.each([
    [
      "bid below the campaign's highest floor (merged campaign)",
      { bid_cpm_usd: 0.49 },
      "bid_cpm_usd",
      /0\.50.*bet_resolved/,
    ],
    ["bid above 1000", { bid_cpm_usd: 1001 }, "bid_cpm_usd", /1000/],
    ["daily budget below 5", { daily_budget_usd: 4.999999 }, "daily_budget_usd", /at least 5/],
    ["total budget below 10", { total_budget_usd: 9 }, "total_budget_usd", /at least 10/],
    ["end date not after the start date", { end_date: utcDay(1) }, "end_date", /after the start date/],
    ["status cancelled (DELETE cancels)", { status: "cancelled" }, "status", /./],
    ["unknown field", { pace: "asap" }, "", /pace/],
    ["blank name", { name: "" }, "name", /blank/],
    ["postback not https", { postback_url: "ftp://x.example.com" }, "postback_url", /https/],
  ])("refuses %s with 422 validation_failed", async (_name, body, field, message) => {
    const id = await createViaApi({ moment_types: ["bet_resolved", "close_game"], bid_cpm_usd: 3 });
    const v = await version(id);
    const res = await patch(id, body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    const error = res.body.errors.find((e: { path: string }) => e.path === field);
    expect(error, JSON.stringify(res.body.errors)).toBeDefined();
    expect(error.message).toMatch(message);
    expectMatchesOpenApi("PATCH", path(id), 422, res.body);
    expect(await version(id)).toBe(v);
  });

  it("refuses an end date in the past and a total budget below the spend to date", async () => {
    const row = await createTestCampaign({
      advertiserId: adv.advertiserId,
      startDate: "2026-01-01",
      totalBudgetUsd: 100,
    });
    await db().campaign.update({ where: { id: row.id }, data: { spendMicros: 42_000_000n } });
    const res = await patch(row.id, { end_date: "2026-01-05", total_budget_usd: 41.99 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { path: "end_date", message: expect.stringMatching(/today/) },
      { path: "total_budget_usd", message: expect.stringMatching(/spend to date \(42\)/) },
    ]);
    expect((await patch(row.id, { total_budget_usd: 42 })).status).toBe(200);
  });

  it("refuses changes to immutable fields with 422 immutable_field, and accepts them with their current values", async () => {
    const id = await createViaApi();
    const v = await version(id);
    for (const [body, field] of [
      [{ moment_types: ["close_game"] }, "moment_types"],
      [{ sports: ["nba", "nfl"] }, "sports"],
      [{ start_date: utcDay(2) }, "start_date"],
      [
        {
          creative: { headline: "New", body: "b", icon_url: icons.url(), action_url: "https://book.example.com/promo" },
        },
        "creative",
      ],
    ] as const) {
      const res = await patch(id, { ...body, name: "ignored" });
      expect(res.status, field).toBe(422);
      expect(res.body.code).toBe("immutable_field");
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
      expectMatchesOpenApi("PATCH", path(id), 422, res.body);
    }
    expect(await version(id)).toBe(v);
    const same = await patch(id, {
      moment_types: ["overtime", "close_game"],
      sports: ["nba"],
      start_date: utcDay(1),
      creative: {
        headline: "Your parlay is one leg away",
        body: "Cash out now or ride it: live odds inside.",
        icon_url: icons.url(),
        action_url: "https://book.example.com/promo",
        cta_text: "Open bet",
      },
      name: "Kept immutables",
    });
    expect(same.status).toBe(200);
    expect(same.body.name).toBe("Kept immutables");
  });

  describe("status transitions", () => {
    it("active -> paused -> active, each bumping the version", async () => {
      const id = await createViaApi();
      const v = await version(id);
      expect((await patch(id, { status: "paused" })).body.status).toBe("paused");
      expect((await patch(id, { status: "paused" })).status).toBe(200);
      expect((await patch(id, { status: "active" })).body.status).toBe("active");
      expect(await version(id)).toBe(v + 2);
    });

    it.each(["active", "paused"] as const)(
      "%s -> ended sets the reason and time and enqueues campaign.ended once; ended -> ended is a no-op",
      async (from) => {
        const id = await createViaApi();
        if (from === "paused") await patch(id, { status: "paused" });
        const res = await patch(id, { status: "ended" });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ status: "ended", ended_reason: "advertiser" });
        const row = await db().campaign.findUniqueOrThrow({ where: { id } });
        expect(row.endedReason).toBe("advertiser");
        expect(row.endedAt).toBeInstanceOf(Date);
        const v = row.version;
        expect((await patch(id, { status: "ended" })).status).toBe(200);
        expect(await version(id)).toBe(v);
        expect(await outbox(id, "campaign.ended")).toEqual([{ campaign_id: id, reason: "advertiser" }]);
      },
    );

    it("nothing leaves ended: 409 invalid_transition, and an ended campaign cannot be changed", async () => {
      const id = await createViaApi();
      await patch(id, { status: "ended" });
      for (const body of [
        { status: "active" },
        { status: "paused" },
        { bid_cpm_usd: 9 },
        { status: "ended", name: "x" },
      ]) {
        const res = await patch(id, body);
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(res.body.code).toBe("invalid_transition");
        expectMatchesOpenApi("PATCH", path(id), 409, res.body);
      }
      expect((await get(id)).body.status).toBe("ended");
    });

    it("a campaign ended by delivery (budget exhausted) shows why and cannot be resumed", async () => {
      const row = await createTestCampaign({ advertiserId: adv.advertiserId, status: "ended" });
      await db().campaign.update({
        where: { id: row.id },
        data: { endedReason: "budget_exhausted", endedAt: new Date() },
      });
      expect((await get(row.id)).body).toMatchObject({ status: "ended", ended_reason: "budget_exhausted" });
      const res = await patch(row.id, { status: "active", total_budget_usd: 1000 });
      expect(res.status).toBe(409);
      expect((await patch(row.id, { status: "ended" })).body.ended_reason).toBe("budget_exhausted");
      expect(await outbox(row.id, "campaign.ended")).toEqual([]);
    });

    it("nothing leaves cancelled: every status is 409", async () => {
      const id = await createViaApi();
      await cancel(id);
      for (const status of ["active", "paused", "ended"]) {
        const res = await patch(id, { status });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe("invalid_transition");
      }
      expect((await patch(id, { name: "n" })).status).toBe(409);
      expect((await patch(id, {})).status).toBe(200);
    });

    it("never overwrites a concurrent change: pause and end racing always leave the campaign ended", async () => {
      for (let round = 0; round < 5; round++) {
        const id = await createViaApi();
        // both may read "active"; without the conditional write the pause could land last and resurrect the campaign
        const [pause, end] = await Promise.all([patch(id, { status: "paused" }), patch(id, { status: "ended" })]);
        expect(end.status).toBe(200);
        expect([200, 409]).toContain(pause.status);
        expect((await get(id)).body.status).toBe("ended");
        expect(await outbox(id, "campaign.ended")).toHaveLength(1);
      }
    });
  });
});

describe("PATCH /api/ads/campaigns/{id} with If-Match (the campaign's updated_at as read)", () => {
  const tag = (updatedAt: string) => ({ ...headers, "if-match": `"${updatedAt}"` });

  it("applies when the campaign is unchanged, refuses 409 when it changed, and a preview checks it too", async () => {
    const id = await createViaApi();
    const read = (await get(id)).body.updated_at as string;
    const applied = await patch(id, { name: "first" }, tag(read));
    expect(applied.status).toBe(200);
    expect(applied.body.name).toBe("first");
    expect(applied.body.updated_at).not.toBe(read);
    // the same tag again: the campaign moved on, nothing is written
    const stale = await patch(id, { name: "second" }, tag(read));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "conflict", detail: expect.stringContaining(`changed since ${read}`) });
    const preview = await call(PATCH, `${path(id)}?validate_only=true`, {
      method: "PATCH",
      body: { name: "third" },
      headers: tag(read),
      params: { id },
    });
    expect(preview.status).toBe(409);
    expect((await get(id)).body.name).toBe("first");
    // the current tag applies
    expect((await patch(id, { name: "second" }, tag(applied.body.updated_at as string))).status).toBe(200);
  });

  it("lets exactly one of two racing updates with the same If-Match through: checked and written atomically", async () => {
    for (let round = 0; round < 4; round++) {
      const id = await createViaApi();
      const read = (await get(id)).body.updated_at as string;
      const answers = await Promise.all([
        patch(id, { bid_cpm_usd: 7 }, tag(read)),
        patch(id, { name: `racing ${round}` }, tag(read)),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const after = (await get(id)).body;
      // the loser's change is nowhere: either the bid or the name moved, never both
      expect(after.bid_cpm_usd === 7).not.toBe(after.name === `racing ${round}`);
    }
  });

  it("refuses a malformed If-Match (400) and if_updated_at in the body (422)", async () => {
    const id = await createViaApi();
    for (const value of ["*", 'W/"2026-12-01T10:00:00.000Z"', "2026-12-01T10:00:00.000Z", '"yesterday"']) {
      const res = await patch(id, { name: "x" }, { ...headers, "if-match": value });
      expect(res.status, value).toBe(400);
      expect(res.body.code).toBe("bad_request");
    }
    const inBody = await patch(id, { name: "x", if_updated_at: new Date().toISOString() });
    expect(inBody.status).toBe(422);
    expect(inBody.body.errors).toEqual([{ path: "if_updated_at", message: expect.stringContaining("If-Match") }]);
    expect((await get(id)).body.name).not.toBe("x");
  });
});

describe("DELETE /api/ads/campaigns/{id} (cancel)", () => {
  it.each(["active", "paused"] as const)(
    "cancels a %s campaign once: status, time, campaign.ended; repeat is 200 without a new event",
    async (from) => {
      const id = await createViaApi();
      if (from === "paused") await patch(id, { status: "paused" });
      const changed: string[][] = [];
      const off = onCampaignsChanged((ids) => changed.push([...ids]));
      const res = await cancel(id);
      off();
      expect(res.status).toBe(200);
      expectMatchesOpenApi("DELETE", path(id), 200, res.body);
      expect(res.body).toMatchObject({ id, status: "cancelled", ended_reason: "advertiser" });
      expect(changed).toEqual([[id]]);
      const row = await db().campaign.findUniqueOrThrow({ where: { id } });
      expect(row.cancelledAt).toBeInstanceOf(Date);
      const v = row.version;
      const again = await cancel(id);
      expect(again.status).toBe(200);
      expect(again.body.status).toBe("cancelled");
      expect(await version(id)).toBe(v);
      expect(await outbox(id, "campaign.ended")).toEqual([{ campaign_id: id, reason: "advertiser" }]);
    },
  );

  it("refuses to cancel an ended campaign (409)", async () => {
    const id = await createViaApi();
    await patch(id, { status: "ended" });
    const res = await cancel(id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("invalid_transition");
    expectMatchesOpenApi("DELETE", path(id), 409, res.body);
    expect((await get(id)).body.status).toBe("ended");
  });
});

describe("tenancy and scopes", () => {
  it("checks the body before the campaign (docs/decisions/1005): malformed is 422 for any id, a valid body 404", async () => {
    const id = await createViaApi();
    const intruder = await createTestAdvertiser("Intruder");
    const theirs = await intruder.auth();
    const v = await version(id);
    for (const [target, who] of [
      [id, theirs],
      ["cmp_doesnotexist", headers],
    ] as const) {
      const malformed = await patch(target, { bid_cpm_usd: "a lot" }, who);
      expect(malformed.status).toBe(422);
      expect(malformed.body.code).toBe("validation_failed");
      expect(malformed.body.errors).toEqual([{ path: "bid_cpm_usd", message: expect.any(String) }]);
      expectMatchesOpenApi("PATCH", path("x"), 422, malformed.body);
      const preview = await call(PATCH, path(target), {
        method: "PATCH",
        query: { validate_only: "true" },
        body: { bid_cpm_usd: "a lot" },
        headers: who,
        params: { id: target },
      });
      expect(preview.status).toBe(422);
      // the preview was counted before its body was checked
      expect(preview.headers.get("ratelimit-limit")).toBe("60");
      expect((await patch(target, { bid_cpm_usd: 3 }, who)).status).toBe(404);
    }
    expect(await version(id)).toBe(v);
  });

  it("answers 404 on every campaign route for another advertiser's campaign and for ids that name nothing", async () => {
    const id = await createViaApi();
    const intruder = await createTestAdvertiser("Intruder");
    const theirs = await intruder.auth();
    const v = await version(id);
    for (const target of [id, "cmp_doesnotexist", "../../etc/passwd", "' OR 1=1 --", "x".repeat(500)]) {
      const who = target === id ? theirs : headers;
      const responses = [
        await get(target, who),
        await patch(target, { name: "hijack" }, who),
        await cancel(target, who),
      ];
      for (const res of responses) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe("not_found");
      }
      expectMatchesOpenApi("GET", path("x"), 404, responses[0]!.body);
      expectMatchesOpenApi("PATCH", path("x"), 404, responses[1]!.body);
      expectMatchesOpenApi("DELETE", path("x"), 404, responses[2]!.body);
    }
    expect(await version(id)).toBe(v);
    expect((await get(id)).body.name).toBe("NBA close games");
  });

  it("needs campaigns:read to read and campaigns:write to change", async () => {
    const id = await createViaApi();
    const readOnly = await adv.auth(["campaigns:read"]);
    expect((await get(id, await adv.auth(["reporting:read"]))).status).toBe(403);
    expect((await patch(id, { name: "x" }, readOnly)).status).toBe(403);
    expect((await cancel(id, readOnly)).status).toBe(403);
    expect((await get(id, {})).status).toBe(401);
  });
});
