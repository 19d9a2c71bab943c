// POST /api/ads/campaigns/{id}/duplicate: a paused (or active) copy with the
// source's settings and every creative through createCampaign's rules: today's floors and
// dates, the icon check and a new review; a paused variant stays paused; the
// flight keeps its length; nothing written when a check fails; bad bodies,
// another advertiser's campaign, retries with an Idempotency-Key.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { copyFlight, copyName } from "@/lib/domain/campaigns/duplicate-campaign";
import { utcDay } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi } from "@/test/openapi";

const { POST } = restRoute("/api/ads/campaigns/{id}/duplicate");

let icons: IconServer;
let adv: TestAdvertiser;
let rival: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser("Duplicates");
  rival = await createTestAdvertiser("Rival");
  headers = await adv.auth();
});
afterAll(() => icons.close());

const path = (id: string) => `/api/ads/campaigns/${id}/duplicate`;
const duplicate = (id: string, body: unknown, h: Record<string, string> = headers) =>
  call(POST, path(id), { method: "POST", body, headers: h, params: { id } });

/** A campaign whose creatives point to the local icon server. */
async function source(overrides: Parameters<typeof createTestCampaign>[0] = { advertiserId: "" }) {
  const campaign = await createTestCampaign({
    name: "NBA close games",
    momentTypes: ["close_game", "overtime"],
    sports: ["nba"],
    bidCpmUsd: 3.25,
    dailyBudgetUsd: 60,
    totalBudgetUsd: 900,
    targetCpaUsd: 14,
    postbackUrl: "https://postback.example.com/p?c={click_id}",
    pacing: "asap",
    startDate: "2025-01-10",
    endDate: "2025-01-19",
    status: "ended",
    creatives: [{ headline: "Primary" }, { headline: "Paused one", status: "paused" }, { headline: "Second" }],
    ...overrides,
    advertiserId: overrides.advertiserId || adv.advertiserId,
  });
  await db().creative.updateMany({ where: { campaignId: campaign.id }, data: { iconUrl: icons.url() } });
  return campaign;
}

