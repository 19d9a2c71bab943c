// both databases: reporting plans
// Reports (E9), time series (E10) and creative performance (E11) through POST
// /api/graphql on a real database: as fields of a campaign and creative
// (campaigns:read to reach them) and as root fields for callers holding
// reporting:read alone; every breakdown, a zone with a DST change, hours and
// days; scopes, tenancy, argument errors and REST's shared rate limit.
import { restRoute } from "@/test/rest-routes";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { gql, onlyError } from "@/test/graphql";
import { call } from "@/test/http";
import { toGlobalId } from "./global-id";

const { GET: restReport } = restRoute("/api/ads/reporting/campaigns/{id}");
const { GET: restSeries } = restRoute("/api/ads/reporting/campaigns/{id}/timeseries");

const at = (iso: string) => Date.parse(iso);

let adv: TestAdvertiser;
let rival: TestAdvertiser;
let campaign: Awaited<ReturnType<typeof createTestCampaign>>;
let foreign: Awaited<ReturnType<typeof createTestCampaign>>;
let headers: Record<string, string>;
let reportingOnly: Record<string, string>;
let readOnly: Record<string, string>;
let creativeA: string;
let creativeB: string;

beforeAll(async () => {
  adv = await createTestAdvertiser("Reporter");
  rival = await createTestAdvertiser("Rival");
  headers = await adv.auth();
  reportingOnly = await adv.auth(["reporting:read"]);
  readOnly = await adv.auth(["campaigns:read"]);
  campaign = await createTestCampaign({
    advertiserId: adv.advertiserId,
    momentTypes: ["close_game", "overtime"],
    sports: ["nba", "nfl"],
    creatives: [{}, {}],
  });
  [creativeA, creativeB] = campaign.creatives.map((creative) => creative.id) as [string, string];
  // New York, 2025-11-02: 01:00-02:00 happens twice (EDT, then EST)
  await seedDelivery(campaign, [
    // 01:30 EDT; clicked 01:15 EST
    {
      servedAtMs: at("2025-11-02T05:30:00Z"),
      costMicros: 3000n,
      clickedAtMs: at("2025-11-02T06:15:00Z"),
      creativeId: creativeA,
    },
    // 01:30 EST
    { servedAtMs: at("2025-11-02T06:30:00Z"), costMicros: 5000n, creativeId: creativeB, momentType: "overtime" },
    // 23:30 EST on the 2nd, the 3rd in UTC
    { servedAtMs: at("2025-11-03T04:30:00Z"), costMicros: 2000n, creativeId: creativeA, sport: "nfl" },
    // 08:00 EDT on the 1st
    { servedAtMs: at("2025-11-01T12:00:00Z"), costMicros: 1000n, creativeId: creativeB },
  ]);
  foreign = await createTestCampaign({ advertiserId: rival.advertiserId });
});

const campaignId = () => toGlobalId("Campaign", campaign.id);

const ROWS = `rows { key date hourOfDay momentType sport creative { restId } impressions clicks ctr conversions spendUsd }`;
const REPORT_FIELDS = `period { start end timezone }
  totals { impressions clicks ctr conversions spendUsd averageCpmPaidUsd asOf }
  breakdown ${ROWS}`;

const FIELD_REPORT = `
  query($id: ID!, $start: Date!, $end: Date!, $breakdown: ReportBreakdown, $tz: TimeZone) {
    campaign(id: $id) { report(startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz) { ${REPORT_FIELDS} } }
  }`;

const ROOT_REPORT = `
  query($id: ID!, $start: Date!, $end: Date!, $breakdown: ReportBreakdown, $tz: TimeZone) {
    campaignReport(campaignId: $id, startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz) { ${REPORT_FIELDS} }
  }`;

const NEW_YORK = { start: "2025-11-02", end: "2025-11-02", tz: "America/New_York" };

const zeroRow = { date: null, hourOfDay: null, momentType: null, sport: null, creative: null, conversions: 0 };

