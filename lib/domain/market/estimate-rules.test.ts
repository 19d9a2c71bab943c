import { describe, expect, it } from "vitest";
import {
  bandOf,
  estimateFromSample,
  gridPointMicros,
  roundToCents,
  roundToTwoSignificant,
  type EstimateSample,
} from "./estimate-rules";
import { isPublishable, MARKET_MIN_ADVERTISERS, MARKET_MIN_AUCTIONS } from "./market.schemas";

describe("the market sample rule", () => {
  it("needs 20 auctions won by 3 distinct advertisers", () => {
    expect([MARKET_MIN_AUCTIONS, MARKET_MIN_ADVERTISERS]).toEqual([20, 3]);
    expect(isPublishable({ auctions: 20, advertisers: 3 })).toBe(true);
    expect(isPublishable({ auctions: 19, advertisers: 3 })).toBe(false);
    expect(isPublishable({ auctions: 10_000, advertisers: 2 })).toBe(false);
    expect(isPublishable({ auctions: 0, advertisers: 0 })).toBe(false);
  });
});

describe("the price grid", () => {
  it("steps 5 % from 1 USD CPM, in whole micro-dollars", () => {
    expect([
      gridPointMicros(-1),
      gridPointMicros(0),
      gridPointMicros(1),
      gridPointMicros(14),
      gridPointMicros(15),
    ]).toEqual([952_381, 1_000_000, 1_050_000, 1_979_932, 2_078_928]);
  });

  it("puts every price in the band whose grid point is the largest at or below it", () => {
    expect(bandOf(1_000_000)).toBe(0);
    expect(bandOf(1_049_999)).toBe(0);
    expect(bandOf(1_050_000)).toBe(1);
    expect(bandOf(999_999)).toBe(-1);
    // bids of 2.00, 2.01 ... 2.07 share a band; 2.08 starts the next
    for (const cents of [200, 201, 205, 207]) expect(bandOf(cents * 10_000)).toBe(14);
    expect(bandOf(2_080_000)).toBe(15);
    // exact at every grid point from below the lowest floor to above the highest bid
    for (let band = -40; band <= 150; band++) {
      expect(bandOf(gridPointMicros(band))).toBe(band);
      expect(bandOf(gridPointMicros(band) - 1)).toBe(band - 1);
    }
    expect(() => bandOf(0)).toThrow(RangeError);
  });
});

describe("rounding", () => {
  it("rounds impressions to 2 significant digits", () => {
    expect([0, 0.4, 0.5, 7.5, 12.4, 99.4, 99.5, 123, 1249, 1250, 98_765].map(roundToTwoSignificant)).toEqual([
      0, 0, 1, 8, 12, 99, 100, 120, 1200, 1300, 99_000,
    ]);
  });

  it("rounds spend to whole cents, never above the cap", () => {
    expect(roundToCents(5_000, 1_000_000)).toBe(10_000);
    expect(roundToCents(4_999, 1_000_000)).toBe(0);
    expect(roundToCents(123_456, 1_000_000)).toBe(120_000);
    // a 5.555555 budget caps at 5.55, not 5.56
    expect(roundToCents(5_555_555, 5_555_555)).toBe(5_550_000);
  });
});

// A market of 7 days: 700 auctions clearing at 1.00-1.05 (band 0), 350 at 2.08-2.18
// (band 15), from 3 advertisers, and 140 nobody filled on a 0.35 floor.
const MARKET: EstimateSample = {
  auctions: 1050,
  advertisers: 3,
  filledByBand: [
    [0, 700],
    [15, 350],
  ],
  noFill: { count: 140, floorSumMicros: 140 * 350_000 },
  days: 7,
};
const budget = (bidUsd: number, dailyUsd = 50, totalUsd = 500) => ({
  bidCpmMicros: BigInt(Math.round(bidUsd * 1e6)),
  dailyBudgetMicros: BigInt(dailyUsd * 1e6),
  totalBudgetMicros: BigInt(totalUsd * 1e6),
});

