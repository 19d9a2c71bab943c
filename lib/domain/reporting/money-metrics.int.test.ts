// both databases: reporting plans
// The money columns (cost per click, cost per conversion, conversion rate, conversion value, ROAS:
// docs/decisions/1235) against the recorded rows: the expectations are summed here from the raw
// impressions, clicks and conversions the service stored (filtered by local date with luxon, not by the
// service's SQL), and divided in floating point, exact to the micro-dollar; on both plans (a whole-hour
// zone answered from rollups, a +05:30 zone from the rollups' quarter-hour counts, a range the raw rows
// answer) and on both databases (the integration project runs on SQLite and on PostgreSQL).
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { recordPostback } from "@/lib/domain/conversions/record-conversion";
import { createRng } from "@/lib/random";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery, type SeedImpression } from "@/test/factories/delivery";
import { getAdvertiserReport, getCampaignReport } from "@/test/reports";
import { reportRequest } from "./get-campaign-report";
import { loadFromRawRows, loadFromRollups, type MetricRow } from "./load-metrics";
import { planSources } from "./source-plan";
import { ZoneCalendar } from "./zone-calendar";

const at = (iso: string) => Date.parse(iso);
const NOW = () => at("2026-01-01T00:00:00Z");

type Expected = {
  impressions: number;
  clicks: number;
  conversions: number;
  spend_micros: number;
  conversion_value_micros: number;
};

/** What the rows the service recorded hold for these campaigns over local dates start..end in a zone. */
async function fromRecordedRows(campaignIds: string[], zone: string, start: string, end: string) {
  const localDate = (ms: bigint) => DateTime.fromMillis(Number(ms), { zone }).toISODate()!;
  const inRange = (ms: bigint) => localDate(ms) >= start && localDate(ms) <= end;
  const where = { campaignId: { in: campaignIds } };
  const [impressions, clicks, conversions] = await Promise.all([
    db().impression.findMany({ where, select: { servedAtMs: true, costMicros: true } }),
    db().click.findMany({ where, select: { clickedAtMs: true } }),
    db().conversion.findMany({ where, select: { recordedAtMs: true, eventValueMicros: true } }),
  ]);
  const served = impressions.filter((row) => inRange(BigInt(row.servedAtMs)));
  const converted = conversions.filter((row) => inRange(row.recordedAtMs));
  const sums: Expected = {
    impressions: served.length,
    clicks: clicks.filter((row) => inRange(BigInt(row.clickedAtMs))).length,
    conversions: converted.length,
    spend_micros: served.reduce((sum, row) => sum + Number(row.costMicros), 0),
    conversion_value_micros: converted.reduce((sum, row) => sum + Number(row.eventValueMicros ?? 0n), 0),
  };
  return sums;
}

/** The money columns of these sums, worked out in floating point (the service divides integers). */
function moneyOf(sums: Expected) {
  const usd = (micros: number) => Math.round(micros) / 1e6;
  const ratio = (a: number, b: number) => Math.round((a / b) * 1e6) / 1e6;
  return {
    spend_usd: usd(sums.spend_micros),
    cost_per_click_usd: sums.clicks ? usd(sums.spend_micros / sums.clicks) : null,
    cost_per_conversion_usd: sums.conversions ? usd(sums.spend_micros / sums.conversions) : null,
    conversion_rate: sums.clicks ? ratio(sums.conversions, sums.clicks) : null,
    conversion_value_usd: usd(sums.conversion_value_micros),
    conversion_value_micros: sums.conversion_value_micros,
    roas: sums.spend_micros ? ratio(sums.conversion_value_micros, sums.spend_micros) : null,
  };
}

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

/** A campaign with random delivery over Nov 1-6 2025, and conversions (some without a value) a few hours after their clicks. */
async function seeded(advertiserId: string, seed: number) {
  const campaign = await createTestCampaign({ advertiserId, creatives: [{}, {}] });
  const random = createRng(seed);
  const rng = () => random.next();
  const events: SeedImpression[] = [];
  for (let index = 0; index < 60; index++) {
    const servedAtMs = at("2025-11-01T00:00:00Z") + Math.floor(rng() * 6 * 86_400_000);
    events.push({
      creativeId: campaign.creatives[index % 2]!.id,
      servedAtMs,
      costMicros: BigInt(1000 + Math.floor(rng() * 9000)),
      ...(rng() < 0.4 ? { clickedAtMs: servedAtMs + 60_000 + Math.floor(rng() * 3_600_000) } : {}),
    });
  }
  const rows = await seedDelivery(campaign, events);
  for (const row of rows) {
    if (!row.clickedAtMs || rng() < 0.4) continue;
    // values with cents, and some conversions with none (they count 0 toward the value)
    const value = rng() < 0.25 ? undefined : Math.round(rng() * 20_000) / 100;
    const result = await recordPostback(
      { campaign_id: campaign.id, click_id: row.clickId, event_type: "purchase", event_value_usd: value },
      { clock: () => row.clickedAtMs! + Math.floor(rng() * 10 * 3_600_000) },
    );
    expect(result.status).toBe("recorded");
  }
  return campaign;
}

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
