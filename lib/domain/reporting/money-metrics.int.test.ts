// both databases: reporting plans
// The money columns (cost per click, cost per conversion, conversion rate, conversion value, ROAS:
// docs/decisions/1235) against the recorded rows: the expectations are summed here from the raw
// impressions, clicks and conversions the service stored (filtered by local date with luxon, not by the
// service's SQL), and divided in floating point, exact to the micro-dollar; on both plans (a whole-hour
// zone answered from rollups, a +05:30 zone from the rollups' quarter-hour counts, a range the raw rows
// answer) and on both databases (the integration project runs on SQLite and on PostgreSQL).
import { describe, expect, it } from "vitest";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { fromRecordedRows, moneyOf, seeded } from "@/test/money-rows";
import { getAdvertiserReport, getCampaignReport } from "@/test/reports";
import { reportRequest } from "./get-campaign-report";
import { loadFromRawRows, loadFromRollups, type MetricRow } from "./load-metrics";
import { planSources } from "./source-plan";
import { ZoneCalendar } from "./zone-calendar";

const NOW = () => Date.parse("2026-01-01T00:00:00Z");

const MONEY_KEYS = [
  "impressions",
  "clicks",
  "conversions",
  "spend_micros",
  "spend_usd",
  "cost_per_click_usd",
  "cost_per_conversion_usd",
  "conversion_rate",
  "conversion_value_usd",
  "conversion_value_micros",
  "roas",
] as const;
const pick = (row: Record<string, unknown>) => Object.fromEntries(MONEY_KEYS.map((key) => [key, row[key]]));

describe("money columns against the recorded rows", () => {
  it.each([
    ["UTC", "2025-11-02", "2025-11-05"],
    ["Asia/Kolkata", "2025-11-02", "2025-11-05"],
    ["America/New_York", "2025-11-01", "2025-11-06"],
  ])("E9 totals and daily rows in %s, %s..%s, exact to the micro-dollar", async (zone, start, end) => {
    const adv = await createTestAdvertiser();
    const campaign = await seeded(adv.advertiserId, 4242);
    const actor = actorFor(adv.advertiserId, ["reporting:read"]);
    const query = { start_date: start, end_date: end, timezone: zone, breakdown: "day" };
    const { report, source } = await getCampaignReport(actor, campaign.id, query, { clock: NOW });
    expect(source).toBe("rollups");

    const totals = await fromRecordedRows([campaign.id], zone, start, end);
    expect(totals.conversions, "the data has conversions").toBeGreaterThan(3);
    expect(totals.conversion_value_micros).toBeGreaterThan(0);
    expect(pick(report.totals)).toEqual({ ...totals, ...moneyOf(totals) });
    for (const row of report.rows!) {
      const day = await fromRecordedRows([campaign.id], zone, String(row.key), String(row.key));
      expect(pick(row), String(row.key)).toEqual({ ...day, ...moneyOf(day) });
    }
  });

  it.each(["day", "hour_of_day", "creative"] as const)(
    "reads the same conversion values from both plans by %s in Asia/Kathmandu (+05:45)",
    async (breakdown) => {
      const adv = await createTestAdvertiser();
      const campaign = await seeded(adv.advertiserId, 77);
      const calendar = ZoneCalendar.forDates("Asia/Kathmandu", "2025-11-01", "2025-11-06");
      const { request, timeKey } = reportRequest({ campaignId: campaign.id }, calendar, breakdown);
      const plan = planSources(calendar, timeKey);
      expect(plan.kind).toBe("rollups");
      const byKey = (rows: MetricRow[]) =>
        rows
          .map((row) => `${row.time}|${row.key}|${row.conversions}|${row.conversionValueMicros}|${row.spendMicros}`)
          .sort();
      const fromRollups = byKey(await loadFromRollups(request, plan.kind === "rollups" ? plan.splits : []));
      expect(fromRollups).toEqual(byKey(await loadFromRawRows(request)));
      const values = await fromRecordedRows([campaign.id], "Asia/Kathmandu", "2025-11-01", "2025-11-06");
      const summed = (await loadFromRollups(request, plan.kind === "rollups" ? plan.splits : [])).reduce(
        (sum, row) => sum + Number(row.conversionValueMicros),
        0,
      );
      expect(summed).toBe(values.conversion_value_micros);
    },
  );

  it("the all-campaigns report's campaign rows and totals, and null (not 0) without a denominator", async () => {
    const adv = await createTestAdvertiser();
    const [first, second] = [await seeded(adv.advertiserId, 1), await seeded(adv.advertiserId, 2)];
    const actor = actorFor(adv.advertiserId, ["reporting:read"]);
    const query = {
      start_date: "2025-11-01",
      end_date: "2025-11-06",
      timezone: "Europe/London",
      breakdown: "campaign",
    };
    const view = await getAdvertiserReport(actor, query, { clock: NOW });
    const totals = await fromRecordedRows([first.id, second.id], "Europe/London", "2025-11-01", "2025-11-06");
    expect(pick(view.totals)).toEqual({ ...totals, ...moneyOf(totals) });
    for (const campaign of [first, second]) {
      const row = view.rows!.find((candidate) => candidate.key === campaign.id)!;
      const sums = await fromRecordedRows([campaign.id], "Europe/London", "2025-11-01", "2025-11-06");
      expect(pick(row)).toEqual({ ...sums, ...moneyOf(sums) });
    }
    // a day without delivery: every rate is null (shown as a dash), the value 0
    const idle = await getAdvertiserReport(
      actor,
      { start_date: "2025-12-01", end_date: "2025-12-01", breakdown: "day" },
      { clock: NOW },
    );
    expect(pick(idle.rows![0]!)).toEqual({
      impressions: 0,
      clicks: 0,
      conversions: 0,
      spend_micros: 0,
      spend_usd: 0,
      cost_per_click_usd: null,
      cost_per_conversion_usd: null,
      conversion_rate: null,
      conversion_value_usd: 0,
      conversion_value_micros: 0,
      roas: null,
    });
  });
});