describe("estimateFromSample", () => {
  it("wins the auctions of lower bands and the unfilled ones, priced at the band's upper edge, per day", () => {
    // 140 unfilled + 700 of band 0 = 840 / 7 = 120 a day;
    // (140 × 0.35 + 700 × 1.05) / 1000 / 7 = 0.112 USD a day -> 0.11
    expect(estimateFromSample(MARKET, budget(2))).toEqual({
      status: "estimated",
      dailyImpressions: 120,
      dailySpendMicros: 110_000n,
    });
    // 2.20 is in band 16: the 350 of band 15 too, at 2.182875: 1190 / 7 = 170 a day;
    // (49 + 735 + 350 × 2.182875) / 1000 / 7 = 0.2211 -> 0.22
    expect(estimateFromSample(MARKET, budget(2.2))).toEqual({
      status: "estimated",
      dailyImpressions: 170,
      dailySpendMicros: 220_000n,
    });
  });

  it("answers every bid of one band alike, and changes only at the grid's points", () => {
    const at = (bid: number) => estimateFromSample(MARKET, budget(bid));
    // 2.0789 is band 15's grid point: the clearing prices of band 15 (2.08-2.18) are not won below 2.182875
    for (const bid of [1.98, 2, 2.05, 2.0789, 2.1, 2.18]) expect(at(bid), String(bid)).toEqual(at(2));
    expect(at(2.182875)).toEqual(at(2.2));
    expect(at(1.05)).toEqual(at(1.9));
    // below band 0's upper edge only the unfilled moments are won: 140 / 7 = 20; 49 / 7000 = 0.007 -> 0.01
    expect(at(1.0499)).toEqual({ status: "estimated", dailyImpressions: 20, dailySpendMicros: 10_000n });
  });

  it("divides by the days of history", () => {
    expect(estimateFromSample({ ...MARKET, days: 3.5 }, budget(2))).toEqual({
      status: "estimated",
      dailyImpressions: 240,
      dailySpendMicros: 220_000n,
    });
  });

  it("caps spend at the daily budget and scales impressions with it", () => {
    // 0.2211 a day uncapped; a 0.10 budget buys 170 × 0.10 / 0.2211 = 76.9 -> 77 impressions
    expect(estimateFromSample(MARKET, budget(2.2, 0.1))).toEqual({
      status: "estimated",
      dailyImpressions: 77,
      dailySpendMicros: 100_000n,
    });
  });

  it("caps at the total budget when it is smaller than the daily budget", () => {
    expect(estimateFromSample(MARKET, budget(2.2, 50, 0.05))).toEqual({
      status: "estimated",
      dailyImpressions: 38,
      dailySpendMicros: 50_000n,
    });
  });

  it("is an estimated 0 in a qualifying market that nothing at this bid would win", () => {
    const filledOnly = { ...MARKET, noFill: { count: 0, floorSumMicros: 0 } };
    expect(estimateFromSample(filledOnly, budget(1))).toEqual({
      status: "estimated",
      dailyImpressions: 0,
      dailySpendMicros: 0n,
    });
  });

  it("withholds both figures when the sample is too small, unfilled auctions included", () => {
    const withheld = { status: "insufficient_volume", dailyImpressions: 0, dailySpendMicros: 0n };
    expect(estimateFromSample({ ...MARKET, advertisers: 2 }, budget(5))).toEqual(withheld);
    expect(estimateFromSample({ ...MARKET, auctions: 19, filledByBand: [[0, 19]] }, budget(5))).toEqual(withheld);
    // thousands of unfilled moments do not make a sample of won auctions
    const unfilled = { ...MARKET, auctions: 0, advertisers: 0, filledByBand: [] };
    expect(
      estimateFromSample({ ...unfilled, noFill: { count: 5000, floorSumMicros: 5000 * 350_000 } }, budget(5)),
    ).toEqual(withheld);
  });
});
