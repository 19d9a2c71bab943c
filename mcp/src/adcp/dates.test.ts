import { describe, expect, it } from "vitest";
import { ToolInputError } from "../tool.ts";
import { endDateFrom, endTimeOf, startDateFrom, startTimeOf } from "./dates.ts";

describe("flight dates", () => {
  const now = new Date("2026-03-10T23:30:00Z");

  it("maps AdCP instants to UTC dates and back", () => {
    expect(startDateFrom("asap", now)).toBe("2026-03-10");
    expect(startDateFrom("2026-03-12T18:00:00-08:00", now)).toBe("2026-03-13");
    // end_time is exclusive: midnight ends the day before
    expect(endDateFrom("2026-03-20T00:00:00Z")).toBe("2026-03-19");
    expect(endDateFrom("2026-03-20T00:00:00.001Z")).toBe("2026-03-20");
    expect(endTimeOf("2026-03-19")).toBe("2026-03-20T00:00:00.000Z");
    expect(endDateFrom(endTimeOf("2026-12-31"))).toBe("2026-12-31");
    expect(startTimeOf("2026-03-10")).toBe("2026-03-10T00:00:00.000Z");
  });

  it("refuses what is not a date-time", () => {
    expect(() => startDateFrom("tomorrow", now)).toThrow(ToolInputError);
    expect(() => endDateFrom("2026-03-20")).toThrow(/end_time must be an ISO 8601 date-time/);
  });
});