describe("Campaign.report", () => {
  it("answers totals over local dates in a zone, and in UTC by default", async () => {
    const res = await gql(FIELD_REPORT, { headers, variables: { id: campaignId(), ...NEW_YORK } });
    expect(res.errors).toBeUndefined();
    const report = res.data.campaign.report;
    expect(report.period).toEqual({ start: "2025-11-02", end: "2025-11-02", timezone: "America/New_York" });
    expect(report.totals).toEqual({
      impressions: 3,
      clicks: 1,
      ctr: 0.333333,
      conversions: 0,
      spendUsd: "0.01",
      averageCpmPaidUsd: "3.333333",
      asOf: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(report.breakdown).toBeNull();
    expect(report.rows).toBeNull();

    const utc = await gql(FIELD_REPORT, {
      headers,
      variables: { id: campaignId(), start: "2025-11-02", end: "2025-11-02" },
    });
    expect(utc.data.campaign.report.period.timezone).toBe("UTC");
    expect(utc.data.campaign.report.totals).toMatchObject({ impressions: 2, clicks: 1, spendUsd: "0.008" });
  });

  it("breaks down by day, moment type, sport, creative and local hour, zeros included", async () => {
    const report = async (breakdown: string) => {
      const res = await gql(FIELD_REPORT, { headers, variables: { id: campaignId(), ...NEW_YORK, breakdown } });
      expect(res.errors, breakdown).toBeUndefined();
      expect(res.data.campaign.report.breakdown).toBe(breakdown);
      return res.data.campaign.report.rows;
    };
    expect(await report("DAY")).toEqual([
      { ...zeroRow, key: "2025-11-02", date: "2025-11-02", impressions: 3, clicks: 1, ctr: 0.333333, spendUsd: "0.01" },
    ]);
    // in the catalog's order
    expect(await report("MOMENT_TYPE")).toEqual([
      { ...zeroRow, key: "overtime", momentType: "OVERTIME", impressions: 1, clicks: 0, ctr: 0, spendUsd: "0.005" },
      {
        ...zeroRow,
        key: "close_game",
        momentType: "CLOSE_GAME",
        impressions: 2,
        clicks: 1,
        ctr: 0.5,
        spendUsd: "0.005",
      },
    ]);
    expect(await report("SPORT")).toEqual([
      { ...zeroRow, key: "nba", sport: "NBA", impressions: 2, clicks: 1, ctr: 0.5, spendUsd: "0.008" },
      { ...zeroRow, key: "nfl", sport: "NFL", impressions: 1, clicks: 0, ctr: 0, spendUsd: "0.002" },
    ]);
    expect(await report("CREATIVE")).toEqual([
      {
        ...zeroRow,
        key: creativeA,
        creative: { restId: creativeA },
        impressions: 2,
        clicks: 1,
        ctr: 0.5,
        spendUsd: "0.005",
      },
      {
        ...zeroRow,
        key: creativeB,
        creative: { restId: creativeB },
        impressions: 1,
        clicks: 0,
        ctr: 0,
        spendUsd: "0.005",
      },
    ]);
    const hours = await report("HOUR_OF_DAY");
    expect(hours).toHaveLength(24);
    expect(hours.map((row: { hourOfDay: number }) => row.hourOfDay)).toEqual([...Array(24).keys()]);
    // both 01:30s (EDT and EST) fall in local hour 1, with the click at 01:15 EST
    expect(hours[1]).toEqual({
      ...zeroRow,
      key: "1",
      hourOfDay: 1,
      impressions: 2,
      clicks: 1,
      ctr: 0.5,
      spendUsd: "0.008",
    });
    expect(hours[23]).toMatchObject({ key: "23", hourOfDay: 23, impressions: 1, spendUsd: "0.002" });
    expect(hours.filter((row: { impressions: number }) => row.impressions === 0)).toHaveLength(22);
  });

  it("refuses bad ranges with field errors on the arguments", async () => {
    const reversed = await gql(FIELD_REPORT, {
      headers,
      variables: { id: campaignId(), start: "2025-11-03", end: "2025-11-02" },
    });
    expect(reversed.data.campaign).toEqual({ report: null });
    const error = onlyError(reversed);
    expect(error.path).toEqual(["campaign", "report"]);
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", apiCode: "validation_failed" });
    expect(error.extensions.fieldErrors?.map((fieldError) => fieldError.field)).toEqual([["endDate"]]);

    const tooLong = onlyError(
      await gql(FIELD_REPORT, { headers, variables: { id: campaignId(), start: "2024-01-01", end: "2025-11-02" } }),
    );
    expect(tooLong.extensions.apiCode).toBe("validation_failed");

    const zone = await gql(FIELD_REPORT, { headers, variables: { id: campaignId(), ...NEW_YORK, tz: "Mars/Olympus" } });
    expect(zone.status).toBe(400);
    expect(onlyError(zone).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("needs reporting:read, field by field; a creative row's creative needs campaigns:read", async () => {
    const partial = await gql(
      `query($id: ID!) { campaign(id: $id) { restId report(startDate: "2025-11-02", endDate: "2025-11-02") { totals { impressions } } } }`,
      {
        headers: readOnly,
        variables: { id: campaignId() },
      },
    );
    expect(partial.data.campaign).toEqual({ restId: campaign.id, report: null });
    expect(onlyError(partial).path).toEqual(["campaign", "report"]);
    expect(onlyError(partial).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });

    const rows = await gql(ROOT_REPORT, {
      headers: reportingOnly,
      variables: { id: campaignId(), ...NEW_YORK, breakdown: "CREATIVE" },
    });
    expect(
      rows.data.campaignReport.rows.map((row: { key: string; creative: unknown }) => [row.key, row.creative]),
    ).toEqual([
      [creativeA, null],
      [creativeB, null],
    ]);
    expect(rows.errors?.map((error) => [error.path, error.extensions.apiCode])).toEqual([
      [["campaignReport", "rows", 0, "creative"], "insufficient_scope"],
      [["campaignReport", "rows", 1, "creative"], "insufficient_scope"],
    ]);
  });
});

describe("Campaign.timeSeries", () => {
  const SERIES = `
    query($id: ID!, $granularity: TimeSeriesGranularity) {
      campaign(id: $id) {
        timeSeries(startDate: "2025-11-01", endDate: "2025-11-03", granularity: $granularity, timezone: "America/New_York") {
          granularity period { start end timezone } series { ts impressions clicks spendUsd }
        }
      }
    }`;

  it("answers one point per local day, and per local hour (25 on the day clocks go back)", async () => {
    const daily = await gql(SERIES, { headers, variables: { id: campaignId() } });
    expect(daily.errors).toBeUndefined();
    expect(daily.data.campaign.timeSeries).toEqual({
      granularity: "DAY",
      period: { start: "2025-11-01", end: "2025-11-03", timezone: "America/New_York" },
      series: [
        { ts: "2025-11-01T04:00:00.000Z", impressions: 1, clicks: 0, spendUsd: "0.001" },
        { ts: "2025-11-02T04:00:00.000Z", impressions: 3, clicks: 1, spendUsd: "0.01" },
        { ts: "2025-11-03T05:00:00.000Z", impressions: 0, clicks: 0, spendUsd: "0.00" },
      ],
    });
    const hourly = await gql(SERIES, { headers, variables: { id: campaignId(), granularity: "HOUR" } });
    const series = hourly.data.campaign.timeSeries.series as { ts: string; impressions: number; clicks: number }[];
    expect(hourly.data.campaign.timeSeries.granularity).toBe("HOUR");
    expect(series).toHaveLength(24 + 25 + 24);
    expect(series.filter((point) => point.impressions > 0)).toEqual([
      { ts: "2025-11-01T12:00:00.000Z", impressions: 1, clicks: 0, spendUsd: "0.001" },
      { ts: "2025-11-02T05:00:00.000Z", impressions: 1, clicks: 0, spendUsd: "0.003" },
      { ts: "2025-11-02T06:00:00.000Z", impressions: 1, clicks: 1, spendUsd: "0.005" },
      { ts: "2025-11-03T04:00:00.000Z", impressions: 1, clicks: 0, spendUsd: "0.002" },
    ]);
  });

  it("needs reporting:read", async () => {
    const res = await gql(SERIES, { headers: readOnly, variables: { id: campaignId() } });
    expect(res.data.campaign).toEqual({ timeSeries: null });
    expect(onlyError(res).extensions.apiCode).toBe("insufficient_scope");
  });
});

describe("root report fields for reporting:read alone", () => {
  const ROOT_SERIES = `
    query($id: ID!, $granularity: TimeSeriesGranularity) {
      campaignTimeSeries(campaignId: $id, startDate: "2025-11-02", endDate: "2025-11-02", granularity: $granularity, timezone: "America/New_York") {
        granularity series { ts impressions }
      }
    }`;
  const PERFORMANCE = `
    query($id: ID!) { creativePerformance(creativeId: $id) { impressions clicks ctr conversions spendUsd trafficAllocation } }`;

  it("answers the same report, series and performance as the campaign's fields, by global id or REST id", async () => {
    const nested = await gql(FIELD_REPORT, {
      headers,
      variables: { id: campaignId(), ...NEW_YORK, breakdown: "SPORT" },
    });
    for (const id of [campaignId(), campaign.id]) {
      const root = await gql(ROOT_REPORT, {
        headers: reportingOnly,
        variables: { id, ...NEW_YORK, breakdown: "SPORT" },
      });
      expect(root.errors).toBeUndefined();
      expect({ ...root.data.campaignReport, totals: { ...root.data.campaignReport.totals, asOf: null } }).toEqual({
        ...nested.data.campaign.report,
        totals: { ...nested.data.campaign.report.totals, asOf: null },
      });

      const series = await gql(ROOT_SERIES, { headers: reportingOnly, variables: { id, granularity: "HOUR" } });
      expect(series.errors).toBeUndefined();
      expect(series.data.campaignTimeSeries.granularity).toBe("HOUR");
      expect(series.data.campaignTimeSeries.series).toHaveLength(25);
      expect(
        series.data.campaignTimeSeries.series.reduce(
          (sum: number, point: { impressions: number }) => sum + point.impressions,
          0,
        ),
      ).toBe(3);
    }
    for (const id of [toGlobalId("Creative", creativeA), creativeA]) {
      const res = await gql(PERFORMANCE, { headers: reportingOnly, variables: { id } });
      expect(res.errors).toBeUndefined();
      expect(res.data.creativePerformance).toEqual({
        impressions: 2,
        clicks: 1,
        ctr: 0.5,
        conversions: 0,
        spendUsd: "0.005",
        trafficAllocation: 0.5,
      });
    }
    const viaCampaign = await gql(
      `query($id: ID!) { campaign(id: $id) { creatives { restId performance { impressions clicks ctr conversions spendUsd trafficAllocation } } } }`,
      { headers, variables: { id: campaignId() } },
    );
    const [a] = viaCampaign.data.campaign.creatives;
    expect(a).toEqual({
      restId: creativeA,
      performance: (await gql(PERFORMANCE, { headers, variables: { id: creativeA } })).data.creativePerformance,
    });
  });

  it("need reporting:read", async () => {
    for (const [query, name, id] of [
      [ROOT_REPORT, "campaignReport", campaignId()],
      [ROOT_SERIES, "campaignTimeSeries", campaignId()],
      [PERFORMANCE, "creativePerformance", creativeA],
    ] as const) {
      const res = await gql(query, { headers: readOnly, variables: { id, ...NEW_YORK } });
      expect(res.data).toEqual({ [name]: null });
      expect(onlyError(res).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });
    }
  });

  it("answer another advertiser's ids, and ids that name nothing, as not found", async () => {
    const cases: [string, string, string[]][] = [
      [
        ROOT_REPORT,
        "campaignReport",
        [toGlobalId("Campaign", foreign.id), foreign.id, "cmp_nope", toGlobalId("Creative", creativeA), "x"],
      ],
      [ROOT_SERIES, "campaignTimeSeries", [toGlobalId("Campaign", foreign.id), foreign.id, "cmp_nope"]],
      [
        PERFORMANCE,
        "creativePerformance",
        [toGlobalId("Creative", foreign.creatives[0]!.id), foreign.creatives[0]!.id, "cr_nope", campaignId()],
      ],
    ];
    for (const [query, name, ids] of cases) {
      for (const id of ids) {
        const res = await gql(query, { headers: reportingOnly, variables: { id, ...NEW_YORK } });
        expect(res.data, `${name} ${id}`).toEqual({ [name]: null });
        expect(onlyError(res).extensions).toMatchObject({ code: "NOT_FOUND", apiCode: "not_found" });
      }
    }
  });
});

describe("CSV fields", () => {
  const CSV_REPORT = `
    query($id: ID!, $breakdown: ReportBreakdown) {
      campaignReport(campaignId: $id, startDate: "2025-11-02", endDate: "2025-11-02", breakdown: $breakdown, timezone: "America/New_York") {
        csv csvFilename
      }
    }`;

  it("answer a report with each breakdown as REST's format=csv does, byte for byte, with its file name", async () => {
    for (const breakdown of ["DAY", "MOMENT_TYPE", "SPORT", "CREATIVE", "HOUR_OF_DAY"]) {
      const res = await gql(CSV_REPORT, { headers: reportingOnly, variables: { id: campaign.id, breakdown } });
      expect(res.errors).toBeUndefined();
      const rest = await call(restReport, `/api/ads/reporting/campaigns/${campaign.id}`, {
        params: { id: campaign.id },
        query: {
          start_date: "2025-11-02",
          end_date: "2025-11-02",
          timezone: "America/New_York",
          breakdown: breakdown.toLowerCase(),
          format: "csv",
        },
        headers: reportingOnly,
      });
      expect(rest.status).toBe(200);
      expect(res.data.campaignReport.csv).toBe(rest.text);
      expect(rest.headers.get("content-disposition")).toContain(res.data.campaignReport.csvFilename);
    }
    const bySport = await gql(CSV_REPORT, {
      headers: reportingOnly,
      variables: { id: campaign.id, breakdown: "SPORT" },
    });
    expect(bySport.data.campaignReport.csv.split("\r\n")).toEqual([
      "sport,impressions,clicks,ctr,conversions,spend_usd,timezone,cost_per_click_usd,cost_per_conversion_usd,conversion_rate,conversion_value_usd,roas",
      "nba,2,1,0.5,0,0.008,America/New_York,0.008,,0,0,0",
      "nfl,1,0,0,0,0.002,America/New_York,,,,0,0",
      "",
    ]);
  });

  it("answer the totals line without a breakdown, and a time series as REST's CSV", async () => {
    const totals = await gql(CSV_REPORT, { headers: reportingOnly, variables: { id: campaign.id } });
    const [header, line] = totals.data.campaignReport.csv.split("\r\n");
    expect(header).toBe(
      "campaign_id,start_date,end_date,timezone,impressions,clicks,ctr,conversions,spend_usd,average_cpm_paid_usd,as_of," +
        "cost_per_click_usd,cost_per_conversion_usd,conversion_rate,conversion_value_usd,roas",
    );
    expect(line).toMatch(new RegExp(`^${campaign.id},2025-11-02,2025-11-02,America/New_York,3,1,`));

    const series = await gql(
      `query($id: ID!) { campaignTimeSeries(campaignId: $id, startDate: "2025-11-01", endDate: "2025-11-03", timezone: "America/New_York") { csv csvFilename } }`,
      { headers: reportingOnly, variables: { id: campaign.id } },
    );
    expect(series.errors).toBeUndefined();
    const rest = await call(restSeries, `/api/ads/reporting/campaigns/${campaign.id}/timeseries`, {
      params: { id: campaign.id },
      query: { start_date: "2025-11-01", end_date: "2025-11-03", timezone: "America/New_York", format: "csv" },
      headers: reportingOnly,
    });
    expect(rest.status).toBe(200);
    expect(series.data.campaignTimeSeries.csv).toBe(rest.text);
    expect(series.data.campaignTimeSeries.csv.split("\r\n")[2]).toBe(
      "2025-11-02T04:00:00Z,2025-11-02T00:00:00-04:00,3,1,0.01,0,America/New_York",
    );
    expect(rest.headers.get("content-disposition")).toContain(series.data.campaignTimeSeries.csvFilename);
  });
});

describe("rate limit", () => {
  it("counts GraphQL reports against REST's 60 a minute per advertiser, and refuses the 61st with RATE_LIMITED and its headers", async () => {
    const limited = await createTestAdvertiser("Busy");
    const own = await createTestCampaign({ advertiserId: limited.advertiserId });
    const token = await limited.auth(["reporting:read"]);
    const report = (index: number) =>
      `r${index}: campaignReport(campaignId: $id, startDate: "2025-11-02", endDate: "2025-11-02") { totals { impressions } }`;
    // round 2 ends with a time series: E10 shares E9's count, so the 60th request is one
    const rounds = [
      Array.from({ length: 30 }, (_, index) => report(index)),
      [
        ...Array.from({ length: 29 }, (_, index) => report(index)),
        `s: campaignTimeSeries(campaignId: $id, startDate: "2025-11-02", endDate: "2025-11-02") { series { impressions } }`,
      ],
    ];
    for (const [index, fields] of rounds.entries()) {
      const round = index + 1;
      const res = await gql(`query($id: ID!) { ${fields.join("\n")} }`, { headers: token, variables: { id: own.id } });
      expect(res.errors, `round ${round}`).toBeUndefined();
      expect(res.headers.get("ratelimit-limit")).toBe("60");
      expect(res.headers.get("ratelimit-remaining")).toBe(String(60 - 30 * round));
    }
    const refused = await gql(ROOT_REPORT, { headers: token, variables: { id: own.id, ...NEW_YORK } });
    expect(refused.status).toBe(200);
    expect(refused.data).toEqual({ campaignReport: null });
    const error = onlyError(refused);
    expect(error.path).toEqual(["campaignReport"]);
    expect(error.extensions).toMatchObject({ code: "RATE_LIMITED", apiCode: "rate_limited" });
    expect(error.extensions.retryAfter).toBeGreaterThan(0);
    expect(refused.headers.get("retry-after")).toBe(String(error.extensions.retryAfter));
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("ratelimit-limit")).toBe("60");
    // the same counter as REST's
    const rest = await call(restReport, `/api/ads/reporting/campaigns/${own.id}`, {
      params: { id: own.id },
      query: { start_date: "2025-11-02", end_date: "2025-11-02" },
      headers: token,
    });
    expect(rest.status).toBe(429);
    // other fields of the same operation still answer; another advertiser is not affected
    const mixed = await gql(
      `query($id: ID!) { viewer { advertiser { name } } campaignReport(campaignId: $id, startDate: "2025-11-02", endDate: "2025-11-02") { totals { impressions } } }`,
      { headers: token, variables: { id: own.id } },
    );
    expect(mixed.data).toEqual({ viewer: { advertiser: { name: "Busy" } }, campaignReport: null });
    expect(onlyError(mixed).extensions.code).toBe("RATE_LIMITED");
    const other = await gql(ROOT_REPORT, { headers: reportingOnly, variables: { id: campaign.id, ...NEW_YORK } });
    expect(other.errors).toBeUndefined();
  });
});
