import { describe, expect, it } from "vitest";
import { canonicalTimeZone, TIME_ZONES, timeZoneOptions, utcOffset } from "./time-zones";

const JULY = Date.parse("2026-07-01T12:00:00Z");
const JANUARY = Date.parse("2026-01-15T12:00:00Z");

describe("time zones", () => {
  it("offers IANA's canonical names, UTC first, never the older names", () => {
    expect(TIME_ZONES[0]).toBe("UTC");
    for (const zone of [
      "Asia/Kolkata",
      "Europe/Kyiv",
      "Asia/Ho_Chi_Minh",
      "Asia/Kathmandu",
      "Asia/Yangon",
      "America/New_York",
    ])
      expect(TIME_ZONES).toContain(zone);
    for (const old of ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "Asia/Katmandu", "Asia/Rangoon", "US/Eastern"])
      expect(TIME_ZONES).not.toContain(old);
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    expect(TIME_ZONES.length).toBeGreaterThan(300);
  });

  it("reads any name of a zone, any case, or its city, as the canonical zone", () => {
    expect(canonicalTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(canonicalTimeZone("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(canonicalTimeZone("US/Eastern")).toBe("America/New_York");
    expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("Kolkata")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("new york")).toBe("America/New_York");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });

  it("says each zone's offset now, daylight saving time included", () => {
    expect(utcOffset("Asia/Kolkata", JULY)).toBe("UTC+05:30");
    expect(utcOffset("America/New_York", JULY)).toBe("UTC-04:00");
    expect(utcOffset("America/New_York", JANUARY)).toBe("UTC-05:00");
    expect(utcOffset("UTC", JULY)).toBe("UTC+00:00");
    const options = timeZoneOptions(JULY);
    expect(options.find((option) => option.value === "Asia/Kolkata")?.label).toBe("UTC+05:30 · Kolkata");
    expect(options.find((option) => option.value === "America/New_York")?.label).toBe("UTC-04:00 · New York");
  });
});
