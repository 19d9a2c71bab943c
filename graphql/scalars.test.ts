import { describe, expect, it } from "vitest";
import { Count, DateScalar, DateTime, Money, TimeZone } from "./scalars";
import { parseGlobalId, restIdOf, toGlobalId } from "./global-id";
import { microsToDecimal } from "@/lib/money";

describe("Money", () => {
  it("answers exact decimal strings with 2 to 6 decimals", () => {
    expect(Money.serialize(2.5)).toBe("2.50");
    expect(Money.serialize(0.00035)).toBe("0.00035");
    expect(Money.serialize(0.1 + 0.2)).toBe("0.30");
    expect(Money.serialize(100_000_000)).toBe("100000000.00");
    expect(Money.serialize(123.456789)).toBe("123.456789");
    expect(microsToDecimal(-1_500_000n)).toBe("-1.50");
    expect(() => Money.serialize("2.5")).toThrow(TypeError);
  });

  it("accepts a decimal string or a number, leaving ranges and decimals to the zod schemas", () => {
    expect(Money.parseValue("2.50")).toBe(2.5);
    expect(Money.parseValue(" 7 ")).toBe(7);
    expect(Money.parseValue(3)).toBe(3);
    expect(Money.parseValue("0.1234567")).toBe(0.1234567);
    expect(Money.parseValue("-1")).toBe(-1);
    for (const bad of ["", "abc", "1e3", "1,5", true, null, Infinity])
      expect(() => Money.parseValue(bad)).toThrow(/Money/);
  });
});

describe("Date, DateTime, TimeZone, Count", () => {
  it("validates as REST does", () => {
    expect(DateScalar.parseValue("2026-02-28")).toBe("2026-02-28");
    for (const bad of ["2026-02-30", "2026-2-3", "20260101", 20260101])
      expect(() => DateScalar.parseValue(bad)).toThrow();
    expect(DateTime.parseValue("2026-03-08T05:00:00Z")).toBe("2026-03-08T05:00:00Z");
    expect(DateTime.parseValue("2026-03-08T05:00:00+01:00")).toBe("2026-03-08T05:00:00+01:00");
    expect(() => DateTime.parseValue("2026-03-08 05:00")).toThrow();
    expect(DateTime.serialize(new Date(0))).toBe("1970-01-01T00:00:00.000Z");
    // answers are spelled one way: UTC with milliseconds (E10 writes instants to the second)
    expect(DateTime.serialize("2025-11-02T04:00:00Z")).toBe("2025-11-02T04:00:00.000Z");
    expect(DateTime.serialize("2025-11-02T00:00:00-04:00")).toBe("2025-11-02T04:00:00.000Z");
    expect(() => DateTime.serialize("yesterday")).toThrow(TypeError);
    expect(TimeZone.parseValue("America/New_York")).toBe("America/New_York");
    for (const bad of ["Mars/Olympus", "", "EST5EDT/x"]) expect(() => TimeZone.parseValue(bad)).toThrow(/IANA/);
    expect(Count.serialize(2 ** 40)).toBe(2 ** 40);
    expect(() => Count.serialize(-1)).toThrow();
    expect(() => Count.parseValue(1.5)).toThrow();
  });
});

describe("global ids", () => {
  it("round-trips, and refuses ids of another type or another spelling", () => {
    const id = toGlobalId("Campaign", "cmp_abc");
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseGlobalId(id)).toEqual({ type: "Campaign", restId: "cmp_abc" });
    expect(restIdOf(id, "Campaign")).toBe("cmp_abc");
    expect(() => restIdOf(id, "Creative")).toThrow(/No Creative/);
    for (const bad of [
      "",
      "cmp_abc",
      "Q2FtcGFpZ24",
      `${id}=`,
      toGlobalId("Campaign", "").slice(0, -1),
      "a".repeat(500),
    ]) {
      expect(parseGlobalId(bad)).toBeNull();
    }
    expect(parseGlobalId(Buffer.from("Secret:x").toString("base64url"))).toBeNull();
  });
});
