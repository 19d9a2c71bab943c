import { describe, expect, it } from "vitest";
import { cookieValue, parseCookies } from "./cookies";

describe("parseCookies", () => {
  it("reads every cookie of the header, decoded", () => {
    expect(Object.fromEntries(parseCookies("a=1; b=hello%20world; c=%7Cpipe"))).toEqual({
      a: "1",
      b: "hello world",
      c: "|pipe",
    });
  });

  it("is empty for an empty, missing or blank header", () => {
    expect(parseCookies("").size).toBe(0);
    expect(parseCookies(null).size).toBe(0);
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies(" ; ;").size).toBe(0);
  });

  it("keeps the first of duplicate names", () => {
    expect(parseCookies("a=1; a=2; b=3; a=4").get("a")).toBe("1");
  });

  it("drops a value that is not valid percent-encoding, and takes no later duplicate instead", () => {
    const cookies = parseCookies("bad=%E0%A4%A; a=%zz; a=2; ok=%41");
    expect(cookies.has("bad")).toBe(false);
    expect(cookies.has("a")).toBe(false);
    expect(cookies.get("ok")).toBe("A");
  });

  it("trims spaces around names and values, keeps those inside a value", () => {
    expect(Object.fromEntries(parseCookies("  a =  x y  ;b=\t2\t;  c=3"))).toEqual({ a: "x y", b: "2", c: "3" });
  });

  it("splits at the first '=': the rest is the value", () => {
    expect(parseCookies("token=abc==; q=a=b=c").get("token")).toBe("abc==");
    expect(parseCookies("q=a=b=c").get("q")).toBe("a=b=c");
    expect(parseCookies("e=").get("e")).toBe("");
  });

  it("skips parts without '=' and empty names", () => {
    expect(Object.fromEntries(parseCookies("flag; =orphan;  = x; a=1"))).toEqual({ a: "1" });
  });

  it("keeps names of Object.prototype's properties as plain cookies", () => {
    expect(Object.fromEntries(parseCookies("constructor=1; __proto__=2"))).toEqual(
      Object.fromEntries([
        ["constructor", "1"],
        ["__proto__", "2"],
      ]),
    );
  });
});

describe("cookieValue", () => {
  it("is one cookie's value, or null when missing or malformed", () => {
    const header = "other=1; sma.session=eyJ.a.b; broken=%";
    expect(cookieValue(header, "sma.session")).toBe("eyJ.a.b");
    expect(cookieValue(header, "missing")).toBeNull();
    expect(cookieValue(header, "broken")).toBeNull();
    expect(cookieValue(null, "sma.session")).toBeNull();
    expect(cookieValue("", "sma.session")).toBeNull();
  });
});
