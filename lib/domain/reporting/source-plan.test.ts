import { describe, expect, it } from "vitest";
import { planSources } from "./source-plan";
import { ZoneCalendar } from "./zone-calendar";

const MINUTE = 60_000;

describe("planSources", () => {
  it("serves whole-hour zones from whole rollup hours, DST changes included", () => {
    const calendar = ZoneCalendar.forDates("America/New_York", "2025-03-01", "2025-11-30");
    for (const key of [null, "day", "hour_of_day", "hour"] as const)
      expect(planSources(calendar, key)).toEqual({ kind: "rollups", splits: [] });
  });

  it("Asia/Kolkata (+05:30): local hours, days and the range's bounds start at minute 30 of a UTC hour", () => {
    const calendar = ZoneCalendar.forDates("Asia/Kolkata", "2025-06-10", "2025-06-12");
    for (const key of [null, "day", "hour_of_day", "hour"] as const)
      expect(planSources(calendar, key)).toEqual({ kind: "rollups", splits: [30 * MINUTE] });
  });

  it("Asia/Kathmandu (+05:45) and Australia/Eucla (+08:45) split at minute 15", () => {
    for (const zone of ["Asia/Kathmandu", "Australia/Eucla"]) {
      const calendar = ZoneCalendar.forDates(zone, "2025-01-01", "2025-03-31");
      expect(planSources(calendar, "hour_of_day")).toEqual({ kind: "rollups", splits: [15 * MINUTE] });
    }
  });

  it("Australia/Lord_Howe: the half-hour DST change needs minute 30 only", () => {
    const calendar = ZoneCalendar.forDates("Australia/Lord_Howe", "2025-04-05", "2025-04-07");
    expect(planSources(calendar, "hour_of_day")).toEqual({ kind: "rollups", splits: [30 * MINUTE] });
  });

  it("a zone with an offset that is not a multiple of 15 minutes (before 1972) is answered from raw rows", () => {
    // Africa/Monrovia was -00:44:30 until 1972 (outside the API's dates, but the plan must stay exact)
    const calendar = ZoneCalendar.forDates("Africa/Monrovia", "1970-01-01", "1970-01-02");
    expect(planSources(calendar, "day")).toEqual({ kind: "raw" });
  });
});
