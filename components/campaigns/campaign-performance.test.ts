// The campaign list's money cells: a dash (never 0 or Infinity) for a rate without its
// denominator, CTR included; a change only where there is a figure now, "none before" where the
// previous period had none.
import { describe, expect, it } from "vitest";
import { figureChange, NO_FIGURES, PERFORMANCE_COLUMNS, sortByColumn, type Figures } from "./campaign-performance";

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

describe("sorting the page's campaigns by a money column", () => {
  const page = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
  const figures = new Map<string, Figures>([
    ["a", { ...delivered, spendUsd: "1.5", costPerClickUsd: "0.15" }],
    ["b", { ...delivered, spendUsd: "12", costPerClickUsd: null }],
    ["c", { ...delivered, spendUsd: "3.25", costPerClickUsd: "0.05" }],
    // d has no row: nothing delivered
  ]);
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

  it("orders by the figure, largest first or smallest first", () => {
    expect(ids(sortByColumn(page, figures, column("spend"), "descending"))).toEqual(["b", "c", "a", "d"]);
    expect(ids(sortByColumn(page, figures, column("spend"), "ascending"))).toEqual(["d", "a", "c", "b"]);
  });

  it("puts a campaign without the figure (a dash) last either way, ties in the list's order", () => {
    expect(ids(sortByColumn(page, figures, column("cpc"), "ascending"))).toEqual(["c", "a", "b", "d"]);
    expect(ids(sortByColumn(page, figures, column("cpc"), "descending"))).toEqual(["a", "c", "b", "d"]);
    expect(ids(sortByColumn(page, figures, column("clicks"), "descending"))).toEqual(["a", "b", "c", "d"]);
  });
});
