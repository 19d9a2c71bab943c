import { describe, expect, it } from "vitest";
import { estimateSummary } from "./estimate";

const base = { estimatedDailyImpressions: 0, estimatedDailySpendUsd: "0.00", creativeStatus: "APPROVED" } as const;

describe("estimateSummary", () => {
  it("gives the figures of an estimate", () => {
    expect(
      estimateSummary({
        ...base,
        estimateStatus: "ESTIMATED",
        estimatedDailyImpressions: 1200,
        estimatedDailySpendUsd: "2.40",
      }).title,
    ).toBe("About 1,200 impressions and $2.40 a day");
  });

  it("says a withheld estimate is not enough market data, never zero delivery", () => {
    const summary = estimateSummary({ ...base, estimateStatus: "INSUFFICIENT_VOLUME" });
    expect(summary.title).toBe("Not enough market data yet");
    expect(summary.detail).toContain("at least 20 auctions won by 3 other advertisers");
    expect(summary.detail).toContain("can still deliver");
    expect(summary.title).not.toMatch(/\b0\b/);
  });

  it("explains why a rejected notification would not deliver", () => {
    const summary = estimateSummary({
      ...base,
      estimateStatus: "ESTIMATED",
      creativeStatus: "REJECTED",
      creativeReviewReason: 'headline makes a "risk-free" claim',
    });
    expect(summary.title).toBe("No delivery: the notification would be rejected");
    expect(summary.detail).toContain("risk-free");
  });
});
