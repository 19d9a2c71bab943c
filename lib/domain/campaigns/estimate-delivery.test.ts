import { describe, expect, it } from "vitest";
import { estimateFromHistory } from "./estimate-delivery";

describe("estimateFromHistory", () => {
  it("divides by the days of history", () => {
    expect(
      estimateFromHistory({
        wins: 84,
        cpmSumMicros: 74_900_000n,
        days: 7,
        dailyBudgetMicros: 5_000_000n,
        totalBudgetMicros: 10_000_000n,
      }),
    ).toEqual({
      dailyImpressions: 12,
      dailySpendMicros: 10_700n,
    });
    expect(
      estimateFromHistory({
        wins: 10,
        cpmSumMicros: 10_000_000n,
        days: 2,
        dailyBudgetMicros: 5_000_000n,
        totalBudgetMicros: 10_000_000n,
      }),
    ).toEqual({
      dailyImpressions: 5,
      dailySpendMicros: 5_000n,
    });
  });

  it("caps spend at the daily budget and scales impressions with it", () => {
    // 70,000 wins a day at a 1.00 CPM = 70 USD a day; a 7 USD budget buys a tenth
    expect(
      estimateFromHistory({
        wins: 490_000,
        cpmSumMicros: 490_000_000_000n,
        days: 7,
        dailyBudgetMicros: 7_000_000n,
        totalBudgetMicros: 100_000_000n,
      }),
    ).toEqual({
      dailyImpressions: 7_000,
      dailySpendMicros: 7_000_000n,
    });
  });

  it("caps at the total budget when it is smaller than the daily budget", () => {
    expect(
      estimateFromHistory({
        wins: 70_000,
        cpmSumMicros: 70_000_000_000n,
        days: 1,
        dailyBudgetMicros: 50_000_000n,
        totalBudgetMicros: 10_000_000n,
      }),
    ).toEqual({
      dailyImpressions: 10_000,
      dailySpendMicros: 10_000_000n,
    });
  });

  it("is zero without wins", () => {
    expect(
      estimateFromHistory({
        wins: 0,
        cpmSumMicros: 0n,
        days: 7,
        dailyBudgetMicros: 5_000_000n,
        totalBudgetMicros: 10_000_000n,
      }),
    ).toEqual({
      dailyImpressions: 0,
      dailySpendMicros: 0n,
    });
  });
});
