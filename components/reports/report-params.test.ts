import { describe, expect, it } from "vitest";
import { defaultRange, readReportParams, reportHref, timeZoneOptions } from "./report-params";

const NOW = Date.parse("2026-03-08T03:30:00Z"); // March 7 in New York, March 8 in UTC

describe("readReportParams", () => {
  it("defaults to the last 7 local days in the zone, by day, without a campaign", () => {
    expect(readReportParams({}, NOW)).toEqual({
      params: {
        campaign: null,
        start: "2026-03-02",
        end: "2026-03-08",
        tz: "UTC",
        breakdown: "DAY",
        granularity: "DAY",
      },
      errors: {},
    });
    expect(defaultRange(NOW, "America/New_York")).toEqual({ start: "2026-03-01", end: "2026-03-07" });
  });

  it("reads the URL's campaign, range, zone, breakdown and hourly granularity", () => {
    const { params, errors } = readReportParams(
      {
        campaign: "cmp_1",
        start: "2026-03-01",
        end: "2026-03-03",
        tz: "Europe/Paris",
        breakdown: "SPORT",
        granularity: "HOUR",
      },
      NOW,
    );
    expect(errors).toEqual({});
    expect(params).toEqual({
      campaign: "cmp_1",
      start: "2026-03-01",
      end: "2026-03-03",
      tz: "Europe/Paris",
      breakdown: "SPORT",
      granularity: "HOUR",
    });
    expect(reportHref(params)).toBe(
      "/reports?campaign=cmp_1&start=2026-03-01&end=2026-03-03&tz=Europe%2FParis&breakdown=SPORT&granularity=HOUR",
    );
  });

  it("answers E9's refusals by field: reversed range, unknown zone, unknown breakdown, bad date", () => {
    expect(readReportParams({ start: "2026-03-05", end: "2026-03-01" }, NOW).errors).toEqual({
      end: "end_date must not be before start_date",
    });
    const { errors } = readReportParams({ tz: "Mars/Olympus", breakdown: "WEEK", start: "2026-02-30" }, NOW);
    expect(Object.keys(errors).sort()).toEqual(["breakdown", "start", "tz"]);
    expect(errors.tz).toMatch(/IANA/);
  });

  it("falls back to days when the range is longer than the hourly series allows", () => {
    const long = readReportParams({ start: "2026-01-01", end: "2026-03-01", granularity: "HOUR" }, NOW);
    expect(long.params.granularity).toBe("DAY");
  });
});

describe("timeZoneOptions", () => {
  it("lists UTC first and keeps a chosen zone", () => {
    const zones = timeZoneOptions("America/New_York");
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("America/New_York");
    expect(new Set(zones).size).toBe(zones.length);
  });
});
