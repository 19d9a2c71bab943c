import { describe, expect, it } from "vitest";
import { baseBid, CPA_POLICY, nextCpaBid, type CpaEvidence } from "./cpa-controller";

const usd = (value: number) => BigInt(Math.round(value * 1e6));
const evidence = (overrides: Partial<CpaEvidence>): CpaEvidence => ({
  bidMicros: usd(2),
  targetCpaMicros: usd(10),
  spendMicros: usd(100),
  conversions: 10,
  floorMicros: usd(0.35),
  baseBidMicros: usd(2),
  ...overrides,
});

describe("nextCpaBid", () => {
  it.each([
    { name: "on target: no change", spend: 100, conversions: 10, bid: 2, expected: null },
    { name: "within the 5% dead band: no change", spend: 104, conversions: 10, bid: 2, expected: null },
    { name: "CPA 12.5 vs 10: bid x0.8", spend: 125, conversions: 10, bid: 2, expected: 1.6 },
    { name: "CPA 40 vs 10: the step is bounded to -20%", spend: 400, conversions: 10, bid: 2, expected: 1.6 },
    { name: "CPA 9 vs 10: bid x1.111", spend: 90, conversions: 10, bid: 2, expected: 2.222 },
    { name: "CPA 2 vs 10: the step is bounded to +20%", spend: 20, conversions: 10, bid: 2, expected: 2.4 },
    { name: "too few conversions and little spend: wait", spend: 15, conversions: 1, bid: 2, expected: null },
    { name: "no conversion after 2 target CPAs of spend: step down", spend: 25, conversions: 0, bid: 2, expected: 1.6 },
  ])("$name", ({ spend, conversions, bid, expected }) => {
    const step = nextCpaBid(evidence({ spendMicros: usd(spend), conversions, bidMicros: usd(bid) }));
    expect(step === null ? null : Number(step.newBidMicros) / 1e6).toBe(expected);
  });

  it("never goes below the highest floor of the campaign's moment types", () => {
    const step = nextCpaBid(evidence({ bidMicros: usd(0.6), floorMicros: usd(0.5), spendMicros: usd(400) }));
    expect(step?.newBidMicros).toBe(usd(0.5));
    expect(nextCpaBid(evidence({ bidMicros: usd(0.5), floorMicros: usd(0.5), spendMicros: usd(400) }))).toBeNull();
  });

  it("never goes above 3x the advertiser's own bid, nor above 1000 USD", () => {
    expect(
      nextCpaBid(evidence({ bidMicros: usd(5.5), baseBidMicros: usd(2), spendMicros: usd(20) }))?.newBidMicros,
    ).toBe(usd(6));
    expect(nextCpaBid(evidence({ bidMicros: usd(6), baseBidMicros: usd(2), spendMicros: usd(20) }))).toBeNull();
    expect(
      nextCpaBid(evidence({ bidMicros: usd(900), baseBidMicros: usd(900), spendMicros: usd(20) }))?.newBidMicros,
    ).toBe(CPA_POLICY.maxBidMicros);
  });

  it("explains each change", () => {
    expect(nextCpaBid(evidence({ spendMicros: usd(125) }))?.reason).toBe(
      "cpa_above_target: observed 12.5 USD, target 10 USD, 10 conversions",
    );
    expect(nextCpaBid(evidence({ spendMicros: usd(50) }))?.reason).toMatch(/^cpa_below_target/);
  });
});

describe("baseBid", () => {
  it("follows the controller's unbroken chain back to the advertiser's bid", () => {
    expect(baseBid(usd(1.28), [])).toBe(usd(1.28));
    const chain = [
      { oldBidMicros: usd(1.6), newBidMicros: usd(1.28) },
      { oldBidMicros: usd(2), newBidMicros: usd(1.6) },
    ];
    expect(baseBid(usd(1.28), chain)).toBe(usd(2));
    // the advertiser set 3 USD after the controller's last change
    expect(baseBid(usd(3), chain)).toBe(usd(3));
  });

  it("stops at the advertiser's own change, even one that lands on the chain's bid", () => {
    // the advertiser moved 2.50 to 5.00 by hand: 5.00 is their bid, not the controller's
    expect(baseBid(usd(5), [{ oldBidMicros: usd(2.5), newBidMicros: usd(5), reason: "advertiser" }])).toBe(usd(5));
    const chain = [
      { oldBidMicros: usd(5), newBidMicros: usd(4), reason: "cpa_above_target: observed 12 USD" },
      { oldBidMicros: usd(2.5), newBidMicros: usd(5), reason: "advertiser" },
    ];
    expect(baseBid(usd(4), chain)).toBe(usd(5));
  });
});
