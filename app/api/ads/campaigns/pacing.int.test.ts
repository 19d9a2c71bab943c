// `pacing` in the contract (docs/decisions/0902): E5 and E7 accept it, E4 and E6
// return it, anything but even or asap is 422; and campaigns created through the
// create service with each pacing are delivered accordingly by the engine.
import { restRoute } from "@/test/rest-routes";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import type { DeliveryEngine } from "@/lib/delivery/engine/delivery-engine";
import { createCampaign } from "@/test/campaigns";
import { usdToMicros } from "@/lib/money";
import { campaignBody } from "@/test/campaign-input";
import { deliveryCampaign, moment, resetDeliveryTables, startTestEngine, testClock } from "@/test/delivery-engine";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi } from "@/test/openapi";

const { GET: getOne, PATCH } = restRoute("/api/ads/campaigns/{id}");
const { GET: list, POST } = restRoute("/api/ads/campaigns");

let icons: IconServer;
let adv: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser("Pacer");
  headers = await adv.auth();
});
afterAll(() => icons.close());

const create = (body: unknown) => call(POST, "/api/ads/campaigns", { method: "POST", body, headers });
const get = (id: string) => call(getOne, `/api/ads/campaigns/${id}`, { headers, params: { id } });
const patch = (id: string, body: unknown, query: Record<string, string> = {}) =>
  call(PATCH, `/api/ads/campaigns/${id}`, { method: "PATCH", body, headers, params: { id }, query });

describe("pacing through the REST API", () => {
  it("E5 takes even or asap (even when omitted); E6 and E4 return it; E7 changes it", async () => {
    const asapBody = campaignBody(icons.url(), { name: "Fast", pacing: "asap" });
    expectRequestMatchesOpenApi("POST", "/api/ads/campaigns", asapBody);
    const fast = await create(asapBody);
    expect(fast.status).toBe(201);
    const plain = await create(campaignBody(icons.url(), { name: "Plain" }));
    expect(plain.status).toBe(201);

    const fastView = await get(fast.body.id);
    expect(fastView.body.pacing).toBe("asap");
    expectMatchesOpenApi("GET", `/api/ads/campaigns/${fast.body.id}`, 200, fastView.body);
    expect((await get(plain.body.id)).body.pacing).toBe("even");
    const listed = await call(list, "/api/ads/campaigns", { headers });
    const byId = new Map(listed.body.campaigns.map((item: { id: string; pacing: string }) => [item.id, item.pacing]));
    expect([byId.get(fast.body.id), byId.get(plain.body.id)]).toEqual(["asap", "even"]);

    const changed = await patch(plain.body.id, { pacing: "asap" });
    expect(changed.status).toBe(200);
    expect(changed.body.pacing).toBe("asap");
    expect((await db().campaign.findUniqueOrThrow({ where: { id: plain.body.id } })).pacing).toBe("asap");
    expect((await patch(plain.body.id, { pacing: "even" })).body.pacing).toBe("even");
  });

  it("refuses any other value with 422 on the pacing field", async () => {
    for (const value of ["front_loaded", "EVEN", "", null, 1]) {
      const res = await create(campaignBody(icons.url(), { pacing: value }));
      expect(res.status, String(value)).toBe(422);
      expect(res.body.errors).toEqual([{ path: "pacing", message: expect.any(String) }]);
    }
    const campaign = await create(campaignBody(icons.url()));
    const res = await patch(campaign.body.id, { pacing: "front_loaded" });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("pacing");
  });

  it("validate_only: even -> asap is a change that raises spend; asap -> even is not", async () => {
    const campaign = await create(campaignBody(icons.url()));
    const preview = await patch(campaign.body.id, { pacing: "asap" }, { validate_only: "true" });
    expect(preview.status).toBe(200);
    expect(preview.body.changes).toEqual([{ field: "pacing", from: "even", to: "asap" }]);
    expect(preview.body.raises_spend).toBe(true);
    expect(preview.body.campaign.pacing).toBe("asap");
    expect((await get(campaign.body.id)).body.pacing).toBe("even"); // nothing written
    await patch(campaign.body.id, { pacing: "asap" });
    const back = await patch(campaign.body.id, { pacing: "even" }, { validate_only: "true" });
    expect(back.body.raises_spend).toBe(false);
    const createPreview = await call(POST, "/api/ads/campaigns", {
      method: "POST",
      body: campaignBody(icons.url(), { pacing: "asap" }),
      headers,
      query: { validate_only: "true" },
    });
    expect(createPreview.body.campaign.pacing).toBe("asap");
  });
});

describe("the engine honours the pacing chosen at E5", () => {
  const DAY_START = Date.UTC(2026, 10, 22, 0, 0, 0);
  const engines: DeliveryEngine[] = [];
  // only this test's campaigns and its rival bid
  beforeEach(resetDeliveryTables);
  afterEach(async () => {
    for (const engine of engines.splice(0)) {
      await engine.stop();
      await engine.store.close();
    }
  });

  /** A campaign made by the create service at the start of the UTC day, 24 USD a day, bidding the maximum. */
  async function created(advertiser: TestAdvertiser, pacing?: "even" | "asap") {
    const actor = actorFor(advertiser.advertiserId, ["campaigns:write"]);
    const body = campaignBody(icons.url(), {
      moment_types: ["close_game"],
      bid_cpm_usd: 1000,
      daily_budget_usd: 24,
      total_budget_usd: 1000,
      start_date: "2026-11-22",
      ...(pacing ? { pacing } : {}),
    });
    return (await createCampaign(actor, body, { clock: fixedClock(DAY_START) })).id;
  }

  /** 40 decisions at 06:00 UTC against a rival bidding 999: how many the campaign won, and its day's spend. */
  async function morning(id: string) {
    const rival = await createTestAdvertiser("Rival");
    await deliveryCampaign({ advertiserId: rival.advertiserId, bidCpmUsd: 999 });
    const engine = await startTestEngine({ clock: testClock(Date.UTC(2026, 10, 22, 6, 0, 0)) });
    engines.push(engine);
    let won = 0;
    for (let index = 0; index < 40; index++) {
      const decision = await engine.decide(moment({ user_id: `${id}-u${index}` }));
      if (decision.kind === "filled" && decision.view.campaign_id === id) won++;
    }
    await engine.writer.flush();
    const row = await db().campaign.findUniqueOrThrow({ where: { id } });
    return { won, daySpend: row.daySpendMicros };
  }

  it("asap spends the day's budget as auctions are won, stopping within one impression of it", async () => {
    const id = await created(await createTestAdvertiser("Asap"), "asap");
    const { won, daySpend } = await morning(id);
    // 0.999 USD per impression (second price): 25 impressions pass 24 USD by less than one
    expect(won).toBe(25);
    expect(daySpend).toBeGreaterThanOrEqual(usdToMicros(24));
    expect(daySpend).toBeLessThan(usdToMicros(24) + usdToMicros(0.999));
  });

  it("even (the default) holds the day's spend to the line: at 06:00 a quarter of the day plus 15 minutes", async () => {
    const id = await created(await createTestAdvertiser("Even"));
    const { won, daySpend } = await morning(id);
    // 24 * (6 h + 15 min) / 24 h = 6.25 USD: 7 impressions of 0.999 (the 7th crosses the line)
    expect(won).toBe(7);
    expect(daySpend).toBeLessThanOrEqual(usdToMicros(6.25) + usdToMicros(0.999));
  });
});
