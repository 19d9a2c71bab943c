import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, webhookRetryDelayMs } from "./retry-schedule";

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe("retry schedule", () => {
  it("is docs/api.md's: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h", () => {
    expect(RETRY_DELAYS_MS).toEqual([5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H]);
    expect(MAX_ATTEMPTS).toBe(10);
  });

  it.each([
    [1, 5 * S],
    [2, 5 * M],
    [3, 30 * M],
    [4, 2 * H],
    [9, 24 * H],
  ])("after attempt %i the base delay is %i ms, spread by ±20 %%", (attempt, base) => {
    expect(webhookRetryDelayMs(attempt, () => 0.5)).toBe(base);
    expect(webhookRetryDelayMs(attempt, () => 0)).toBe(Math.round(base * 0.8));
    expect(webhookRetryDelayMs(attempt, () => 0.999999)).toBe(Math.round(base * (0.8 + 0.4 * 0.999999)));
  });

  it("stops after the tenth attempt", () => {
    expect(webhookRetryDelayMs(10, () => 0.5)).toBeNull();
    expect(webhookRetryDelayMs(11, () => 0.5)).toBeNull();
  });

  it("refuses nonsense", () => {
    expect(() => webhookRetryDelayMs(0, () => 0.5)).toThrow(RangeError);
    expect(() => webhookRetryDelayMs(1.5, () => 0.5)).toThrow(RangeError);
  });

  it("the whole schedule spans about 3 days, so the 5-day rule needs later deliveries failing too", () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total / H).toBeCloseTo(75.6, 1);
  });
});
