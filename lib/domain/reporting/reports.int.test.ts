// both databases: reporting plans
// E9/E10 numbers against hand-computed expectations from seeded raw events,
// in America/New_York across both DST changes, Asia/Kolkata (+05:30),
// Asia/Kathmandu (+05:45) and Australia/Eucla (+08:45), on both sources (rollups
// with their quarter-hour counts, and raw rows), plus a randomized cross-check.
import { timeZonesNames } from "@vvo/tzdb";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { recordPostback } from "@/lib/domain/conversions/record-conversion";
import { createRng } from "@/lib/random";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery, type SeedImpression, type SeededImpression } from "@/test/factories/delivery";
import { getCampaignReport, getCampaignTimeseries, getCreativePerformance, readBothPlans } from "@/test/reports";
import {
  BREAKDOWNS,
  type Breakdown,
  type CampaignReportView as CampaignReport,
  type Granularity,
} from "./reporting.schemas";

const at = (iso: string) => Date.parse(iso);
const NOW = () => at("2026-01-01T00:00:00Z");

async function setup() {
  const adv = await createTestAdvertiser();
  const campaign = await createTestCampaign({
    advertiserId: adv.advertiserId,
    momentTypes: ["close_game", "overtime"],
    sports: ["nba", "nfl"],
    creatives: [{}, {}],
  });
  const actor = actorFor(adv.advertiserId, ["reporting:read"]);
  const [a, b] = campaign.creatives.map((creative) => creative.id) as [string, string];
  return { adv, campaign, actor, a, b };
}

async function convert(campaignId: string, row: SeededImpression, when: string, value?: number) {
  const result = await recordPostback(
    { campaign_id: campaignId, click_id: row.clickId, event_type: "purchase", event_value_usd: value },
    { clock: () => at(when) },
  );
  expect(result.status).toBe("recorded");
}

const rowsOf = (report: CampaignReport) =>
  Object.fromEntries(
    report.rows!.map((row) => [row.key, [row.impressions, row.clicks, row.conversions, row.spend_usd]]),
  );

type Range = { start_date: string; end_date: string; timezone: string };

/**
 * The service's plan for this shape is the rollups, and the raw-rows plan reads the same numbers for every key
 * (each plan run on its own, as the service builds its request: the report is a function of these rows).
 */
async function expectPlansAgree(
  campaignId: string,
  query: Range,
  shape: { breakdown?: Breakdown } | { granularity: Granularity },
) {
  const label = `${query.timezone} ${JSON.stringify(shape)}`;
  const plans = await readBothPlans(campaignId, query, shape);
  expect(plans.source, label).toBe("rollups");
  expect(plans.fromRaw.length, `${label}: events in range`).toBeGreaterThan(0);
  expect(plans.fromRollups, label).toEqual(plans.fromRaw);
}

function expectRowsSumToTotals(report: CampaignReport) {
  const sum = (field: "impressions" | "clicks" | "conversions") =>
    report.rows!.reduce((total, row) => total + row[field], 0);
  expect(sum("impressions")).toBe(report.totals.impressions);
  expect(sum("clicks")).toBe(report.totals.clicks);
  expect(sum("conversions")).toBe(report.totals.conversions);
  const spendMicros = report.rows!.reduce((total, row) => total + Math.round(row.spend_usd * 1e6), 0);
  expect(spendMicros).toBe(Math.round(report.totals.spend_usd * 1e6));
  // the exact micro-dollars sum without any rounding
  expect(report.rows!.reduce((total, row) => total + row.spend_micros, 0)).toBe(report.totals.spend_micros);
}

/** A report's hours with any activity: hour -> [impressions, clicks, conversions, spend_usd]. */
function activeHours(report: {
  rows?: { key: unknown; impressions: number; clicks: number; conversions: number; spend_usd: number }[];
}) {
  return Object.fromEntries(
    report
      .rows!.filter((row) => row.impressions || row.clicks || row.conversions)
      .map((row) => [row.key, [row.impressions, row.clicks, row.conversions, row.spend_usd]]),
  );
}

