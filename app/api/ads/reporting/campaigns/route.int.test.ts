// both databases: reporting plans
// GET /api/ads/reporting/campaigns: every campaign of the advertiser together,
// by campaign (names, zeros, most spend first) or getCampaignReport's other keys, the previous
// period, CSV naming the zone; only the caller's campaigns; bad queries.
import { restRoute } from "@/test/rest-routes";
import { beforeAll, describe, expect, it } from "vitest";
import { advertiserReport as advertiserReportSchema } from "@/lib/domain/reporting/reporting.schemas";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { call } from "@/test/http";
import { expectMatchesOpenApi } from "@/test/openapi";

const { GET } = restRoute("/api/ads/reporting/campaigns");

const at = (iso: string) => Date.parse(iso);
const PATH = "/api/ads/reporting/campaigns";

let adv: TestAdvertiser;
let ids: { big: string; small: string; idle: string; later: string };

beforeAll(async () => {
  adv = await createTestAdvertiser("All campaigns");
  const created = new Date("2025-10-01T00:00:00Z");
  const big = await createTestCampaign({
    advertiserId: adv.advertiserId,
    name: "Big",
    momentTypes: ["close_game"],
    sports: ["nba"],
    createdAt: created,
  });
  const small = await createTestCampaign({
    advertiserId: adv.advertiserId,
    name: "Small",
    momentTypes: ["overtime"],
    sports: ["nfl"],
    createdAt: created,
  });
  const idle = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Idle", createdAt: created });
  // created after the range: not a row of it
  const later = await createTestCampaign({
    advertiserId: adv.advertiserId,
    name: "Later",
    createdAt: new Date("2025-12-01T00:00:00Z"),
  });
  ids = { big: big.id, small: small.id, idle: idle.id, later: later.id };
  await seedDelivery(big, [
    { servedAtMs: at("2025-11-02T15:00:00Z"), costMicros: 5000n, clickedAtMs: at("2025-11-02T15:01:00Z") },
    { servedAtMs: at("2025-11-03T15:00:00Z"), costMicros: 5000n },
    // the day before the range (previous period)
    { servedAtMs: at("2025-11-01T15:00:00Z"), costMicros: 2000n },
  ]);
  await seedDelivery(small, [
    { servedAtMs: at("2025-11-02T16:00:00Z"), costMicros: 1000n, momentType: "overtime", sport: "nfl" },
    { servedAtMs: at("2025-10-31T16:00:00Z"), costMicros: 1000n, momentType: "overtime", sport: "nfl" },
  ]);
  // another advertiser's delivery never counts
  const stranger = await createTestAdvertiser("Stranger");
  const theirs = await createTestCampaign({ advertiserId: stranger.advertiserId, createdAt: created });
  await seedDelivery(theirs, [{ servedAtMs: at("2025-11-02T15:00:00Z"), costMicros: 7000n }]);
});

async function get(query: Record<string, string>, headers: Record<string, string> = {}) {
  return call(GET, PATH, { query, headers: { ...(await adv.auth(["reporting:read"])), ...headers } });
}

const RANGE = { start_date: "2025-11-02", end_date: "2025-11-03", timezone: "America/New_York" };

