import { describe, expect, it } from "vitest";
import { defaultRange, readReportParams, reportHref } from "./report-params";

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
      end: "The end date must not be before the start date",
    });
    const { errors } = readReportParams({ tz: "Mars/Olympus", breakdown: "WEEK", start: "2026-02-30" }, NOW);
    expect(Object.keys(errors).sort()).toEqual(["breakdown", "start", "tz"]);
    expect(errors.tz).toBe("Choose a time zone from the list, such as America/New_York");
    expect(errors.start).not.toMatch(/start_date/);
  });

  it("falls back to days when the range is longer than the hourly series allows", () => {
    const long = readReportParams({ start: "2026-01-01", end: "2026-03-01", granularity: "HOUR" }, NOW);
    expect(long.params.granularity).toBe("DAY");
  });
});

describe("time zones in the URL", () => {
  it("reads an older or linked name, or a city, as the canonical zone", () => {
    expect(readReportParams({ tz: "Asia/Calcutta" }, NOW).params.tz).toBe("Asia/Kolkata");
    expect(readReportParams({ tz: "Europe/Kiev" }, NOW).params.tz).toBe("Europe/Kyiv");
    expect(readReportParams({ tz: "Kolkata" }, NOW).params.tz).toBe("Asia/Kolkata");
    expect(readReportParams({ tz: "Asia/Calcutta" }, NOW).errors).toEqual({});
  });
});