describe("E9/E10 in America/New_York across the November DST change", () => {
  it("counts each event in its local day and hour, identically from rollups and raw rows", async () => {
    const { campaign, actor, a, b } = await setup();
    const events: SeedImpression[] = [
      // 1: Oct 31 23:59:59 EDT, outside; its click (Nov 1 00:20 EDT) is inside
      {
        creativeId: a,
        momentType: "close_game",
        sport: "nba",
        servedAtMs: at("2025-11-01T03:59:59Z"),
        costMicros: 1000n,
        clickedAtMs: at("2025-11-01T04:20:00Z"),
      },
      // 2: Nov 1 00:00 EDT, clicked 00:10 EDT
      {
        creativeId: a,
        momentType: "close_game",
        sport: "nba",
        servedAtMs: at("2025-11-01T04:00:00Z"),
        costMicros: 2000n,
        clickedAtMs: at("2025-11-01T04:10:00Z"),
      },
      // 3: Nov 2 01:30 EDT (the first 1 AM), clicked 01:15 EST (the second)
      {
        creativeId: b,
        momentType: "overtime",
        sport: "nfl",
        servedAtMs: at("2025-11-02T05:30:00Z"),
        costMicros: 3000n,
        clickedAtMs: at("2025-11-02T06:15:00Z"),
      },
      // 4: Nov 2 01:30 EST (the second 1 AM)
      {
        creativeId: a,
        momentType: "overtime",
        sport: "nba",
        servedAtMs: at("2025-11-02T06:30:00Z"),
        costMicros: 5000n,
      },
      // 5: Nov 2 23:30 EST, clicked Nov 3 00:05 EST
      {
        creativeId: a,
        momentType: "close_game",
        sport: "nfl",
        servedAtMs: at("2025-11-03T04:30:00Z"),
        costMicros: 7000n,
        clickedAtMs: at("2025-11-03T05:05:00Z"),
      },
      // 6: Nov 3 23:59:59.999 EST, the last instant of the range
      {
        creativeId: b,
        momentType: "close_game",
        sport: "nba",
        servedAtMs: at("2025-11-04T04:59:59.999Z"),
        costMicros: 11000n,
      },
      // 7: Nov 4 00:00 EST, outside, and so is its click
      {
        creativeId: b,
        momentType: "close_game",
        sport: "nba",
        servedAtMs: at("2025-11-04T05:00:00Z"),
        costMicros: 13000n,
        clickedAtMs: at("2025-11-04T05:01:00Z"),
      },
    ];
    const seeded = await seedDelivery(campaign, events);
    await convert(campaign.id, seeded[2]!, "2025-11-02T06:45:00Z", 10); // Nov 2 01:45 EST
    await convert(campaign.id, seeded[1]!, "2025-11-03T12:00:00Z"); // Nov 3 07:00 EST
    await convert(campaign.id, seeded[4]!, "2025-11-04T05:00:00Z"); // Nov 4 00:00 EST: outside

    const query = { start_date: "2025-11-01", end_date: "2025-11-03", timezone: "America/New_York" };
    const { report, source: used } = await getCampaignReport(actor, campaign.id, query, { clock: NOW });
    expect(used).toBe("rollups");
    expect(report).toEqual({
      campaign_id: campaign.id,
      period: { start: "2025-11-01", end: "2025-11-03", timezone: "America/New_York" },
      totals: {
        impressions: 5,
        clicks: 4,
        ctr: 0.8,
        conversions: 2,
        spend_usd: 0.028,
        spend_micros: 28_000,
        average_cpm_paid_usd: 5.6,
        cost_per_conversion_usd: 0.014,
        cost_per_click_usd: 0.007,
        conversion_rate: 0.5,
        conversion_value_usd: 10,
        conversion_value_micros: 10_000_000,
        roas: 357.142857,
        as_of: "2026-01-01T00:00:00.000Z",
      },
    });

    const byDay = (await getCampaignReport(actor, campaign.id, { ...query, breakdown: "day" }, { clock: NOW })).report;
    expect(byDay.breakdown).toBe("day");
    expect(byDay.rows).toEqual([
      {
        key: "2025-11-01",
        impressions: 1,
        clicks: 2,
        ctr: 2,
        conversions: 0,
        spend_usd: 0.002,
        spend_micros: 2000,
        average_cpm_paid_usd: 2,
        cost_per_conversion_usd: null,
        cost_per_click_usd: 0.001,
        conversion_rate: 0,
        conversion_value_usd: 0,
        conversion_value_micros: 0,
        roas: 0,
      },
      {
        key: "2025-11-02",
        impressions: 3,
        clicks: 1,
        ctr: 0.333333,
        conversions: 1,
        spend_usd: 0.015,
        spend_micros: 15_000,
        average_cpm_paid_usd: 5,
        cost_per_conversion_usd: 0.015,
        cost_per_click_usd: 0.015,
        conversion_rate: 1,
        conversion_value_usd: 10,
        conversion_value_micros: 10_000_000,
        roas: 666.666667,
      },
      {
        key: "2025-11-03",
        impressions: 1,
        clicks: 1,
        ctr: 1,
        conversions: 1,
        spend_usd: 0.011,
        spend_micros: 11_000,
        average_cpm_paid_usd: 11,
        cost_per_conversion_usd: 0.011,
        cost_per_click_usd: 0.011,
        conversion_rate: 1,
        conversion_value_usd: 0,
        conversion_value_micros: 0,
        roas: 0,
      },
    ]);
    expectRowsSumToTotals(byDay);

    const byHour = (await getCampaignReport(actor, campaign.id, { ...query, breakdown: "hour_of_day" }, { clock: NOW }))
      .report;
    expect(byHour.rows).toHaveLength(24);
    expect(byHour.rows!.map((row) => row.key)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    expect(activeHours(byHour)).toEqual({
      0: [1, 3, 0, 0.002],
      1: [2, 1, 1, 0.008],
      7: [0, 0, 1, 0],
      23: [2, 0, 0, 0.018],
    });
    expectRowsSumToTotals(byHour);

    const byMoment = (
      await getCampaignReport(actor, campaign.id, { ...query, breakdown: "moment_type" }, { clock: NOW })
    ).report;
    expect(byMoment.rows!.map((row) => row.key)).toEqual(["overtime", "close_game"]);
    expect(rowsOf(byMoment)).toEqual({ close_game: [3, 3, 1, 0.02], overtime: [2, 1, 1, 0.008] });
    expectRowsSumToTotals(byMoment);

    const bySport = (await getCampaignReport(actor, campaign.id, { ...query, breakdown: "sport" }, { clock: NOW }))
      .report;
    expect(bySport.rows!.map((row) => row.key)).toEqual(["nba", "nfl"]);
    expect(rowsOf(bySport)).toEqual({ nba: [3, 2, 1, 0.018], nfl: [2, 2, 1, 0.01] });
    expectRowsSumToTotals(bySport);

    const byCreative = (
      await getCampaignReport(actor, campaign.id, { ...query, breakdown: "creative" }, { clock: NOW })
    ).report;
    expect(byCreative.rows!.map((row) => row.key)).toEqual([a, b]);
    expect(rowsOf(byCreative)).toEqual({ [a]: [3, 3, 1, 0.014], [b]: [2, 1, 1, 0.014] });
    expectRowsSumToTotals(byCreative);

    // E10 by day: same numbers, points at local midnights (in UTC)
    const daily = await getCampaignTimeseries(actor, campaign.id, query);
    expect(daily.source).toBe("rollups");
    expect(daily.series.series).toEqual([
      { ts: "2025-11-01T04:00:00Z", impressions: 1, clicks: 2, conversions: 0, spend_usd: 0.002 },
      { ts: "2025-11-02T04:00:00Z", impressions: 3, clicks: 1, conversions: 1, spend_usd: 0.015 },
      { ts: "2025-11-03T05:00:00Z", impressions: 1, clicks: 1, conversions: 1, spend_usd: 0.011 },
    ]);
    for (const breakdown of [undefined, ...BREAKDOWNS]) await expectPlansAgree(campaign.id, query, { breakdown });
    await expectPlansAgree(campaign.id, query, { granularity: "day" });

    // E10 by hour on the 25-hour day, from rollups, as from raw impressions
    const hourQuery = {
      start_date: "2025-11-02",
      end_date: "2025-11-02",
      timezone: "America/New_York",
      granularity: "hour",
    };
    const hourly = await getCampaignTimeseries(actor, campaign.id, hourQuery);
    expect(hourly.source).toBe("rollups");
    await expectPlansAgree(campaign.id, hourQuery, { granularity: "hour" });
    expect(hourly.series.granularity).toBe("hour");
    expect(hourly.series.series).toHaveLength(25);
    expect(hourly.series.series[0]!.ts).toBe("2025-11-02T04:00:00Z");
    expect(hourly.series.series.filter((point) => point.impressions || point.clicks)).toEqual([
      { ts: "2025-11-02T05:00:00Z", impressions: 1, clicks: 0, conversions: 0, spend_usd: 0.003 }, // 01:00 EDT
      { ts: "2025-11-02T06:00:00Z", impressions: 1, clicks: 1, conversions: 1, spend_usd: 0.005 }, // 01:00 EST
      { ts: "2025-11-03T04:00:00Z", impressions: 1, clicks: 0, conversions: 0, spend_usd: 0.007 }, // 23:00 EST
    ]);
  });
});

describe("E9/E10 in America/New_York across the March DST change", () => {
  it("has a 23-hour day without 2 AM", async () => {
    const { campaign, actor } = await setup();
    await seedDelivery(campaign, [
      { servedAtMs: at("2025-03-09T06:59:59Z"), costMicros: 2000n }, // 01:59:59 EST
      { servedAtMs: at("2025-03-09T07:00:00Z"), costMicros: 3000n, clickedAtMs: at("2025-03-09T07:30:00Z") }, // 03:00 EDT
      { servedAtMs: at("2025-03-10T03:59:00Z"), costMicros: 4000n }, // 23:59 EDT
      { servedAtMs: at("2025-03-10T04:00:00Z"), costMicros: 5000n }, // Mar 10, outside
    ]);
    const query = { start_date: "2025-03-09", end_date: "2025-03-09", timezone: "America/New_York" };
    const { report } = await getCampaignReport(
      actor,
      campaign.id,
      { ...query, breakdown: "hour_of_day" },
      { clock: NOW },
    );
    expect(report.totals).toMatchObject({ impressions: 3, clicks: 1, spend_usd: 0.009, average_cpm_paid_usd: 3 });
    expect(report.rows!.filter((row) => row.impressions).map((row) => [row.key, row.impressions, row.clicks])).toEqual([
      [1, 1, 0],
      [3, 1, 1],
      [23, 1, 0],
    ]);
    expect(report.rows![2]).toEqual({
      key: 2,
      impressions: 0,
      clicks: 0,
      ctr: 0,
      conversions: 0,
      spend_usd: 0,
      spend_micros: 0,
      average_cpm_paid_usd: 0,
      cost_per_conversion_usd: null,
      cost_per_click_usd: null,
      conversion_rate: null,
      conversion_value_usd: 0,
      conversion_value_micros: 0,
      roas: null,
    });
    await expectPlansAgree(campaign.id, query, { breakdown: "hour_of_day" });
    const hourly = await getCampaignTimeseries(actor, campaign.id, { ...query, granularity: "hour" });
    expect(hourly.series.series).toHaveLength(23);
    expect(hourly.series.series.map((point) => point.ts).slice(0, 3)).toEqual([
      "2025-03-09T05:00:00Z",
      "2025-03-09T06:00:00Z",
      "2025-03-09T07:00:00Z",
    ]);
    expect(hourly.series.series[2]).toEqual({
      ts: "2025-03-09T07:00:00Z",
      impressions: 1,
      clicks: 1,
      conversions: 0,
      spend_usd: 0.003,
    });
  });
});

describe("E9/E10 in Asia/Kolkata (+05:30)", () => {
  it("splits UTC hours between local hours and days at minute 30, from the rollups' quarter-hour counts", async () => {
    const { campaign, actor, a } = await setup();
    const seeded = await seedDelivery(campaign, [
      { servedAtMs: at("2025-06-09T18:29:59Z"), costMicros: 1000n }, // Jun 9 23:59:59 IST, outside
      {
        creativeId: a,
        servedAtMs: at("2025-06-09T18:30:00Z"),
        costMicros: 2000n,
        clickedAtMs: at("2025-06-09T19:00:00Z"),
      }, // Jun 10 00:00, clicked 00:30
      { servedAtMs: at("2025-06-10T04:29:00Z"), costMicros: 3000n }, // 09:59
      { servedAtMs: at("2025-06-10T04:30:00Z"), costMicros: 5000n }, // 10:00, same UTC hour as the previous
      { servedAtMs: at("2025-06-10T18:29:00Z"), costMicros: 7000n, clickedAtMs: at("2025-06-10T18:31:00Z") }, // 23:59, clicked Jun 11 00:01
      { servedAtMs: at("2025-06-10T18:30:00Z"), costMicros: 11000n }, // Jun 11 00:00, same UTC hour as the previous
      { servedAtMs: at("2025-06-11T18:30:00Z"), costMicros: 13000n }, // Jun 12, outside
    ]);
    await convert(campaign.id, seeded[1]!, "2025-06-11T18:29:59Z", 4.5); // Jun 11 23:59:59 IST
    const query = { start_date: "2025-06-10", end_date: "2025-06-11", timezone: "Asia/Kolkata" };

    const { report, source } = await getCampaignReport(actor, campaign.id, query, { clock: NOW });
    // the range starts and ends at 18:30 UTC: the first and last UTC hours count half
    expect(source).toBe("rollups");
    expect(report.totals).toEqual({
      impressions: 5,
      clicks: 2,
      ctr: 0.4,
      conversions: 1,
      spend_usd: 0.028,
      spend_micros: 28_000,
      average_cpm_paid_usd: 5.6,
      cost_per_conversion_usd: 0.028,
      cost_per_click_usd: 0.014,
      conversion_rate: 0.5,
      conversion_value_usd: 4.5,
      conversion_value_micros: 4_500_000,
      roas: 160.714286,
      as_of: "2026-01-01T00:00:00.000Z",
    });
    await expectPlansAgree(campaign.id, query, {});

    const byDay = await getCampaignReport(actor, campaign.id, { ...query, breakdown: "day" });
    expect(byDay.source).toBe("rollups");
    expect(rowsOf(byDay.report)).toEqual({ "2025-06-10": [4, 1, 0, 0.017], "2025-06-11": [1, 1, 1, 0.011] });
    expectRowsSumToTotals(byDay.report);
    await expectPlansAgree(campaign.id, query, { breakdown: "day" });

    const hourResult = await getCampaignReport(
      actor,
      campaign.id,
      { ...query, breakdown: "hour_of_day" },
      { clock: NOW },
    );
    // every UTC hour holds the end of one local hour and the start of the next
    expect(hourResult.source).toBe("rollups");
    await expectPlansAgree(campaign.id, query, { breakdown: "hour_of_day" });
    const byHour = hourResult.report;
    expect(activeHours(byHour)).toEqual({
      0: [2, 2, 0, 0.013],
      9: [1, 0, 0, 0.003],
      10: [1, 0, 0, 0.005],
      23: [1, 0, 1, 0.007],
    });
    expectRowsSumToTotals(byHour);

    const bySport = (await getCampaignReport(actor, campaign.id, { ...query, breakdown: "sport" })).report;
    expect(rowsOf(bySport)).toEqual({ nba: [5, 2, 1, 0.028], nfl: [0, 0, 0, 0] });

    const daily = await getCampaignTimeseries(actor, campaign.id, query);
    expect(daily.source).toBe("rollups");
    expect(daily.series.series).toEqual([
      { ts: "2025-06-09T18:30:00Z", impressions: 4, clicks: 1, conversions: 0, spend_usd: 0.017 },
      { ts: "2025-06-10T18:30:00Z", impressions: 1, clicks: 1, conversions: 1, spend_usd: 0.011 },
    ]);
    const hourly = await getCampaignTimeseries(actor, campaign.id, { ...query, granularity: "hour" });
    expect(hourly.source).toBe("rollups");
    await expectPlansAgree(campaign.id, query, { granularity: "hour" });
    expect(hourly.series.series).toHaveLength(48);
    expect(hourly.series.series.filter((point) => point.impressions || point.clicks)).toEqual([
      { ts: "2025-06-09T18:30:00Z", impressions: 1, clicks: 1, conversions: 0, spend_usd: 0.002 },
      { ts: "2025-06-10T03:30:00Z", impressions: 1, clicks: 0, conversions: 0, spend_usd: 0.003 },
      { ts: "2025-06-10T04:30:00Z", impressions: 1, clicks: 0, conversions: 0, spend_usd: 0.005 },
      { ts: "2025-06-10T17:30:00Z", impressions: 1, clicks: 0, conversions: 0, spend_usd: 0.007 },
      { ts: "2025-06-10T18:30:00Z", impressions: 1, clicks: 1, conversions: 0, spend_usd: 0.011 },
    ]);
  });

  for (const { zone, offset, before, after } of [
    { zone: "Asia/Kathmandu", offset: "+05:45", before: "2025-01-01T04:14:59Z", after: "2025-01-01T04:15:00Z" },
    { zone: "Australia/Eucla", offset: "+08:45", before: "2025-01-01T01:14:59Z", after: "2025-01-01T01:15:00Z" },
  ]) {
    it(`${zone} (${offset}) splits at a quarter past the UTC hour, from rollups as from raw rows`, async () => {
      const { campaign, actor } = await setup();
      const seeded = await seedDelivery(campaign, [
        { servedAtMs: at(before), costMicros: 1000n, clickedAtMs: at(before) + 1000 }, // 09:59:59 local, clicked 10:00:00
        { servedAtMs: at(after), costMicros: 2000n }, // 10:00 local
        { servedAtMs: at(after) + 45 * 60_000, costMicros: 4000n }, // 10:45 local, the next UTC hour's first quarter
        { servedAtMs: at(after) - 10 * 3_600_000, costMicros: 8000n }, // midnight local: the first instant of the range
        { servedAtMs: at(after) - 10 * 3_600_000 - 1, costMicros: 16000n }, // the day before, outside
      ]);
      await convert(campaign.id, seeded[0]!, after); // recorded 10:00 local
      const query = { start_date: "2025-01-01", end_date: "2025-01-01", timezone: zone };
      const { report, source } = await getCampaignReport(actor, campaign.id, { ...query, breakdown: "hour_of_day" });
      expect(source).toBe("rollups");
      expect(rowsOf(report)).toMatchObject({
        0: [1, 0, 0, 0.008],
        9: [1, 0, 0, 0.001],
        10: [2, 1, 1, 0.006],
      });
      expect(report.totals).toMatchObject({ impressions: 4, clicks: 1, conversions: 1, spend_usd: 0.015 });
      for (const breakdown of [undefined, ...BREAKDOWNS]) await expectPlansAgree(campaign.id, query, { breakdown });
      for (const granularity of ["day", "hour"] as const) {
        expect((await getCampaignTimeseries(actor, campaign.id, { ...query, granularity })).source).toBe("rollups");
        await expectPlansAgree(campaign.id, query, { granularity });
      }
    });
  }
});

// ---------------------------------------------------------------- offset changes at half past the UTC hour

describe("an offset change at :30 UTC (both parts of the cut hour in one local hour)", () => {
  for (const { zone, change, start, end } of [
    // Adelaide falls back 03:00 ACDT -> 02:00 ACST at 16:30 UTC; St John's 02:00 NDT -> 01:00 NST at 04:30 UTC
    { zone: "Australia/Adelaide", change: "2025-04-05T16:30:00Z", start: "2025-04-05", end: "2025-04-07" },
    { zone: "America/St_Johns", change: "2025-11-02T04:30:00Z", start: "2025-11-01", end: "2025-11-03" },
    // Lord Howe falls back half an hour (02:00 -> 01:30) at 15:00 UTC
    { zone: "Australia/Lord_Howe", change: "2025-04-05T15:00:00Z", start: "2025-04-05", end: "2025-04-07" },
  ]) {
    it(`${zone}: hours of day and the hour series from rollups equal the raw rows around ${change}`, async () => {
      const { campaign, actor } = await setup();
      const changeMs = at(change);
      // every 7 minutes from 3 h before to 3 h after the change, a click on every third
      await seedDelivery(
        campaign,
        Array.from({ length: 52 }, (_, index) => {
          const servedAtMs = changeMs - 3 * 3_600_000 + index * 7 * 60_000;
          return {
            servedAtMs,
            costMicros: BigInt(1000 + index),
            clickedAtMs: index % 3 ? undefined : servedAtMs + 60_000,
          };
        }),
      );
      const query = { start_date: start, end_date: end, timezone: zone };
      const byHour = await getCampaignReport(
        actor,
        campaign.id,
        { ...query, breakdown: "hour_of_day" },
        { clock: NOW },
      );
      expect(byHour.source).toBe("rollups");
      await expectPlansAgree(campaign.id, query, { breakdown: "hour_of_day" });
      expect(byHour.report.totals.impressions).toBe(52);
      expect((await getCampaignTimeseries(actor, campaign.id, { ...query, granularity: "hour" })).source).toBe(
        "rollups",
      );
      await expectPlansAgree(campaign.id, query, { granularity: "hour" });
    });
  }
});

// ---------------------------------------------------------------- randomized cross-check

describe("randomized events: every zone, breakdown and source agrees with a brute-force count", () => {
  it("matches luxon-computed expectations; rows sum to totals; E10 sums equal E9", async () => {
    const { campaign, actor, a, b } = await setup();
    const { next: random, pick } = createRng(20251102);
    const from = at("2025-10-28T00:00:00Z");
    const span = 10 * 86_400_000;
    const events: SeedImpression[] = Array.from({ length: 400 }, () => {
      const servedAtMs = from + Math.floor(random() * span);
      return {
        creativeId: pick([a, b]),
        momentType: pick(["close_game", "overtime"]),
        sport: pick(["nba", "nfl"]),
        // a region, or none (the breakdown's unknown)
        region: pick(["US-NJ", "US-PA", "CA-ON", "US", null]),
        servedAtMs,
        costMicros: BigInt(1 + Math.floor(random() * 5000)),
        clickedAtMs: random() < 0.3 ? servedAtMs + Math.floor(random() * 3 * 3_600_000) : undefined,
      };
    });
    const seeded = await seedDelivery(campaign, events);
    const conversions: { row: SeededImpression; atMs: number }[] = [];
    for (const row of seeded.filter((entry) => entry.clickedAtMs !== undefined).slice(0, 40)) {
      const atMs = row.clickedAtMs! + Math.floor(random() * 48 * 3_600_000);
      await recordPostback(
        { campaign_id: campaign.id, click_id: row.clickId, event_type: "install" },
        { clock: () => atMs },
      );
      conversions.push({ row, atMs });
    }

    const zones = [
      "UTC",
      "America/New_York",
      "America/Los_Angeles",
      "Europe/London",
      "Asia/Tokyo",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Australia/Eucla",
      "Australia/Adelaide",
      "Australia/Lord_Howe",
    ];
    for (const zone of zones) {
      const query = { start_date: "2025-10-30", end_date: "2025-11-05", timezone: zone };
      const local = (ms: number) => DateTime.fromMillis(ms, { zone });
      const inRange = (ms: number) => {
        const date = local(ms).toISODate()!;
        return date >= query.start_date && date <= query.end_date;
      };
      type Key = (row: SeededImpression, ms: number) => string | number;
      const keyOf: Record<(typeof BREAKDOWNS)[number], Key> = {
        day: (_row, ms) => local(ms).toISODate()!,
        hour_of_day: (_row, ms) => local(ms).hour,
        moment_type: (row) => row.momentType,
        sport: (row) => row.sport,
        creative: (row) => row.creativeId,
        region: (row) => row.region ?? "unknown",
      };
      for (const breakdown of BREAKDOWNS) {
        const expected = new Map<string | number, number[]>();
        const add = (key: string | number, index: number, amount: number) => {
          const entry = expected.get(key) ?? [0, 0, 0, 0];
          entry[index]! += amount;
          expected.set(key, entry);
        };
        for (const row of seeded) {
          if (inRange(row.servedAtMs)) {
            add(keyOf[breakdown](row, row.servedAtMs), 0, 1);
            add(keyOf[breakdown](row, row.servedAtMs), 3, Number(row.costMicros));
          }
          if (row.clickedAtMs !== undefined && inRange(row.clickedAtMs))
            add(keyOf[breakdown](row, row.clickedAtMs), 1, 1);
        }
        for (const { row, atMs } of conversions) if (inRange(atMs)) add(keyOf[breakdown](row, atMs), 2, 1);

        const { report } = await getCampaignReport(actor, campaign.id, { ...query, breakdown }, { clock: NOW });
        const actual = new Map(
          report
            .rows!.filter((row) => row.impressions || row.clicks || row.conversions)
            .map((row) => [row.key, [row.impressions, row.clicks, row.conversions, Math.round(row.spend_usd * 1e6)]]),
        );
        expect(actual, `${zone} ${breakdown}`).toEqual(expected);
        expectRowsSumToTotals(report);
        // every zone is answered from the rollups: the raw rows, the other plan, read the same numbers
        await expectPlansAgree(campaign.id, query, { breakdown });
      }

      const { report } = await getCampaignReport(actor, campaign.id, query);
      for (const granularity of ["day", "hour"] as const) {
        const { series } = await getCampaignTimeseries(actor, campaign.id, { ...query, granularity });
        await expectPlansAgree(campaign.id, query, { granularity });
        const sum = (field: "impressions" | "clicks") =>
          series.series.reduce((total, point) => total + point[field], 0);
        expect(sum("impressions"), `${zone} ${granularity}`).toBe(report.totals.impressions);
        expect(sum("clicks"), `${zone} ${granularity}`).toBe(report.totals.clicks);
        expect(series.series.reduce((total, point) => total + Math.round(point.spend_usd * 1e6), 0)).toBe(
          Math.round(report.totals.spend_usd * 1e6),
        );
      }
    }
  }, 60_000);
});

describe("region breakdown in every time zone the reports offer", () => {
  it("equals the raw rows and a brute-force count per region (unknown for decisions without one)", async () => {
    const { campaign, actor, a } = await setup();
    const { next: random, pick } = createRng(39);
    const from = at("2025-10-30T00:00:00Z");
    const span = 8 * 86_400_000;
    const events: SeedImpression[] = Array.from({ length: 150 }, () => {
      const servedAtMs = from + Math.floor(random() * span);
      return {
        creativeId: a,
        region: pick(["US-NJ", "US-NY", "CA-ON", "CA-QC", null]),
        servedAtMs,
        costMicros: BigInt(1 + Math.floor(random() * 5000)),
        clickedAtMs: random() < 0.3 ? servedAtMs + Math.floor(random() * 3 * 3_600_000) : undefined,
      };
    });
    const seeded = await seedDelivery(campaign, events);
    // the dashboard's list (components/reports/time-zones.ts): UTC, then every IANA zone @vvo/tzdb names
    const zones = ["UTC", ...timeZonesNames.filter((zone) => zone !== "UTC")];
    for (const zone of zones) {
      const query = { start_date: "2025-11-01", end_date: "2025-11-04", timezone: zone };
      const inRange = (ms: number) => {
        const date = DateTime.fromMillis(ms, { zone }).toISODate()!;
        return date >= query.start_date && date <= query.end_date;
      };
      const expected = new Map<string, [number, number]>();
      for (const row of seeded) {
        const key = row.region ?? "unknown";
        const entry = expected.get(key) ?? [0, 0];
        if (inRange(row.servedAtMs)) entry[0] += 1;
        if (row.clickedAtMs !== undefined && inRange(row.clickedAtMs)) entry[1] += 1;
        if (entry[0] || entry[1]) expected.set(key, entry);
      }
      await expectPlansAgree(campaign.id, query, { breakdown: "region" });
      const { report } = await getCampaignReport(actor, campaign.id, { ...query, breakdown: "region" }, { clock: NOW });
      expect(
        new Map(report.rows!.map((row) => [row.key as string, [row.impressions, row.clicks] as [number, number]])),
        zone,
      ).toEqual(expected);
      expect(report.rows!.at(-1)?.key, zone).toBe("unknown");
      expectRowsSumToTotals(report);
    }
  }, 120_000);
});

describe("E11 creative performance", () => {
  it("sums the creative's delivery and gives its traffic share; another advertiser's creative is 404", async () => {
    const { campaign, actor, a, b } = await setup();
    const seeded = await seedDelivery(campaign, [
      {
        creativeId: a,
        servedAtMs: at("2025-05-01T10:00:00Z"),
        costMicros: 2500n,
        clickedAtMs: at("2025-05-01T10:01:00Z"),
      },
      { creativeId: a, servedAtMs: at("2025-05-03T10:00:00Z"), costMicros: 2500n },
      { creativeId: a, servedAtMs: at("2025-05-04T10:00:00Z"), costMicros: 2500n },
      {
        creativeId: b,
        servedAtMs: at("2025-05-04T11:00:00Z"),
        costMicros: 9000n,
        clickedAtMs: at("2025-05-04T11:00:01Z"),
      },
    ]);
    await convert(campaign.id, seeded[0]!, "2025-05-02T00:00:00Z", 20);
    expect(await getCreativePerformance(actor, a)).toEqual({
      creative_id: a,
      impressions: 3,
      clicks: 1,
      ctr: 0.333333,
      conversions: 1,
      spend_usd: 0.0075,
      traffic_allocation: 0.5,
    });
    expect(await getCreativePerformance(actor, b)).toMatchObject({
      impressions: 1,
      clicks: 1,
      ctr: 1,
      conversions: 0,
      spend_usd: 0.009,
      traffic_allocation: 0.5,
    });

    const stranger = await createTestAdvertiser();
    const strangerActor = actorFor(stranger.advertiserId, ["reporting:read"]);
    await expect(getCreativePerformance(strangerActor, a)).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(getCreativePerformance(actor, "cr_nope")).rejects.toMatchObject({ code: "not_found" });
  });
});
