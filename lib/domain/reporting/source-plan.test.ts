import { describe, expect, it } from "vitest";
import { planSources, rawRanges } from "./source-plan";
import { HOUR_MS, ZoneCalendar } from "./zone-calendar";

const at = (iso: string) => Date.parse(iso);

describe("planSources", () => {
  it("serves whole-hour zones entirely from rollups, DST changes included", () => {
    const calendar = ZoneCalendar.forDates("America/New_York", "2025-03-01", "2025-11-30");
    for (const key of [null, "day", "hour_of_day"] as const)
      expect(planSources(calendar, key)).toEqual({ kind: "rollups" });
  });

  it("Asia/Kolkata: only the partial edge hours for totals, plus the hour holding local midnight for days, and everything for hours of day", () => {
    const calendar = ZoneCalendar.forDates("Asia/Kolkata", "2025-06-10", "2025-06-12");
    expect(planSources(calendar, null)).toEqual({
      kind: "mixed",
      splitHours: [at("2025-06-09T18:00:00Z"), at("2025-06-12T18:00:00Z")],
    });
    const days = planSources(calendar, "day");
    expect(days).toEqual({
      kind: "mixed",
      splitHours: [
        at("2025-06-09T18:00:00Z"),
        at("2025-06-10T18:00:00Z"),
        at("2025-06-11T18:00:00Z"),
        at("2025-06-12T18:00:00Z"),
      ],
    });
    expect(rawRanges(days, calendar.startMs, calendar.endMs)).toEqual([
      { startMs: at("2025-06-09T18:30:00Z"), endMs: at("2025-06-09T19:00:00Z") },
      { startMs: at("2025-06-10T18:00:00Z"), endMs: at("2025-06-10T19:00:00Z") },
      { startMs: at("2025-06-11T18:00:00Z"), endMs: at("2025-06-11T19:00:00Z") },
      { startMs: at("2025-06-12T18:00:00Z"), endMs: at("2025-06-12T18:30:00Z") },
    ]);
    expect(planSources(calendar, "hour_of_day")).toEqual({ kind: "raw" });
    expect(rawRanges({ kind: "raw" }, calendar.startMs, calendar.endMs)).toEqual([
      { startMs: calendar.startMs, endMs: calendar.endMs },
    ]);
  });

  it("Australia/Lord_Howe: the half-hour DST change splits the hours around it", () => {
    const calendar = ZoneCalendar.forDates("Australia/Lord_Howe", "2025-04-05", "2025-04-07");
    const plan = planSources(calendar, "hour_of_day");
    expect(plan.kind).toBe("mixed");
    // +11:00 before the change (whole hours clean), +10:30 after (every hour split)
    const split = plan.kind === "mixed" ? plan.splitHours : [];
    expect(split[0]).toBe(at("2025-04-05T15:00:00Z"));
    expect(split.every((hour) => hour % HOUR_MS === 0)).toBe(true);
  });
});
