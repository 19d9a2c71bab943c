import { describe, expect, it } from "vitest";
import { copyText, copyValue } from "./pg-store";

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

describe("copyText (rows in COPY's text format)", () => {
  /** the plain definition: every value through copyValue, tabs between, a newline after each row */
  const reference = (rows: readonly (readonly unknown[])[]) =>
    rows.map((row) => `${row.map(copyValue).join("\t")}\n`).join("");

  it("equals every value escaped one by one, for rows with and without nulls and characters to escape", () => {
    const values = [
      "imp_1",
      "",
      "a\tb",
      "new\nline",
      "cr\r",
      "back\\slash",
      "\\N",
      "ümlaut 🏈",
      null,
      undefined,
      0,
      42.5,
      -7,
      true,
      false,
    ];
    const rows: unknown[][] = [[], ["plain", 1, 2], ["imp_x", "clk_y", 1_500_000, false]];
    // every value in every position of a three-column row
    for (const a of values) for (const b of values) rows.push([a, "mid", b]);
    for (const row of rows) expect(copyText([row])).toBe(reference([row]));
    expect(copyText(rows)).toBe(reference(rows));
    expect(copyText([])).toBe("");
  });
});
