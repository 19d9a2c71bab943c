// both databases: reporting plans
import { restRoute } from "@/test/rest-routes";
import { describe, expect, it } from "vitest";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { campaignReport, campaignTimeseries, creativePerformance } from "@/lib/domain/reporting/reporting.schemas";
import { recordPostback } from "@/lib/domain/conversions/record-conversion";
import { call } from "@/test/http";
import { expectMatchesOpenApi } from "@/test/openapi";

const { GET: performance } = restRoute("/api/ads/creatives/{id}/performance");
const { GET: report } = restRoute("/api/ads/reporting/campaigns/{id}");
const { GET: timeseries } = restRoute("/api/ads/reporting/campaigns/{id}/timeseries");

const at = (iso: string) => Date.parse(iso);

async function setup(options: { convert?: boolean } = {}) {
  const adv = await createTestAdvertiser();
  const campaign = await createTestCampaign({
    advertiserId: adv.advertiserId,
    sports: ["nba"],
    momentTypes: ["close_game"],
  });
  const [clicked] = await seedDelivery(campaign, [
    { servedAtMs: at("2025-11-02T05:30:00Z"), costMicros: 3000n, clickedAtMs: at("2025-11-02T06:15:00Z") },
    { servedAtMs: at("2025-11-02T06:30:00Z"), costMicros: 5000n },
  ]);
  if (options.convert)
    await recordPostback(
      { campaign_id: campaign.id, click_id: clicked!.clickId, event_type: "deposit", event_value_usd: 20 },
      { clock: () => at("2025-11-02T06:20:00Z") },
    );
  return { adv, campaign };
}

const path = (id: string) => `/api/ads/reporting/campaigns/${id}`;

async function get(
  handler: typeof report,
  adv: TestAdvertiser,
  id: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return call(handler, path(id), {
    params: { id },
    query,
    headers: { ...(await adv.auth(["reporting:read"])), ...headers },
  });
}

