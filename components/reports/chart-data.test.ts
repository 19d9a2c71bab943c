import { describe, expect, it } from "vitest";
import {
  breakdownChartData,
  dailyRowsChartData,
  moneyColumns,
  moneyStats,
  seriesChartData,
  variantName,
} from "./chart-data";

const names = {
  momentTypes: { CLOSE_GAME: "Close game", OVERTIME: "Overtime" },
  sports: { NBA: "NBA" },
};

describe("seriesChartData", () => {
  it("labels days and hours in the report's zone and turns money into numbers", () => {
    const points = [
      { ts: "2025-11-02T04:00:00.000Z", impressions: 3, clicks: 1, conversions: 1, spendUsd: "0.01" },
      { ts: "2025-11-03T05:00:00.000Z", impressions: 0, clicks: 0, conversions: 0, spendUsd: "0.00" },
    ];
    expect(seriesChartData(points, "DAY", "America/New_York")).toEqual([
      { ts: points[0]!.ts, label: "Nov 2", impressions: 3, clicks: 1, conversions: 1, spend: 0.01 },
      { ts: points[1]!.ts, label: "Nov 3", impressions: 0, clicks: 0, conversions: 0, spend: 0 },
    ]);
    const hourly = seriesChartData(
      [{ ts: "2025-11-02T06:00:00.000Z", impressions: 1, clicks: 1, conversions: 0, spendUsd: "0.005" }],
      "HOUR",
      "America/New_York",
    );
    expect(hourly[0]!.label).toBe("Nov 2, 01:00");
  });

  it("turns the all-campaigns report's days into the daily chart's points", () => {
    const row = { impressions: 4, clicks: 2, ctr: 0.5, conversions: 1, spendUsd: "0.02" };
    expect(dailyRowsChartData([{ key: "2025-11-30", ...row }])).toEqual([
      { ts: "2025-11-30", label: "Nov 30", impressions: 4, clicks: 2, conversions: 1, spend: 0.02 },
    ]);
  });
});

describe("breakdownChartData", () => {
  const row = { impressions: 2, clicks: 1, ctr: 0.5, conversions: 1, spendUsd: "0.008" };
  const money = {
    costPerClickUsd: "0.008",
    costPerConversionUsd: "0.008",
    conversionRate: 1,
    conversionValueUsd: "12.5",
    roas: 1562.5,
  };
  it("names moment types, sports, creatives and hours", () => {
    expect(breakdownChartData("MOMENT_TYPE", [{ key: "close_game", ...row, ...money }], names)).toEqual([
      {
        key: "close_game",
        label: "Close game",
        impressions: 2,
        clicks: 1,
        ctr: 0.5,
        conversions: 1,
        spend: 0.008,
        costPerClick: 0.008,
        costPerConversion: 0.008,
        conversionRate: 1,
        conversionValue: 12.5,
        roas: 1562.5,
      },
    ]);
    expect(breakdownChartData("SPORT", [{ key: "nba", ...row }], names)[0]!.label).toBe("NBA");
    expect(
      breakdownChartData(
        "CREATIVE",
        [{ key: "cr_1", ...row, creative: { variantLabel: "variant_b", headline: "Go" } }],
        names,
      )[0]!.label,
    ).toBe("Variant B: Go");
    expect(breakdownChartData("HOUR_OF_DAY", [{ key: "7", ...row }], names)[0]!.label).toBe("07:00");
    expect(breakdownChartData("DAY", [{ key: "2026-03-01", ...row }], names)[0]!.label).toBe("2026-03-01");
  });

  it("keeps a rate without its denominator null (a dash), never 0", () => {
    const none = {
      costPerClickUsd: null,
      costPerConversionUsd: null,
      conversionRate: null,
      conversionValueUsd: "0",
      roas: null,
    };
    const [bar] = breakdownChartData("SPORT", [{ key: "nba", ...row, clicks: 0, ...none }], names);
    expect(bar).toMatchObject({ costPerClick: null, costPerConversion: null, conversionRate: null, roas: null });
    expect(moneyStats(moneyColumns(none), null).map((stat) => stat.value)).toEqual(["—", "—", "—", "$0.00", "—"]);
  });

  it("keeps an unknown key as it is", () => {
    expect(breakdownChartData("SPORT", [{ key: "cricket", ...row }], names)[0]!.label).toBe("cricket");
    expect(variantName("other")).toBe("other");
  });
});
