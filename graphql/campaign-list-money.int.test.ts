// both databases: reporting plans
// The campaign list's money columns (issue 42, docs/decisions/1237) through the page's own
// GraphQL documents, on a real database (the integration project runs on SQLite and on
// PostgreSQL): every figure of every listed campaign, of the totals row and of the previous
// period's compare columns equals what the recorded rows sum to, exact to the micro-dollar; a
// campaign without delivery in the range has no row (the page shows zeros and dashes), and the
// totals come from the summed raw figures, not from the rows' ratios.
import { describe, expect, it } from "vitest";
import { CampaignListDocument, CampaignListPerformanceDocument } from "@/graphql/__generated__/client/graphql";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { gqlAs, sessionActorFor } from "@/test/graphql";
import { fromRecordedRows, moneyOf, seeded, type Expected } from "@/test/money-rows";
import { previousPeriod } from "@/lib/domain/reporting/reporting.schemas";

const NOW = () => Date.parse("2026-01-01T00:00:00Z");
const ZONE = "Europe/London";

type Row = {
  impressions: number;
  clicks: number;
  ctr: number;
  conversions: number;
  spendUsd: string;
  costPerClickUsd: string | null;
  costPerConversionUsd: string | null;
  conversionRate: number | null;
  conversionValueUsd: string;
  roas: number | null;
  campaign?: { id: string } | null;
};

const number = (value: string | null) => (value === null ? null : Number(value));

/** A row's figures as numbers (Money is a decimal string). */
function figures(row: Row) {
  return {
    impressions: row.impressions,
    clicks: row.clicks,
    ctr: row.ctr,
    conversions: row.conversions,
    spend: Number(row.spendUsd),
    costPerClick: number(row.costPerClickUsd),
    costPerConversion: number(row.costPerConversionUsd),
    conversionRate: row.conversionRate,
    conversionValue: Number(row.conversionValueUsd),
    roas: row.roas,
  };
}

/** What the raw rows' sums show, divided here in floating point. */
function expected(sums: Expected) {
  const money = moneyOf(sums);
  return {
    impressions: sums.impressions,
    clicks: sums.clicks,
    ctr: sums.impressions ? Math.round((sums.clicks / sums.impressions) * 1e6) / 1e6 : 0,
    conversions: sums.conversions,
    spend: money.spend_usd,
    costPerClick: money.cost_per_click_usd,
    costPerConversion: money.cost_per_conversion_usd,
    conversionRate: money.conversion_rate,
    conversionValue: money.conversion_value_usd,
    roas: money.roas,
  };
}

describe("the campaign list's money columns", () => {
  it("equal the recorded rows per campaign, in the totals and in the previous period, to the micro-dollar", async () => {
    const adv = await createTestAdvertiser();
    const first = await seeded(adv.advertiserId, 11);
    const second = await seeded(adv.advertiserId, 12);
    const idle = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Idle" });
    const actor = sessionActorFor(adv.advertiserId);

    const list = await gqlAs(actor, CampaignListDocument.toString(), { first: 20 }, { clock: NOW });
    expect(list.errors).toBeUndefined();
    const listed = (list.data.campaigns.nodes as { id: string; restId: string }[]).map((node) => node);
    expect(listed).toHaveLength(3);
    const globalId = (restId: string) => listed.find((node) => node.restId === restId)!.id;

    const [start, end] = ["2025-11-03", "2025-11-05"];
    const before = previousPeriod(start, end);
    expect(before).toEqual({ start: "2025-10-31", end: "2025-11-02" });
    const result = await gqlAs(
      actor,
      CampaignListPerformanceDocument.toString(),
      { start, end, tz: ZONE, previousStart: before.start, previousEnd: before.end, compare: true },
      { clock: NOW },
    );
    expect(result.errors).toBeUndefined();
    const { range, previous, trend } = result.data as {
      range: { totals: Row; rows: Row[] };
      previous: { totals: Row; rows: Row[] };
      trend: { rows: (Row & { key: string })[] };
    };

    for (const [period, report] of [
      [{ start, end }, range],
      [before, previous],
    ] as const) {
      for (const campaign of [first, second]) {
        const row = report.rows.find((candidate) => candidate.campaign?.id === globalId(campaign.id));
        const sums = await fromRecordedRows([campaign.id], ZONE, period.start, period.end);
        expect(sums.impressions, "the data has delivery in each period").toBeGreaterThan(0);
        expect(figures(row!), `${campaign.id} ${period.start}`).toEqual(expected(sums));
      }
      // the idle campaign, created after the range, has no row: the page shows zeros and dashes
      expect(report.rows.some((row) => row.campaign?.id === globalId(idle.id))).toBe(false);
      const all = await fromRecordedRows([first.id, second.id, idle.id], ZONE, period.start, period.end);
      expect(all.conversions, "the data has conversions").toBeGreaterThan(0);
      expect(figures(report.totals), `totals ${period.start}`).toEqual(expected(all));
    }
    // the trend: one row per local date of the range, each the raw rows of that day
    expect(trend.rows.map((row) => row.key)).toEqual(["2025-11-03", "2025-11-04", "2025-11-05"]);
    for (const row of trend.rows) {
      const day = await fromRecordedRows([first.id, second.id], ZONE, row.key, row.key);
      expect(figures(row), row.key).toEqual(expected(day));
    }
  });

  it("reads no previous period unless asked, and a day without delivery has no rate (null, shown as a dash)", async () => {
    const adv = await createTestAdvertiser();
    await seeded(adv.advertiserId, 13);
    const result = await gqlAs(
      sessionActorFor(adv.advertiserId, "usr_viewer", "viewer"),
      CampaignListPerformanceDocument.toString(),
      {
        start: "2025-12-01",
        end: "2025-12-01",
        tz: ZONE,
        previousStart: "2025-11-30",
        previousEnd: "2025-11-30",
        compare: false,
      },
      { clock: NOW },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data.previous).toBeUndefined();
    expect(figures(result.data.range.totals)).toEqual({
      impressions: 0,
      clicks: 0,
      ctr: 0,
      conversions: 0,
      spend: 0,
      costPerClick: null,
      costPerConversion: null,
      conversionRate: null,
      conversionValue: 0,
      roas: null,
    });
  });
});