describe("GET /api/ads/reporting/campaigns/{id} (E9)", () => {
  it("answers the report with period, totals and rows", async () => {
    const { adv, campaign } = await setup();
    const res = await get(report, adv, campaign.id, {
      start_date: "2025-11-02",
      end_date: "2025-11-02",
      timezone: "America/New_York",
      breakdown: "hour_of_day",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("x-report-source")).toBe("rollups");
    expect(res.headers.get("ratelimit-limit")).toBe("60");
    expect(res.body.campaign_id).toBe(campaign.id);
    expect(res.body.period).toEqual({ start: "2025-11-02", end: "2025-11-02", timezone: "America/New_York" });
    expect(res.body.totals).toMatchObject({
      impressions: 2,
      clicks: 1,
      ctr: 0.5,
      conversions: 0,
      spend_usd: 0.008,
      average_cpm_paid_usd: 4,
    });
    expect(Date.parse(res.body.totals.as_of)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.breakdown).toBe("hour_of_day");
    expect(res.body.rows[1]).toEqual({
      key: 1,
      impressions: 2,
      clicks: 1,
      ctr: 0.5,
      conversions: 0,
      spend_usd: 0.008,
      spend_micros: 8000,
      average_cpm_paid_usd: 4,
      cost_per_conversion_usd: null,
      cost_per_click_usd: 0.008,
      conversion_rate: 0,
      conversion_value_usd: 0,
      conversion_value_micros: 0,
      roas: 0,
    });
    // the response matches the documented schema, and the OpenAPI document lists the operation
    expect(campaignReport.safeParse(res.body).success).toBe(true);
    const document = buildOpenApiDocument("http://sma.test");
    expect(document.paths?.["/api/ads/reporting/campaigns/{id}"]?.get?.operationId).toBe("getCampaignReport");
    expect(document.paths?.["/api/ads/reporting/campaigns/{id}/timeseries"]?.get?.operationId).toBe(
      "getCampaignTimeseries",
    );
    expect(document.paths?.["/api/ads/creatives/{id}/performance"]?.get?.operationId).toBe("getCreativePerformance");
  });

  it("defaults the timezone to UTC and has no rows without a breakdown", async () => {
    const { adv, campaign } = await setup();
    const res = await get(report, adv, campaign.id, { start_date: "2025-11-02", end_date: "2025-11-02" });
    expect(res.status).toBe(200);
    expect(res.body.period.timezone).toBe("UTC");
    expect(res.body.totals.impressions).toBe(2);
    expect(res.body).not.toHaveProperty("rows");
    expect(res.body).not.toHaveProperty("breakdown");
  });

  it("refuses bad queries with 422 and the field in error", async () => {
    const { adv, campaign } = await setup();
    const cases: [Record<string, string>, string][] = [
      [{ end_date: "2025-11-02" }, "start_date"],
      [{ start_date: "2025-11-02" }, "end_date"],
      [{ start_date: "2025-11-31", end_date: "2025-12-01" }, "start_date"],
      [{ start_date: "11/02/2025", end_date: "2025-11-02" }, "start_date"],
      [{ start_date: "2025-11-03", end_date: "2025-11-02" }, "end_date"],
      [{ start_date: "2025-01-01", end_date: "2026-01-02" }, "end_date"],
      [{ start_date: "2025-11-02", end_date: "2025-11-02", timezone: "Eastern Time" }, "timezone"],
      [{ start_date: "2025-11-02", end_date: "2025-11-02", timezone: "+05:30" }, "timezone"],
      [{ start_date: "2025-11-02", end_date: "2025-11-02", breakdown: "week" }, "breakdown"],
      [{ start_date: "2025-11-02", end_date: "2025-11-02", format: "xlsx" }, "format"],
    ];
    for (const [query, field] of cases) {
      const res = await get(report, adv, campaign.id, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(field);
    }
    // the longest range is accepted: 366 days
    expect((await get(report, adv, campaign.id, { start_date: "2024-01-01", end_date: "2024-12-31" })).status).toBe(
      200,
    );
  });

  it("refuses a repeated query key, format included, with 422 instead of picking one (E9 and E10)", async () => {
    const { adv, campaign } = await setup();
    const range = "start_date=2025-11-02&end_date=2025-11-02";
    const cases: [typeof report, string, string][] = [
      [report, `start_date=2025-11-01&${range}`, "start_date"],
      [report, `${range}&breakdown=sport&breakdown=sport`, "breakdown"],
      [report, `${range}&timezone=UTC&timezone=America/New_York`, "timezone"],
      [report, `${range}&format=csv&format=json`, "format"],
      [report, `${range}&format=csv&format=csv`, "format"],
      [timeseries, `${range}&granularity=hour&granularity=day`, "granularity"],
      [timeseries, `${range}&end_date=2025-11-03`, "end_date"],
      [timeseries, `${range}&format=json&format=csv`, "format"],
    ];
    for (const [handler, query, field] of cases) {
      const suffix = handler === timeseries ? "/timeseries" : "";
      const res = await call(handler, `${path(campaign.id)}${suffix}?${query}`, {
        params: { id: campaign.id },
        headers: await adv.auth(["reporting:read"]),
      });
      expect(res.status, query).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((error: { path: string }) => error.path)).toEqual([field]);
    }
  });

  it("is 401 without a token, 403 without reporting:read, 404 for another advertiser's or an unknown campaign", async () => {
    const { adv, campaign } = await setup();
    const query = { start_date: "2025-11-02", end_date: "2025-11-02" };
    const anonymous = await call(report, path(campaign.id), { params: { id: campaign.id }, query });
    expect(anonymous.status).toBe(401);
    const wrongScope = await call(report, path(campaign.id), {
      params: { id: campaign.id },
      query,
      headers: await adv.auth(["campaigns:read"]),
    });
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.body.code).toBe("insufficient_scope");
    const stranger = await createTestAdvertiser();
    const foreign = await get(report, stranger, campaign.id, query);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
    expect((await get(report, adv, "cmp_unknown", query)).status).toBe(404);
  });

  it("exports CSV with format=csv or Accept: text/csv", async () => {
    const { adv, campaign } = await setup();
    const query = { start_date: "2025-11-01", end_date: "2025-11-02", timezone: "America/New_York", breakdown: "day" };
    const viaParam = await get(report, adv, campaign.id, { ...query, format: "csv" });
    expect(viaParam.status).toBe(200);
    expect(viaParam.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(viaParam.headers.get("content-disposition")).toBe(
      `attachment; filename="campaign-${campaign.id}-2025-11-01-2025-11-02-by-day-America-New_York.csv"`,
    );
    // every line names the zone its dates are local to
    expect(viaParam.text).toBe(
      "date,impressions,clicks,ctr,conversions,spend_usd,timezone," +
        "cost_per_click_usd,cost_per_conversion_usd,conversion_rate,conversion_value_usd,roas\r\n" +
        // a rate without its denominator (null in the JSON) is an empty cell
        "2025-11-01,0,0,0,0,0,America/New_York,,,,0,\r\n2025-11-02,2,1,0.5,0,0.008,America/New_York,0.008,,0,0,0\r\n",
    );
    const viaAccept = await get(report, adv, campaign.id, query, { accept: "text/csv" });
    expect(viaAccept.text).toBe(viaParam.text);
    // JSON still wins when preferred
    const json = await get(report, adv, campaign.id, query, { accept: "application/json, text/csv;q=0.5" });
    expect(json.headers.get("content-type")).toBe("application/json");

    const totals = await get(report, adv, campaign.id, {
      start_date: "2025-11-02",
      end_date: "2025-11-02",
      format: "csv",
    });
    const [header, line, end] = totals.text.split("\r\n");
    expect(header).toBe(
      "campaign_id,start_date,end_date,timezone,impressions,clicks,ctr,conversions,spend_usd,average_cpm_paid_usd,as_of," +
        "cost_per_click_usd,cost_per_conversion_usd,conversion_rate,conversion_value_usd,roas",
    );
    expect(line).toMatch(
      new RegExp(
        `^${campaign.id},2025-11-02,2025-11-02,UTC,2,1,0.5,0,0.008,4,\\d{4}-\\d\\d-\\d\\dT[^,]+,0.008,,0,0,0$`,
      ),
    );
    expect(end).toBe("");
  });

  it("compares with as many local dates just before, in the same zone (compare=previous_period)", async () => {
    const { adv, campaign } = await setup();
    // 2025-11-01 in New York, the day before the report's
    await seedDelivery(campaign, [
      { servedAtMs: at("2025-11-01T12:00:00Z"), costMicros: 1000n },
      { servedAtMs: at("2025-11-01T13:00:00Z"), costMicros: 1000n, clickedAtMs: at("2025-11-01T13:01:00Z") },
      { servedAtMs: at("2025-11-01T14:00:00Z"), costMicros: 1000n },
      // 2025-10-31 in New York: outside both periods
      { servedAtMs: at("2025-11-01T03:00:00Z"), costMicros: 9000n },
    ]);
    const query = { start_date: "2025-11-02", end_date: "2025-11-02", timezone: "America/New_York" };
    const res = await get(report, adv, campaign.id, { ...query, compare: "previous_period", breakdown: "day" });
    expect(res.status).toBe(200);
    expect(campaignReport.safeParse(res.body).success).toBe(true);
    expect(res.body.totals).toMatchObject({ impressions: 2, clicks: 1, spend_usd: 0.008 });
    expect(res.body.comparison).toEqual({
      period: { start: "2025-11-01", end: "2025-11-01", timezone: "America/New_York" },
      totals: {
        impressions: 3,
        clicks: 1,
        ctr: 0.333333,
        conversions: 0,
        spend_usd: 0.003,
        spend_micros: 3000,
        average_cpm_paid_usd: 1,
        cost_per_conversion_usd: null,
        cost_per_click_usd: 0.003,
        conversion_rate: 0,
        conversion_value_usd: 0,
        conversion_value_micros: 0,
        roas: 0,
      },
    });
    expect((await get(report, adv, campaign.id, query)).body.comparison).toBeUndefined();
    for (const [bad, path] of [
      [{ ...query, compare: "last_year" }, "compare"],
      [{ start_date: "2000-01-01", end_date: "2000-01-07", compare: "previous_period" }, "compare"],
    ] as const) {
      const refused = await get(report, adv, campaign.id, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    }
  });

  it("allows 60 reports a minute per advertiser, across its clients, and answers the 61st with 429", async () => {
    const { adv, campaign } = await setup();
    const query = { start_date: "2025-11-02", end_date: "2025-11-02" };
    const tokenA = await adv.auth(["reporting:read"]);
    for (let index = 0; index < 60; index++) {
      const res = await call(report, path(campaign.id), { params: { id: campaign.id }, query, headers: tokenA });
      expect(res.status, `request ${index + 1}`).toBe(200);
    }
    const limited = await call(report, path(campaign.id), {
      params: { id: campaign.id },
      query,
      headers: await adv.auth(["reporting:read"]),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    // another advertiser is not affected
    const other = await setup();
    expect((await get(report, other.adv, other.campaign.id, query)).status).toBe(200);
  });
});

describe("GET /api/ads/reporting/campaigns/{id}/timeseries (E10)", () => {
  it("serves days by default and hours on request, conversions included, sums equal to E9, and CSV", async () => {
    const { adv, campaign } = await setup({ convert: true });
    const query = { start_date: "2025-11-01", end_date: "2025-11-03", timezone: "America/New_York" };
    const daily = await get(timeseries, adv, campaign.id, query);
    expect(daily.status).toBe(200);
    expect(daily.headers.get("x-report-source")).toBe("rollups");
    expect(daily.body).toEqual({
      campaign_id: campaign.id,
      granularity: "day",
      period: { start: "2025-11-01", end: "2025-11-03", timezone: "America/New_York" },
      series: [
        { ts: "2025-11-01T04:00:00Z", impressions: 0, clicks: 0, conversions: 0, spend_usd: 0 },
        { ts: "2025-11-02T04:00:00Z", impressions: 2, clicks: 1, conversions: 1, spend_usd: 0.008 },
        { ts: "2025-11-03T05:00:00Z", impressions: 0, clicks: 0, conversions: 0, spend_usd: 0 },
      ],
    });
    expect(campaignTimeseries.safeParse(daily.body).success).toBe(true);
    const hourly = await get(timeseries, adv, campaign.id, { ...query, granularity: "hour" });
    expect(hourly.headers.get("x-report-source")).toBe("rollups");
    expect(hourly.body.series).toHaveLength(24 + 25 + 24);
    const e9 = await get(report, adv, campaign.id, query);
    for (const res of [daily, hourly]) {
      expect(res.body.series.reduce((sum: number, point: { impressions: number }) => sum + point.impressions, 0)).toBe(
        e9.body.totals.impressions,
      );
      expect(res.body.series.reduce((sum: number, point: { clicks: number }) => sum + point.clicks, 0)).toBe(
        e9.body.totals.clicks,
      );
      expect(res.body.series.reduce((sum: number, point: { conversions: number }) => sum + point.conversions, 0)).toBe(
        e9.body.totals.conversions,
      );
    }

    const csv = await get(timeseries, adv, campaign.id, { ...query, granularity: "hour" }, { accept: "text/csv" });
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("ts,local_start,impressions,clicks,spend_usd,conversions,timezone");
    expect(lines).toHaveLength(1 + 73);
    expect(lines).toContain("2025-11-02T05:00:00Z,2025-11-02T01:00:00-04:00,1,0,0.003,0,America/New_York");
    // the conversion of the click at 06:15 UTC, recorded at 06:20
    expect(lines).toContain("2025-11-02T06:00:00Z,2025-11-02T01:00:00-05:00,1,1,0.005,1,America/New_York");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="campaign-${campaign.id}-2025-11-01-2025-11-03-hour-America-New_York.csv"`,
    );
  });

  it("shares E9's 60 a minute per advertiser: 30 reports and 30 series, then both answer 429", async () => {
    const { adv, campaign } = await setup();
    const query = { start_date: "2025-11-02", end_date: "2025-11-02" };
    for (let index = 0; index < 30; index++) {
      expect((await get(report, adv, campaign.id, query)).status, `report ${index + 1}`).toBe(200);
      const series = await get(timeseries, adv, campaign.id, query);
      expect(series.status, `series ${index + 1}`).toBe(200);
      expect(series.headers.get("ratelimit-remaining")).toBe(String(60 - 2 * (index + 1)));
    }
    const limited = await get(timeseries, adv, campaign.id, query);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await get(report, adv, campaign.id, query)).status).toBe(429);
  });

  it("limits hour series to 31 days and validates granularity", async () => {
    const { adv, campaign } = await setup();
    const tooLong = await get(timeseries, adv, campaign.id, {
      start_date: "2025-01-01",
      end_date: "2025-02-01",
      granularity: "hour",
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors[0]).toEqual({ path: "end_date", message: "the range may span at most 31 days" });
    expect(
      (
        await get(timeseries, adv, campaign.id, {
          start_date: "2025-01-01",
          end_date: "2025-01-31",
          granularity: "hour",
        })
      ).status,
    ).toBe(200);
    expect((await get(timeseries, adv, campaign.id, { start_date: "2025-01-01", end_date: "2025-02-01" })).status).toBe(
      200,
    );
    const bad = await get(timeseries, adv, campaign.id, {
      start_date: "2025-01-01",
      end_date: "2025-01-02",
      granularity: "minute",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe("granularity");
    const stranger = await createTestAdvertiser();
    expect(
      (await get(timeseries, stranger, campaign.id, { start_date: "2025-01-01", end_date: "2025-01-02" })).status,
    ).toBe(404);
  });
});

describe("GET /api/ads/creatives/{id}/performance (E11)", () => {
  it("answers the creative's numbers; 404 for another advertiser; 403 without reporting:read", async () => {
    const { adv, campaign } = await setup();
    const creativeId = campaign.creatives[0]!.id;
    const url = `/api/ads/creatives/${creativeId}/performance`;
    const res = await call(performance, url, {
      params: { id: creativeId },
      headers: await adv.auth(["reporting:read"]),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      creative_id: creativeId,
      impressions: 2,
      clicks: 1,
      ctr: 0.5,
      conversions: 0,
      spend_usd: 0.008,
      traffic_allocation: 1,
    });
    expect(creativePerformance.safeParse(res.body).success).toBe(true);
    const stranger = await createTestAdvertiser();
    expect((await call(performance, url, { params: { id: creativeId }, headers: await stranger.auth() })).status).toBe(
      404,
    );
    expect(
      (await call(performance, url, { params: { id: creativeId }, headers: await adv.auth(["campaigns:read"]) }))
        .status,
    ).toBe(403);
  });
});

describe("E9 breakdown=region", () => {
  it("keys rows by the users' region, unknown for decisions without one, in JSON and CSV (GraphQL: graphql/regions.int.test.ts)", async () => {
    const adv = await createTestAdvertiser();
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const [clicked] = await seedDelivery(campaign, [
      {
        servedAtMs: at("2025-11-02T15:00:00Z"),
        costMicros: 3000n,
        region: "US-NJ",
        clickedAtMs: at("2025-11-02T15:01:00Z"),
      },
      { servedAtMs: at("2025-11-02T15:10:00Z"), costMicros: 3000n, region: "US-NJ" },
      { servedAtMs: at("2025-11-02T16:00:00Z"), costMicros: 5000n, region: "CA-ON" },
      { servedAtMs: at("2025-11-02T17:00:00Z"), costMicros: 1000n },
    ]);
    // a conversion counts in its click's region
    await recordPostback(
      { campaign_id: campaign.id, click_id: clicked!.clickId, event_type: "deposit" },
      { clock: () => at("2025-11-02T15:05:00Z") },
    );
    const query = {
      start_date: "2025-11-02",
      end_date: "2025-11-02",
      timezone: "America/New_York",
      breakdown: "region",
    };
    const res = await get(report, adv, campaign.id, query);
    expect(res.status).toBe(200);
    expect(res.body.breakdown).toBe("region");
    expect(res.body.rows).toEqual([
      expect.objectContaining({ key: "CA-ON", impressions: 1, clicks: 0, ctr: 0, conversions: 0, spend_usd: 0.005 }),
      expect.objectContaining({ key: "US-NJ", impressions: 2, clicks: 1, ctr: 0.5, conversions: 1, spend_usd: 0.006 }),
      expect.objectContaining({ key: "unknown", impressions: 1, clicks: 0, ctr: 0, conversions: 0, spend_usd: 0.001 }),
    ]);
    expectMatchesOpenApi("GET", "/api/ads/reporting/campaigns/{id}", 200, res.body);

    const csv = await get(report, adv, campaign.id, { ...query, format: "csv" });
    expect(csv.text).toBe(
      "region,impressions,clicks,ctr,conversions,spend_usd,timezone," +
        "cost_per_click_usd,cost_per_conversion_usd,conversion_rate,conversion_value_usd,roas\r\n" +
        "CA-ON,1,0,0,0,0.005,America/New_York,,,,0,0\r\nUS-NJ,2,1,0.5,1,0.006,America/New_York,0.006,0.006,1,0,0\r\n" +
        "unknown,1,0,0,0,0.001,America/New_York,,,,0,0\r\n",
    );
    expect(csv.headers.get("content-disposition")).toContain("-by-region-");
  });
});
