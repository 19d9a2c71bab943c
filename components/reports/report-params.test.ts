import { describe, expect, it } from "vitest";
import { changeOf, currentPreset, datePresets, defaultRange, readReportParams, reportHref } from "./report-params";

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
        compare: false,
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
      compare: false,
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

describe("the all-campaigns report and the comparison", () => {
  it("reads campaign=all with a campaign breakdown by default, and compare=previous", () => {
    const { params, errors } = readReportParams({ campaign: "all", compare: "previous" }, NOW);
    expect(errors).toEqual({});
    expect(params).toMatchObject({ campaign: "all", breakdown: "CAMPAIGN", compare: true });
    expect(reportHref(params)).toBe(
      "/reports?campaign=all&start=2026-03-02&end=2026-03-08&tz=UTC&breakdown=CAMPAIGN&compare=previous",
    );
  });

  it("keeps the campaign breakdown to all campaigns and the creative one to a campaign", () => {
    expect(readReportParams({ campaign: "cmp_1", breakdown: "CAMPAIGN" }, NOW).errors.breakdown).toMatch(
      /all-campaigns/,
    );
    expect(readReportParams({ campaign: "all", breakdown: "CREATIVE" }, NOW).errors.breakdown).toMatch(/one campaign/);
    expect(readReportParams({ campaign: "all", breakdown: "SPORT" }, NOW).errors).toEqual({});
  });

  it("refuses a comparison that would start before the first reportable date", () => {
    const { errors } = readReportParams({ start: "2000-01-01", end: "2000-01-07", compare: "previous" }, NOW);
    expect(Object.keys(errors)).toEqual(["compare"]);
  });

  it("answers each figure's change, and none against nothing", () => {
    expect(changeOf(150, 100)).toBe(0.5);
    expect(changeOf(50, 100)).toBe(-0.5);
    expect(changeOf(5, 0)).toBeNull();
    expect(changeOf(0, 0)).toBeNull();
  });
});

describe("date presets", () => {
  it("are local dates in the report's zone: March 7 in New York while it is March 8 in UTC", () => {
    const presets = Object.fromEntries(datePresets(NOW, "America/New_York").map((p) => [p.key, [p.start, p.end]]));
    expect(presets).toEqual({
      today: ["2026-03-07", "2026-03-07"],
      yesterday: ["2026-03-06", "2026-03-06"],
      "last-7": ["2026-03-01", "2026-03-07"],
      "last-30": ["2026-02-06", "2026-03-07"],
      "month-to-date": ["2026-03-01", "2026-03-07"],
      "last-month": ["2026-02-01", "2026-02-28"],
    });
    expect(datePresets(NOW, "UTC").find((p) => p.key === "today")).toMatchObject({ start: "2026-03-08" });
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

describe("currentPreset", () => {
  it("highlights one preset on the 1st of a month, Today, not Month to date as well", () => {
    const first = Date.parse("2026-12-01T12:00:00Z");
    const presets = datePresets(first, "UTC");
    expect(presets.filter((p) => p.start === "2026-12-01" && p.end === "2026-12-01").map((p) => p.key)).toEqual([
      "today",
      "month-to-date",
    ]);
    expect(currentPreset(presets, { start: "2026-12-01", end: "2026-12-01" })).toBe("today");
    expect(currentPreset(presets, { start: "2026-11-01", end: "2026-11-30" })).toBe("last-month");
    expect(currentPreset(presets, { start: "2026-11-02", end: "2026-11-03" })).toBeNull();
  });
});

describe("readReportParams's default zone", () => {
  it("is the user's zone from Settings without ?tz=, and ?tz= wins", () => {
    const now = Date.parse("2026-03-08T03:00:00Z");
    expect(readReportParams({}, now, "America/New_York").params).toMatchObject({
      tz: "America/New_York",
      end: "2026-03-07",
    });
    expect(readReportParams({ tz: "UTC" }, now, "America/New_York").params).toMatchObject({
      tz: "UTC",
      end: "2026-03-08",
    });
    expect(readReportParams({}, now).params.tz).toBe("UTC");
  });
});
