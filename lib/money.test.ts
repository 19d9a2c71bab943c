import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { impressionCostMicros, microsToUsd, round6, usdToMicros } from "./money";

describe("money", () => {
  it.each([
    [0.35, 350_000n],
    [0.1, 100_000n],
    [5, 5_000_000n],
    [10.000001, 10_000_001n],
    [1000, 1_000_000_000n],
    [0.0000004, 0n],
    [0.0000006, 1n],
    [-2.5, -2_500_000n],
  ])("usdToMicros(%s) = %s", (usd, micros) => {
    expect(usdToMicros(usd)).toBe(micros);
  });

  it("refuses non-finite amounts", () => {
    expect(() => usdToMicros(Number.NaN)).toThrow(RangeError);
    expect(() => usdToMicros(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it.each([
    [350_000n, 0.35],
    [1n, 0.000001],
    [0n, 0],
    [-1_500_000n, -1.5],
    [123_456_789_012n, 123456.789012],
  ])("microsToUsd(%s) = %s", (micros, usd) => {
    expect(microsToUsd(micros)).toBe(usd);
  });

  it("round-trips every micro amount of a dollar exactly", () => {
    for (let micros = 0n; micros < 1_000_000n; micros += 997n) {
      expect(usdToMicros(microsToUsd(micros))).toBe(micros);
    }
  });

  it("an impression costs CPM / 1000, rounded half up to the micro-dollar", () => {
    expect(impressionCostMicros(350_000n)).toBe(350n);
    expect(impressionCostMicros(1_234_567n)).toBe(1_235n);
    expect(impressionCostMicros(1_234_499n)).toBe(1_234n);
  });

  it("numbers (the hot path's micros) convert exactly as the decimal text of their bigint", () => {
    // the decimal-text conversion, independent of lib/money's number path
    const viaText = (micros: bigint) => {
      const abs = micros < 0n ? -micros : micros;
      const usd = Number(`${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, "0")}`);
      return micros < 0n ? -usd : usd;
    };
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }), (micros) => {
        const exact = viaText(BigInt(micros));
        return (
          microsToUsd(micros) === exact &&
          microsToUsd(BigInt(micros)) === exact &&
          BigInt(impressionCostMicros(Math.abs(micros))) === impressionCostMicros(BigInt(Math.abs(micros)))
        );
      }),
      { numRuns: 20000 },
    );
    // beyond 2^53 a bigint still converts through its text
    expect(microsToUsd(12_345_678_901_234_567_890n)).toBe(12345678901234.56789);
  });

  it("round6 keeps six decimals", () => {
    expect(round6(1 / 3)).toBe(0.333333);
    expect(round6(2 / 3)).toBe(0.666667);
  });
});
