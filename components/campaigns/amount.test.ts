import { describe, expect, it } from "vitest";
import { usdAmount } from "./amount";

describe("usdAmount", () => {
  it("reads amounts as people type them", () => {
    expect(usdAmount("2.50")).toBe(2.5);
    expect(usdAmount("$2")).toBe(2);
    expect(usdAmount(" $ 2.5 ")).toBe(2.5);
    expect(usdAmount("2.50 USD")).toBe(2.5);
    expect(usdAmount("US$3")).toBe(3);
    expect(usdAmount("1,50")).toBe(1.5);
    expect(usdAmount("2,5")).toBe(2.5);
    expect(usdAmount("1,250.00")).toBe(1250);
    expect(usdAmount(".5")).toBe(0.5);
    expect(usdAmount("-1")).toBe(-1);
  });

  it("is absent when empty and NaN when it cannot be read for sure", () => {
    expect(usdAmount("")).toBeUndefined();
    expect(usdAmount("   ")).toBeUndefined();
    expect(usdAmount("$")).toBeNaN();
    expect(usdAmount("1,500")).toBeNaN();
    expect(usdAmount("abc")).toBeNaN();
    expect(usdAmount("1.2.3")).toBeNaN();
    expect(usdAmount("2e3")).toBeNaN();
    expect(usdAmount("0x10")).toBeNaN();
    expect(usdAmount("1,5,0")).toBeNaN();
  });
});
