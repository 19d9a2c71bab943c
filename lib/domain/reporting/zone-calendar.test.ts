import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "@/lib/clock";
import { isValidTimeZone, ZoneCalendar } from "./zone-calendar";

const utc = (iso: string) => Date.parse(iso);

describe("ZoneCalendar", () => {
  it("spans local midnights: UTC", () => {
    const calendar = ZoneCalendar.forDates("UTC", "2025-03-01", "2025-03-02");
    expect(calendar.startMs).toBe(utc("2025-03-01T00:00:00Z"));
    expect(calendar.endMs).toBe(utc("2025-03-03T00:00:00Z"));
    expect(calendar.segments).toHaveLength(1);
    expect(calendar.hourStarts()).toHaveLength(48);
    expect(calendar.isHourAligned()).toBe(true);
  });

  it("America/New_York spring forward: a 23-hour day with no 2 AM", () => {
    const calendar = ZoneCalendar.forDates("America/New_York", "2025-03-09", "2025-03-09");
    expect(calendar.startMs).toBe(utc("2025-03-09T05:00:00Z"));
    expect(calendar.endMs).toBe(utc("2025-03-10T04:00:00Z"));
    expect(calendar.segments).toEqual([
      { startMs: utc("2025-03-09T05:00:00Z"), endMs: utc("2025-03-09T07:00:00Z"), offsetMs: -5 * HOUR_MS },
      { startMs: utc("2025-03-09T07:00:00Z"), endMs: utc("2025-03-10T04:00:00Z"), offsetMs: -4 * HOUR_MS },
    ]);
    const hours = calendar.hourStarts();
    expect(hours).toHaveLength(23);
    expect(hours.map((ms) => calendar.hourOf(ms))).toEqual([
      0,
      1,
      ...Array.from({ length: 21 }, (_, index) => index + 3),
    ]);
    expect(calendar.isHourAligned()).toBe(true);
    expect(calendar.localIso(utc("2025-03-09T07:00:00Z"))).toBe("2025-03-09T03:00:00-04:00");
    expect(calendar.dateOf(utc("2025-03-10T03:59:59.999Z"))).toBe("2025-03-09");
  });

  it("America/New_York fall back: a 25-hour day with 1 AM twice, each its own hour", () => {
    const calendar = ZoneCalendar.forDates("America/New_York", "2025-11-01", "2025-11-03");
    const days = calendar.days();
    expect(days.map((day) => day.date)).toEqual(["2025-11-01", "2025-11-02", "2025-11-03"]);
    expect(days.map((day) => day.startMs)).toEqual([
      utc("2025-11-01T04:00:00Z"),
      utc("2025-11-02T04:00:00Z"),
      utc("2025-11-03T05:00:00Z"),
    ]);
    const hours = calendar.hourStarts();
    expect(hours).toHaveLength(24 + 25 + 24);
    const nov2 = hours.filter((ms) => calendar.dateOf(ms) === "2025-11-02");
    expect(nov2).toHaveLength(25);
    expect(nov2.slice(0, 4).map((ms) => calendar.localIso(ms))).toEqual([
      "2025-11-02T00:00:00-04:00",
      "2025-11-02T01:00:00-04:00",
      "2025-11-02T01:00:00-05:00",
      "2025-11-02T02:00:00-05:00",
    ]);
    // an instant in the second 1 AM maps to the second 1 AM's start
    expect(calendar.hourStartOf(utc("2025-11-02T06:30:00Z"))).toBe(utc("2025-11-02T06:00:00Z"));
    expect(calendar.hourStartOf(utc("2025-11-02T05:30:00Z"))).toBe(utc("2025-11-02T05:00:00Z"));
    expect(calendar.hourOf(utc("2025-11-02T06:30:00Z"))).toBe(1);
  });

  it("Asia/Kolkata (+05:30): days start at 18:30 UTC, buckets of 30 minutes, rollups unusable", () => {
    const calendar = ZoneCalendar.forDates("Asia/Kolkata", "2025-06-10", "2025-06-11");
    expect(calendar.startMs).toBe(utc("2025-06-09T18:30:00Z"));
    expect(calendar.endMs).toBe(utc("2025-06-11T18:30:00Z"));
    expect(calendar.isHourAligned()).toBe(false);
    expect(calendar.hasHourAlignedBounds()).toBe(false);
    expect(calendar.rawBucketMs()).toBe(30 * 60_000);
    expect(calendar.hourStarts()[1]).toBe(utc("2025-06-09T19:30:00Z"));
    expect(calendar.hourOf(utc("2025-06-10T04:29:59Z"))).toBe(9);
    expect(calendar.hourOf(utc("2025-06-10T04:30:00Z"))).toBe(10);
    expect(calendar.dateOf(utc("2025-06-10T18:29:59.999Z"))).toBe("2025-06-10");
    expect(calendar.dateOf(utc("2025-06-10T18:30:00Z"))).toBe("2025-06-11");
  });

  it("Asia/Kathmandu (+05:45): buckets of 15 minutes", () => {
    const calendar = ZoneCalendar.forDates("Asia/Kathmandu", "2025-01-01", "2025-01-01");
    expect(calendar.startMs).toBe(utc("2024-12-31T18:15:00Z"));
    expect(calendar.rawBucketMs()).toBe(15 * 60_000);
    expect(calendar.hourStarts()).toHaveLength(24);
  });

  it("Australia/Lord_Howe: a 30-minute DST shift makes a 24.5-hour day and forbids rollups", () => {
    // DST ends on 2025-04-06 at 02:00 local (+11:00) -> 01:30 (+10:30)
    const calendar = ZoneCalendar.forDates("Australia/Lord_Howe", "2025-04-06", "2025-04-06");
    expect(calendar.segments).toHaveLength(2);
    // the day starts at 13:00 UTC (+11:00) and ends at 13:30 UTC (+10:30)
    expect(calendar.hasHourAlignedBounds()).toBe(false);
    expect(calendar.isHourAligned()).toBe(false);
    expect(calendar.rawBucketMs()).toBe(30 * 60_000);
    const hours = calendar.hourStarts();
    // 00:00, 01:00 (+11), then 01:30 (+10:30) starts a half hour of "1 AM" again, then 02:00 ...
    expect(hours.slice(0, 4).map((ms) => calendar.localIso(ms))).toEqual([
      "2025-04-06T00:00:00+11:00",
      "2025-04-06T01:00:00+11:00",
      "2025-04-06T01:30:00+10:30",
      "2025-04-06T02:00:00+10:30",
    ]);
    expect(calendar.endMs - calendar.startMs).toBe(24.5 * HOUR_MS);
  });

  it("America/Santiago: the day DST skips midnight starts at 01:00", () => {
    const calendar = ZoneCalendar.forDates("America/Santiago", "2024-09-07", "2024-09-08");
    expect(calendar.days().map((day) => calendar.localIso(day.startMs))).toEqual([
      "2024-09-07T00:00:00-04:00",
      "2024-09-08T01:00:00-03:00",
    ]);
  });

  it("maps instants to the same local date and hour as luxon, across a whole year of zones", () => {
    for (const zone of [
      "Europe/London",
      "America/New_York",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "America/Santiago",
      "Pacific/Chatham",
    ]) {
      const calendar = ZoneCalendar.forDates(zone, "2024-01-01", "2024-12-31");
      for (let ms = calendar.startMs; ms < calendar.endMs; ms += 7_919_000) {
        const local = DateTime.fromMillis(ms, { zone });
        expect(calendar.dateOf(ms), `${zone} ${ms}`).toBe(local.toISODate());
        expect(calendar.hourOf(ms), `${zone} ${ms}`).toBe(local.hour);
        const start = calendar.hourStartOf(ms);
        expect(start).toBeLessThanOrEqual(ms);
        expect(ms - start).toBeLessThan(HOUR_MS);
        expect(calendar.hourOf(start)).toBe(local.hour);
      }
      const days = calendar.days();
      expect(days).toHaveLength(366);
      expect(days.map((day) => calendar.dateOf(day.startMs))).toEqual(days.map((day) => day.date));
      // every hour start is the first instant of its local hour
      const hours = calendar.hourStarts();
      for (const ms of hours) expect(calendar.hourStartOf(ms)).toBe(ms);
      expect(new Set(hours.map((ms) => calendar.dateOf(ms))).size).toBe(366);
    }
  });

  it("recognises IANA names only", () => {
    expect(isValidTimeZone("America/New_York")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("+05:30")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});
