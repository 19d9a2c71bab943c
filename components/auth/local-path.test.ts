import { describe, expect, it } from "vitest";
import { localPath } from "./local-path";

describe("localPath", () => {
  it("keeps a path and query on this site", () => {
    expect(localPath("/oauth/consent/oaz_1")).toBe("/oauth/consent/oaz_1");
    expect(localPath("/reports?range=7d")).toBe("/reports?range=7d");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "/\tevil",
    "javascript:alert(1)",
    "evil.example",
    "",
    null,
  ])("drops %s", (value) => {
    expect(localPath(value)).toBeNull();
  });
});
