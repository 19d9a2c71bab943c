import { describe, expect, it } from "vitest";
import {
  budgetFraction,
  formatCount,
  formatDate,
  formatDateTime,
  formatCompact,
  formatPercent,
  formatUsd,
  listCount,
} from "./format";

describe("dashboard formats", () => {
  it("writes money from decimal strings and numbers", () => {
    expect(formatUsd("1234.5")).toBe("$1,234.50");
    expect(formatUsd(2)).toBe("$2.00");
    expect(formatUsd("0")).toBe("$0.00");
    expect(formatUsd("0.000350")).toBe("$0.0004");
    expect(formatUsd("-3.256")).toBe("-$3.26");
    expect(formatUsd(null)).toBe("–");
    expect(formatUsd("abc")).toBe("–");
  });

  it("writes percentages from fractions and counts with separators", () => {
    expect(formatPercent(0.0123)).toBe("1.23%");
    expect(formatPercent(0.5, 0)).toBe("50%");
    expect(formatPercent(Number.NaN)).toBe("–");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(undefined)).toBe("–");
    expect(formatCompact(12_345)).toBe("12.3K");
    expect(formatCompact(950)).toBe("950");
  });

  it("writes instants in the zone asked for and calendar dates unshifted", () => {
    expect(formatDateTime("2026-11-23T19:05:00Z", { timeZone: "UTC", locale: "en-US" })).toBe("Nov 23, 2026, 7:05 PM");
    expect(formatDateTime("2026-11-23T19:05:00Z", { timeZone: "Asia/Tokyo", locale: "en-US" })).toBe(
      "Nov 24, 2026, 4:05 AM",
    );
    expect(formatDate("2026-11-23", { locale: "en-US" })).toBe("Nov 23, 2026");
    expect(formatDateTime("nope")).toBe("–");
  });

  it("clamps spend against a budget to [0, 1]", () => {
    expect(budgetFraction("25", "100")).toBe(0.25);
    expect(budgetFraction("150", "100")).toBe(1);
    expect(budgetFraction("5", "0")).toBe(0);
  });

  it("counts a list, saying when the page lists only the first of them", () => {
    expect(listCount(3, 3, "registered")).toBe("3 registered");
    expect(listCount(1234, 100, "in all")).toBe("1,234 in all (the first 100 listed)");
    expect(listCount(0, 0, "in all")).toBe("0 in all");
  });
});
