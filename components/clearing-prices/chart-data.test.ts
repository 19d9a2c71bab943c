import { describe, expect, it } from "vitest";
import { clearingPriceChartData, hasNoClearingPrices } from "./chart-data";

describe("clearingPriceChartData", () => {
  it("turns floors and percentiles into numbers, keeping missing percentiles null", () => {
    const bars = clearingPriceChartData(
      [
        {
          momentType: "CLOSE_GAME",
          floorCpmUsd: "4.00",
          clearingPriceP25Usd: "4.50",
          clearingPriceP50Usd: "5.25",
          clearingPriceP75Usd: "6.00",
          clearingPriceP90Usd: "7.10",
        },
        {
          momentType: "OVERTIME",
          floorCpmUsd: "3.00",
          clearingPriceP25Usd: null,
          clearingPriceP50Usd: null,
          clearingPriceP75Usd: null,
          clearingPriceP90Usd: null,
        },
      ],
      { CLOSE_GAME: "Close game" },
    );
    expect(bars).toEqual([
      { momentType: "CLOSE_GAME", label: "Close game", floor: 4, p25: 4.5, p50: 5.25, p75: 6, p90: 7.1 },
      { momentType: "OVERTIME", label: "OVERTIME", floor: 3, p25: null, p50: null, p75: null, p90: null },
    ]);
    expect(hasNoClearingPrices(bars)).toBe(false);
    expect(hasNoClearingPrices(bars.slice(1))).toBe(true);
  });
});
