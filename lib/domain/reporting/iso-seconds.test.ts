import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoSeconds } from "./get-campaign-timeseries";

describe("isoSeconds", () => {
  it("is toISOString without the milliseconds, for any instant of years 0-9999", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse("0000-01-01T00:00:00Z"), max: Date.parse("9999-12-31T23:59:59.999Z") }),
        (ms) => {
          expect(isoSeconds(ms)).toBe(new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("formats consecutive hours of one day and the next day's midnight", () => {
    const day = Date.UTC(2026, 2, 8);
    expect([0, 5, 23, 24].map((hour) => isoSeconds(day + hour * 3_600_000 + 45 * 60_000))).toEqual([
      "2026-03-08T00:45:00Z",
      "2026-03-08T05:45:00Z",
      "2026-03-08T23:45:00Z",
      "2026-03-09T00:45:00Z",
    ]);
  });
});
