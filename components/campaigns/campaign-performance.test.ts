// The campaign list's money cells: a dash (never 0 or Infinity) for a rate without its
// denominator, CTR included; a change only where there is a figure now, "none before" where the
// previous period had none.
import { describe, expect, it } from "vitest";
import { figureChange, NO_FIGURES, PERFORMANCE_COLUMNS, type Figures } from "./campaign-performance";

const column = (key: string) => PERFORMANCE_COLUMNS.find((candidate) => candidate.key === key)!;
const delivered: Figures = {
  impressions: 200,
  clicks: 10,
  ctr: 0.05,
  conversions: 2,
  spendUsd: "1.5",
  costPerClickUsd: "0.15",
  costPerConversionUsd: "0.75",
  conversionRate: 0.2,
  conversionValueUsd: "30",
  roas: 20,
};

describe("the campaign list's money cells", () => {
  it("shows a dash for every rate without its denominator, zeros for the sums", () => {
    const texts = Object.fromEntries(PERFORMANCE_COLUMNS.map((entry) => [entry.key, entry.text(NO_FIGURES)]));
    expect(texts).toEqual({
      impressions: "0",
      clicks: "0",
      ctr: "—",
      spend: "$0.00",
      conversions: "0",
      cpc: "—",
      "cost-per-conversion": "—",
      "conversion-rate": "—",
      "conversion-value": "$0.00",
      roas: "—",
    });
  });

  it("shows the report's figures as they are", () => {
    const texts = Object.fromEntries(PERFORMANCE_COLUMNS.map((entry) => [entry.key, entry.text(delivered)]));
    expect(texts).toEqual({
      impressions: "200",
      clicks: "10",
      ctr: "5.00%",
      spend: "$1.50",
      conversions: "2",
      cpc: "$0.15",
      "cost-per-conversion": "$0.75",
      "conversion-rate": "20.00%",
      "conversion-value": "$30.00",
      roas: "2,000%",
    });
  });

  it("compares with the previous period where there is a figure now", () => {
    const before = { ...delivered, impressions: 100, spendUsd: "3", costPerClickUsd: null };
    expect(figureChange(column("impressions"), delivered, before)).toBe("+100.0%");
    expect(figureChange(column("spend"), delivered, before)).toBe("−50.0%");
    expect(figureChange(column("cpc"), delivered, before)).toBe("none before");
    expect(figureChange(column("cpc"), NO_FIGURES, delivered)).toBeNull();
    expect(figureChange(column("clicks"), NO_FIGURES, NO_FIGURES)).toBe("no change");
  });
});
