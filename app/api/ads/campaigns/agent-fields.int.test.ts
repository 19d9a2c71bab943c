// What clients (the MCP server's AdCP tasks among them) used to work out for
// themselves and the API now answers (docs/decisions/1311): a campaign created
// paused, a daily budget spread from the total (E5 and E7), the actions a
// campaign accepts and whether it delivers.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { onCampaignsChanged } from "@/lib/process-events";
import { campaignBody, utcDay } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi, expectRequestMatchesOpenApi } from "@/test/openapi";

const { DELETE, GET: GET_ONE, PATCH } = restRoute("/api/ads/campaigns/{id}");
const { POST } = restRoute("/api/ads/campaigns");

let icons: IconServer;
let adv: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser();
  headers = await adv.auth();
});
afterAll(() => icons.close());

const create = (body: unknown, query = "") =>
  call(POST, `/api/ads/campaigns${query}`, { method: "POST", body, headers });
const read = (id: string) => call(GET_ONE, `/api/ads/campaigns/${id}`, { params: { id }, headers });
const patch = (id: string, body: unknown, query = "") =>
  call(PATCH, `/api/ads/campaigns/${id}${query}`, { method: "PATCH", params: { id }, body, headers });

describe("E5 status: created paused", () => {
  it("writes the campaign paused in one request: it is never active, and delivery is told of a paused campaign", async () => {
    const changed: string[][] = [];
    const off = onCampaignsChanged((ids) => changed.push([...ids]));
    const body = campaignBody(icons.url(), { start_date: utcDay(0), status: "paused" });
    expectRequestMatchesOpenApi("POST", "/api/ads/campaigns", body);
    const res = await create(body);
    off();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "paused", delivery_status: "paused" });
    expectMatchesOpenApi("POST", "/api/ads/campaigns", 201, res.body);
    const row = await db().campaign.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.status).toBe("paused");
    // one version: the row was written once, paused, not created active then changed
    expect(row.createdAt.getTime()).toBe(row.updatedAt.getTime());
    expect(changed).toContainEqual([res.body.id]);
    const detail = await read(res.body.id);
    expect(detail.body).toMatchObject({
      status: "paused",
      available_actions: ["resume", "end", "cancel", "update", "add_variant"],
    });
  });

  it("previews the status it would create, and refuses any other initial status at its field", async () => {
    const preview = await create(campaignBody(icons.url(), { status: "paused" }), "?validate_only=true");
    expect(preview.status).toBe(200);
    expect(preview.body.campaign).toMatchObject({ status: "paused", delivery_status: "paused" });
    for (const status of ["ended", "cancelled", "PAUSED", 1]) {
      const refused = await create(campaignBody(icons.url(), { status }));
      expect(refused.status, String(status)).toBe(422);
      expect(refused.body.errors).toEqual([{ path: "status", message: "must be active or paused" }]);
    }
  });
});

describe("daily_budget_usd: null spreads the total budget over the flight", () => {
  it("E5: evenly over the days, start and end counted, rounded up to the cent; the whole total with asap", async () => {
    const start = utcDay(1);
    // 100 USD over 3 days: 33.333333.. -> 33.34 a day
    const even = await create(
      campaignBody(icons.url(), {
        start_date: start,
        end_date: utcDay(3),
        daily_budget_usd: null,
        total_budget_usd: 100,
      }),
    );
    expect(even.status).toBe(201);
    expect((await read(even.body.id)).body.daily_budget_usd).toBe(33.34);
    const asap = await create(
      campaignBody(icons.url(), {
        start_date: start,
        end_date: utcDay(3),
        daily_budget_usd: null,
        total_budget_usd: 100,
        pacing: "asap",
      }),
    );
    expect((await read(asap.body.id)).body.daily_budget_usd).toBe(100);
    const preview = await create(
      campaignBody(icons.url(), { end_date: utcDay(7), daily_budget_usd: null, total_budget_usd: 70 }),
      "?validate_only=true",
    );
    expect(preview.body.campaign.daily_budget_usd).toBe(10);
  });

  it("E5: refuses a spread without an end date, or below the daily minimum, at daily_budget_usd, naming no field", async () => {
    const open = await create(campaignBody(icons.url(), { end_date: null, daily_budget_usd: null }));
    expect(open.status).toBe(422);
    expect(open.body.errors).toEqual([
      {
        path: "daily_budget_usd",
        message: "is spread from the total budget (null) only for a campaign with an end date",
      },
    ]);
    const thin = await create(
      campaignBody(icons.url(), {
        start_date: utcDay(1),
        end_date: utcDay(10),
        daily_budget_usd: null,
        total_budget_usd: 40,
      }),
    );
    expect(thin.status).toBe(422);
    expect(thin.body.errors).toEqual([
      {
        path: "daily_budget_usd",
        message: "the total budget spread over 10 days comes to 4 a day, below the minimum of 5",
      },
    ]);
  });

  it("E7: spreads the total of the campaign as it will be (new total, end date and pacing)", async () => {
    const created = await create(
      campaignBody(icons.url(), { start_date: utcDay(1), end_date: utcDay(4), total_budget_usd: 100 }),
    );
    const id = created.body.id as string;
    // 200 USD over 4 days: 50 a day
    const raised = await patch(id, { total_budget_usd: 200, daily_budget_usd: null });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ total_budget_usd: 200, daily_budget_usd: 50 });
    // a later end spreads over more days: 200 over 8 days
    const longer = await patch(id, { end_date: utcDay(8), daily_budget_usd: null }, "?validate_only=true");
    expect(longer.body.campaign.daily_budget_usd).toBe(25);
    expect(longer.body.changes).toContainEqual({ field: "daily_budget_usd", from: 50, to: 25 });
    const open = await patch(id, { end_date: null, daily_budget_usd: null });
    expect(open.status).toBe(422);
    expect(open.body.errors).toEqual([
      {
        path: "daily_budget_usd",
        message: "is spread from the total budget (null) only for a campaign with an end date",
      },
    ]);
    expect((await read(id)).body.end_date).toBe(utcDay(4));
  });
});

describe("E6: what a campaign accepts and whether it delivers", () => {
  it("answers available_actions and delivery_status through the lifecycle", async () => {
    const future = await create(campaignBody(icons.url(), { start_date: utcDay(2) }));
    const detail = await read(future.body.id);
    expect(detail.body).toMatchObject({
      delivery_status: "pending_start",
      available_actions: ["pause", "end", "cancel", "update", "add_variant"],
    });
    expectMatchesOpenApi("GET", "/api/ads/campaigns/{id}", 200, detail.body);

    const today = await create(campaignBody(icons.url(), { start_date: utcDay(0) }));
    const id = today.body.id as string;
    expect((await read(id)).body.delivery_status).toBe("delivering");
    const ended = await patch(id, { status: "ended" });
    expect(ended.body).toMatchObject({ delivery_status: "ended", available_actions: [] });

    const rejected = await create(
      campaignBody(icons.url(), {
        start_date: utcDay(0),
        creative: { ...campaignBody(icons.url()).creative, headline: "Risk-free bets, guaranteed win" },
      }),
    );
    expect(rejected.body.creative.status).toBe("rejected");
    expect((await read(rejected.body.id)).body.delivery_status).toBe("pending_creatives");

    const cancelled = await call(DELETE, `/api/ads/campaigns/${rejected.body.id}`, {
      method: "DELETE",
      params: { id: rejected.body.id },
      headers,
    });
    expect(cancelled.body).toMatchObject({ status: "cancelled", delivery_status: "cancelled", available_actions: [] });
  });
});
