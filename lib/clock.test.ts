import { describe, expect, it } from "vitest";
import { fixedClock, nowDate, systemClock } from "./clock";

describe("clock", () => {
  it("a fixed clock answers the same instant, from a Date, a string or ms", () => {
    const at = Date.parse("2026-03-08T05:00:00Z");
    expect(fixedClock(new Date(at))()).toBe(at);
    expect(fixedClock("2026-03-08T05:00:00Z")()).toBe(at);
    expect(fixedClock(at)()).toBe(at);
    expect(nowDate(fixedClock(at)).toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });

  it("refuses a string that is not a time", () => {
    expect(() => fixedClock("not a time")).toThrow(RangeError);
  });

  it("the system clock answers epoch milliseconds", () => {
    const before = Date.now();
    const value = systemClock();
    expect(value).toBeGreaterThanOrEqual(before);
    expect(Number.isInteger(value)).toBe(true);
  });
});