describe("POST /api/ads/campaigns/{id}/duplicate", () => {
  it("copies an ended campaign's settings and creatives into a paused campaign starting today, the flight's length kept", async () => {
    const original = await source();
    expectRequestMatchesOpenApi("POST", path(original.id), {});
    const res = await duplicate(original.id, {});
    expect(res.status).toBe(201);
    expectMatchesOpenApi("POST", path(original.id), 201, res.body);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^cmp_/),
      name: "Copy of NBA close games",
      status: "paused",
      delivery_status: "paused",
      moment_types: ["close_game", "overtime"],
      sports: ["nba"],
      bid_cpm_usd: 3.25,
      daily_budget_usd: 60,
      total_budget_usd: 900,
      target_cpa_usd: 14,
      postback_url: "https://postback.example.com/p?c={click_id}",
      pacing: "asap",
      start_date: utcDay(0),
      end_date: utcDay(9),
      spend_to_date_usd: 0,
      impressions_to_date: 0,
      ended_reason: null,
      available_actions: ["resume", "end", "cancel", "update", "add_variant"],
    });
    expect(res.body.id).not.toBe(original.id);
    expect(
      res.body.variants.map(
        (v: { variant_label: string; headline: string; status: string; traffic_allocation: number }) => [
          v.variant_label,
          v.headline,
          v.status,
          v.traffic_allocation,
        ],
      ),
    ).toEqual([
      ["variant_a", "Primary", "approved", 0.5],
      ["variant_b", "Paused one", "paused", 0],
      ["variant_c", "Second", "approved", 0.5],
    ]);
    // the copy and its three creatives are in the history, naming the operation
    const history = await db().change.findMany({ where: { campaignId: res.body.id } });
    expect(history.map((row) => [row.operation, row.targetType]).sort()).toEqual([
      ["duplicateCampaign", "campaign"],
      ["duplicateCampaign", "creative"],
      ["duplicateCampaign", "creative"],
      ["duplicateCampaign", "creative"],
    ]);
    // the source is untouched
    const before = await db().campaign.findUniqueOrThrow({ where: { id: original.id } });
    expect(before.status).toBe("ended");
    expect(await db().creative.count({ where: { campaignId: original.id } })).toBe(3);
  });

  it("takes a name, a status and dates; reviews every creative again", async () => {
    const original = await source({
      advertiserId: adv.advertiserId,
      status: "active",
      endDate: null,
      startDate: utcDay(0),
    });
    await db().creative.updateMany({
      where: { campaignId: original.id, variantIndex: 2 },
      data: { body: "A guaranteed win tonight: tap to claim." },
    });
    const res = await duplicate(original.id, {
      name: "Playoffs push",
      status: "active",
      start_date: utcDay(3),
      end_date: utcDay(30),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Playoffs push",
      status: "active",
      delivery_status: "pending_start",
      start_date: utcDay(3),
      end_date: utcDay(30),
    });
    expect(res.body.variants[2]).toMatchObject({
      status: "rejected",
      review_reason: expect.stringMatching(/guaranteed win/),
    });
    // an open-ended source copies open-ended
    const open = await duplicate(original.id, {});
    expect(open.body).toMatchObject({ start_date: utcDay(0), end_date: null, status: "paused" });
  });

  it("copies and edits: overrides of targeting, money, dates, pacing, regions, creative and variants", async () => {
    const original = await source({
      advertiserId: adv.advertiserId,
      status: "active",
      startDate: utcDay(0),
      endDate: null,
    });
    const creative = {
      headline: "Overtime thriller",
      body: "Extra time, extra odds.",
      icon_url: icons.url(),
      action_url: "https://example.com/ot",
    };
    const body = {
      name: "Overtime copy",
      moment_types: ["overtime"],
      sports: ["nfl", "nba"],
      bid_cpm_usd: 4.5,
      daily_budget_usd: 25,
      total_budget_usd: 500,
      target_cpa_usd: null,
      postback_url: null,
      pacing: "even",
      target_regions: ["US-NJ"],
      excluded_regions: ["US-NY"],
      start_date: utcDay(2),
      end_date: utcDay(12),
      creative,
      variants: [{ ...creative, headline: "Second take", cta_text: "Bet now" }],
    };
    expectRequestMatchesOpenApi("POST", path(original.id), body);
    const res = await duplicate(original.id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectMatchesOpenApi("POST", path(original.id), 201, res.body);
    expect(res.body).toMatchObject({
      name: "Overtime copy",
      status: "paused",
      moment_types: ["overtime"],
      sports: ["nfl", "nba"],
      bid_cpm_usd: 4.5,
      daily_budget_usd: 25,
      total_budget_usd: 500,
      target_cpa_usd: null,
      postback_url: null,
      pacing: "even",
      target_regions: ["US-NJ"],
      excluded_regions: ["US-NY"],
      start_date: utcDay(2),
      end_date: utcDay(12),
    });
    // the overridden creatives replace the source's three (none of them was paused)
    expect(
      res.body.variants.map(
        (v: { variant_label: string; headline: string; status: string; cta_text: string | null }) => [
          v.variant_label,
          v.headline,
          v.status,
          v.cta_text,
        ],
      ),
    ).toEqual([
      ["variant_a", "Overtime thriller", "approved", null],
      ["variant_b", "Second take", "approved", "Bet now"],
    ]);
    // an empty variants list leaves the primary alone; an omitted creative is the source's
    const onlyPrimary = await duplicate(original.id, { variants: [] });
    expect(onlyPrimary.status, JSON.stringify(onlyPrimary.body)).toBe(201);
    expect(onlyPrimary.body.variants.map((v: { headline: string }) => v.headline)).toEqual(["Primary"]);
    // a null daily budget is spread over the flight, as E5 spreads it
    const spread = await duplicate(original.id, {
      daily_budget_usd: null,
      total_budget_usd: 100,
      end_date: utcDay(9),
      pacing: "even",
    });
    expect(spread.status).toBe(201);
    expect(spread.body.daily_budget_usd).toBe(10);
  });

  it("checks overrides with E5's schema: the merged settings, each field named as E5 names it", async () => {
    const original = await source();
    const before = await db().campaign.count({ where: { advertiserId: adv.advertiserId } });
    const bad = await duplicate(original.id, {
      moment_types: ["no_such_type"],
      sports: [],
      bid_cpm_usd: -1,
      creative: { headline: "" },
      variants: [{ headline: "x" }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("validation_failed");
    const paths = bad.body.errors.map((error: { path: string }) => error.path);
    for (const field of ["moment_types[0]", "sports", "bid_cpm_usd", "creative.body", "variants[0].body"]) {
      expect(paths).toContain(field);
    }
    // valid alone, refused together: a bid under the floor of the overriding moment type (the merged check)
    const floor = await duplicate(original.id, { moment_types: ["bet_resolved"], bid_cpm_usd: 0.01 });
    expect(floor.status).toBe(422);
    expect(floor.body.errors).toEqual([{ path: "bid_cpm_usd", message: expect.stringMatching(/floor of/) }]);
    // a moment type in none of the sports, the source's bid kept
    const sportless = await duplicate(original.id, { moment_types: ["foul_trouble"], sports: ["nfl"] });
    expect(sportless.status).toBe(422);
    expect(sportless.body.errors[0].path).toBe("moment_types[0]");
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before);
  });

  it("refuses what E5 would refuse today, naming E5's field, and writes nothing", async () => {
    const before = await db().campaign.count({ where: { advertiserId: adv.advertiserId } });
    // a bid under the floor of close_game, copied from a campaign stored before the floor (createCampaign refuses it today)
    const low = await source({ advertiserId: adv.advertiserId, momentTypes: ["close_game"], bidCpmUsd: 0.1 });
    const floor = await duplicate(low.id, {});
    expect(floor.status).toBe(422);
    expect(floor.body.code).toBe("validation_failed");
    expect(floor.body.errors).toEqual([{ path: "bid_cpm_usd", message: expect.stringMatching(/floor of close_game/) }]);

    const unreachable = await source({ advertiserId: adv.advertiserId, status: "active" });
    await db().creative.updateMany({
      where: { campaignId: unreachable.id, variantIndex: 1 },
      data: { iconUrl: icons.url("/missing.png") },
    });
    const icon = await duplicate(unreachable.id, {});
    expect(icon.status).toBe(422);
    expect(icon.body.code).toBe("icon_unreachable");
    expect(icon.body.errors).toEqual([{ path: "variants.1.icon_url", message: expect.any(String) }]);
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before + 2);
  });

  it("checks the body first (422), then the campaign (404 for another advertiser's)", async () => {
    const original = await source();
    for (const body of [
      { status: "ended" },
      { name: "" },
      { start_date: utcDay(-1) },
      { start_date: "tomorrow" },
      { end_date: 5 },
      { unknown: true },
      [],
    ]) {
      const res = await duplicate(original.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    }
    const endBeforeStart = await duplicate(original.id, { start_date: utcDay(5), end_date: utcDay(4) });
    expect(endBeforeStart.status).toBe(422);
    expect(endBeforeStart.body.errors).toEqual([{ path: "end_date", message: "must be after the start date" }]);
    const empty = await call(POST, path(original.id), { method: "POST", headers, params: { id: original.id } });
    expect(empty.status).toBe(400);

    const theirs = await source({ advertiserId: rival.advertiserId });
    const notMine = await duplicate(theirs.id, {});
    expect(notMine.status).toBe(404);
    expect(await db().campaign.count({ where: { advertiserId: rival.advertiserId } })).toBe(1);
    expect((await duplicate("cmp_missing", {})).status).toBe(404);
    expect((await duplicate(original.id, {}, await adv.auth(["campaigns:read"]))).status).toBe(403);
  });

  it("makes one copy per Idempotency-Key", async () => {
    const original = await source();
    const keyed = { ...headers, "idempotency-key": "dup-once-1" };
    const first = await duplicate(original.id, { name: "Once" }, keyed);
    const second = await duplicate(original.id, { name: "Once" }, keyed);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotency-replayed")).toBe("true");
    expect(second.body.id).toBe(first.body.id);
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId, name: "Once" } })).toBe(1);
  });
});

describe("the copy's name and flight", () => {
  it("prefixes the name, within 200 characters", () => {
    expect(copyName("A")).toBe("Copy of A");
    expect([...copyName("é".repeat(200))]).toHaveLength(200);
  });
  it("starts today at the earliest and keeps the source's length", () => {
    const today = "2026-03-10";
    expect(copyFlight({ startDate: "2026-03-01", endDate: "2026-03-07" }, {}, today)).toEqual({
      startDate: "2026-03-10",
      endDate: "2026-03-16",
    });
    expect(copyFlight({ startDate: "2026-04-01", endDate: null }, {}, today)).toEqual({
      startDate: "2026-04-01",
      endDate: null,
    });
    expect(copyFlight({ startDate: "2026-03-01", endDate: "2026-03-07" }, { end_date: null }, today)).toEqual({
      startDate: "2026-03-10",
      endDate: null,
    });
  });
});
