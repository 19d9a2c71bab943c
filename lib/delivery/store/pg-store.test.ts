import { describe, expect, it } from "vitest";
import { copyValue } from "./pg-store";

describe("copyValue (COPY's text format)", () => {
  it("escapes backslash, tab, newline and carriage return, writes null as \\N, and leaves the rest as it is", () => {
    expect(copyValue("plain-id_42")).toBe("plain-id_42");
    expect(copyValue("a\tb\nc\rd\\e")).toBe("a\\tb\\nc\\rd\\\\e");
    expect(copyValue("\\N")).toBe("\\\\N");
    expect(copyValue("\\.")).toBe("\\\\.");
    expect(copyValue(`quote " comma , semicolon ; ümlaut 🏈`)).toBe(`quote " comma , semicolon ; ümlaut 🏈`);
    expect(copyValue(null)).toBe("\\N");
    expect(copyValue(undefined)).toBe("\\N");
    expect(copyValue(1_500_000)).toBe("1500000");
    expect(copyValue(false)).toBe("false");
  });
});
