import { describe, expect, it } from "vitest";
import { performanceScores, type VariantResult } from "./performance-score";

function scores(variants: VariantResult[]): number[] {
  const map = performanceScores(variants);
  return variants.map((variant) => map.get(variant.id)!);
}

const v = (id: string, impressions: number, clicks: number, approved = true): VariantResult => ({
  id,
  approved,
  impressions,
  clicks,
});

// Standard normal CDF (Abramowitz-Stegun 7.1.26 via erf), for the large-sample check.
function phi(z: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

describe("performanceScores", () => {
  it("gives 0 to every variant when none is approved and 1 to a lone approved variant", () => {
    expect(scores([v("a", 100, 5, false), v("b", 10, 1, false)])).toEqual([0, 0]);
    expect(scores([v("a", 100, 5), v("b", 1000, 900, false)])).toEqual([1, 0]);
    expect(scores([])).toEqual([]);
  });

  it("splits evenly between variants with identical results (and with no data)", () => {
    expect(scores([v("a", 0, 0), v("b", 0, 0)])).toEqual([0.5, 0.5]);
    expect(scores([v("a", 200, 7), v("b", 200, 7), v("c", 200, 7)])).toEqual([0.333333, 0.333333, 0.333333]);
  });

  it("matches closed forms for small posteriors", () => {
    // Beta(2,1) vs Beta(1,1): P = ∫ 2x · x dx = 2/3; Beta(1,2) vs Beta(1,1): ∫ 2(1-x) · x dx = 1/3
    const [clicked, fresh] = scores([v("a", 1, 1), v("b", 0, 0)]);
    expect(clicked).toBeCloseTo(2 / 3, 4);
    expect(fresh).toBeCloseTo(1 / 3, 4);
    const [missed] = scores([v("a", 1, 0), v("b", 0, 0)]);
    expect(missed).toBeCloseTo(1 / 3, 4);
  });

  it("agrees with the normal approximation for large, narrow posteriors", () => {
    const [a, b] = scores([v("a", 100_000, 5_000), v("b", 100_000, 4_850)]);
    const pa = 5_001 / 100_002;
    const pb = 4_851 / 100_002;
    const z = (pa - pb) / Math.sqrt((pa * (1 - pa)) / 100_003 + (pb * (1 - pb)) / 100_003);
    expect(a).toBeCloseTo(phi(z), 3);
    expect(a! + b!).toBeCloseTo(1, 5);
    expect(a).toBeGreaterThan(0.9);
  });

  it("resolves a narrow posterior against a wide one and ignores non-approved variants", () => {
    const result = performanceScores([v("big", 2_000_000, 20_000), v("new", 10, 0), v("rejected", 50, 40, false)]);
    // new: Beta(1, 11) has P(x > 0.01) = 0.99^11 ≈ 0.895, so it is more likely the best
    expect(result.get("new")).toBeCloseTo(0.99 ** 11, 3);
    expect(result.get("big")).toBeCloseTo(1 - 0.99 ** 11, 3);
    expect(result.get("rejected")).toBe(0);
  });

  it("is deterministic and rounded to 6 decimals, clamping clicks to impressions", () => {
    const input = [v("a", 321, 17), v("b", 290, 12), v("c", 50, 90)];
    const first = scores(input);
    expect(scores(input)).toEqual(first);
    for (const value of first) expect(Math.round(value * 1e6) / 1e6).toBe(value);
    expect(first[2]).toBeGreaterThan(0.99); // 50 impressions, clicks clamped to 50
  });
});