describe("GET /api/ads/reporting/campaigns", () => {
  it("sums every campaign of the advertiser, by campaign most spend first, zeros included", async () => {
    const res = await get({ ...RANGE, breakdown: "campaign" });
    expect(res.status).toBe(200);
    expectMatchesOpenApi("GET", PATH, 200, res.body);
    expect(advertiserReportSchema.safeParse(res.body).success).toBe(true);
    expect(res.headers.get("x-report-source")).toBe("rollups");
    expect(res.body).toMatchObject({
      advertiser_id: adv.advertiserId,
      period: { start: "2025-11-02", end: "2025-11-03", timezone: "America/New_York" },
      breakdown: "campaign",
      totals: { impressions: 3, clicks: 1, spend_usd: 0.011, conversions: 0 },
    });
    expect(
      res.body.rows.map((row: { key: string; campaign_name: string; impressions: number; spend_usd: number }) => [
        row.key,
        row.campaign_name,
        row.impressions,
        row.spend_usd,
      ]),
    ).toEqual([
      [ids.big, "Big", 2, 0.01],
      [ids.small, "Small", 1, 0.001],
      [ids.idle, "Idle", 0, 0],
    ]);
    expect(res.body.comparison).toBeUndefined();
  });

  it("breaks down by day, moment type and sport, rows summing to the totals", async () => {
    const byDay = await get({ ...RANGE, breakdown: "day" });
    expect(byDay.body.rows.map((row: { key: string; impressions: number }) => [row.key, row.impressions])).toEqual([
      ["2025-11-02", 2],
      ["2025-11-03", 1],
    ]);
    const byType = await get({ ...RANGE, breakdown: "moment_type" });
    expect(byType.body.rows.map((row: { key: string; impressions: number }) => [row.key, row.impressions])).toEqual([
      ["overtime", 1],
      ["close_game", 2],
    ]);
    const bySport = await get({ ...RANGE, breakdown: "sport" });
    expect(bySport.body.rows.map((row: { key: string; impressions: number }) => [row.key, row.impressions])).toEqual([
      ["nba", 2],
      ["nfl", 1],
    ]);
    const byHour = await get({ ...RANGE, breakdown: "hour_of_day" });
    expect(byHour.body.rows).toHaveLength(24);
    expect(byHour.body.rows[10]).toMatchObject({ key: 10, impressions: 2 });
  });

  it("compares with the previous period", async () => {
    const res = await get({ ...RANGE, compare: "previous_period" });
    expect(res.status).toBe(200);
    expect(res.body.comparison).toMatchObject({
      period: { start: "2025-10-31", end: "2025-11-01", timezone: "America/New_York" },
      totals: { impressions: 2, spend_usd: 0.003 },
    });
  });

  it("exports CSV naming the zone, a campaign's line with its name", async () => {
    // the money columns follow the ones the file had before them; a rate without its denominator is empty
    const MONEY_COLUMNS = "cost_per_click_usd,cost_per_conversion_usd,conversion_rate,conversion_value_usd,roas";
    const res = await get({ ...RANGE, breakdown: "campaign", format: "csv" });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="all-campaigns-2025-11-02-2025-11-03-by-campaign-America-New_York.csv"',
    );
    expect(res.text.split("\r\n")).toEqual([
      `campaign_id,campaign_name,impressions,clicks,ctr,conversions,spend_usd,timezone,${MONEY_COLUMNS}`,
      `${ids.big},Big,2,1,0.5,0,0.01,America/New_York,0.01,,0,0,0`,
      `${ids.small},Small,1,0,0,0,0.001,America/New_York,,,,0,0`,
      `${ids.idle},Idle,0,0,0,0,0,America/New_York,,,,0,`,
      "",
    ]);
    const totals = await get({ ...RANGE, format: "csv" });
    expect(totals.text.split("\r\n")[0]).toBe(
      `advertiser_id,start_date,end_date,timezone,impressions,clicks,ctr,conversions,spend_usd,average_cpm_paid_usd,as_of,${MONEY_COLUMNS}`,
    );
    expect(totals.text.split("\r\n")[1]).toMatch(
      new RegExp(`^${adv.advertiserId},2025-11-02,2025-11-03,America/New_York,3,`),
    );
  });

  it("refuses bad queries (422) and tokens without reporting:read (403)", async () => {
    for (const [query, path] of [
      [{ ...RANGE, breakdown: "creative" }, "breakdown"],
      [{ ...RANGE, timezone: "Mars/Base" }, "timezone"],
      [{ start_date: "2025-11-03", end_date: "2025-11-02" }, "end_date"],
      [{ start_date: "2024-01-01", end_date: "2025-11-02" }, "end_date"],
      [{ ...RANGE, compare: "yes" }, "compare"],
      // a date the field refuses has no previous period to work out (not a 500)
      [{ start_date: "", end_date: "2025-11-02", compare: "previous_period" }, "start_date"],
      [{ start_date: "2025-11-01", end_date: "2025-13-40", compare: "previous_period" }, "end_date"],
    ] as const) {
      const res = await get(query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const res = await call(GET, PATH, { query: RANGE, headers: await adv.auth(["campaigns:read"]) });
    expect(res.status).toBe(403);
    expect((await call(GET, PATH, { query: RANGE })).status).toBe(401);
  });
});
