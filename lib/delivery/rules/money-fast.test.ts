import fc from "fast-check";
import { describe, it } from "vitest";
import { impressionCostMicros, microsToUsd } from "@/lib/money";
import { impressionCost, microsToUsdNumber } from "./money-fast";

describe("hot-path money conversions agree with lib/money", () => {
  it("impression cost (CPM / 1000, half up) and micro-dollars to USD", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 53 - 1 }), (micros) => {
        return (
          BigInt(impressionCost(micros)) === impressionCostMicros(BigInt(micros)) &&
          microsToUsdNumber(micros) === microsToUsd(BigInt(micros))
        );
      }),
      { numRuns: 20000 },
    );
  });
});
