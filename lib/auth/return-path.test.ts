import { describe, expect, it } from "vitest";
import { returnPathOfRequest, safeReturnPath, signInHref } from "./return-path";

describe("the return path after sign-in", () => {
  it("keeps a path of this site with its query and fragment", () => {
    expect(safeReturnPath("/reports?campaign=cmp_1&tz=Asia%2FKolkata")).toBe(
      "/reports?campaign=cmp_1&tz=Asia%2FKolkata",
    );
    expect(safeReturnPath("/campaigns/cmp_1#variants")).toBe("/campaigns/cmp_1#variants");
    expect(safeReturnPath("/oauth/consent?client_id=x")).toBe("/oauth/consent?client_id=x");
  });

  it("refuses other hosts, schemes, backslashes and control characters", () => {
    for (const value of [
      "//evil.example/x",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%5Cevil.example",
      "/%2F/evil.example",
      "/%252F%252Fevil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "/x\r\nSet-Cookie: a=b",
      "/\tevil",
      "/%E0%A4%A",
      "",
      `/${"a".repeat(2048)}`,
    ]) {
      expect(safeReturnPath(value), value).toBeNull();
    }
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(["/reports"])).toBeNull();
  });

  it("never returns to the sign-in pages or an API path", () => {
    expect(safeReturnPath("/signin?callbackUrl=/x")).toBeNull();
    expect(safeReturnPath("/signup")).toBeNull();
    expect(safeReturnPath("/api/graphql")).toBeNull();
    expect(safeReturnPath("/signing-off")).toBe("/signing-off");
  });

  it("reads the recorded request path without Next's _rsc parameter, and links to /signin with it", () => {
    expect(returnPathOfRequest("/reports?campaign=cmp_1&_rsc=abc")).toBe("/reports?campaign=cmp_1");
    expect(returnPathOfRequest(null)).toBeNull();
    expect(returnPathOfRequest("//evil.example")).toBeNull();
    expect(signInHref("/reports?tz=UTC")).toBe("/signin?callbackUrl=%2Freports%3Ftz%3DUTC");
    expect(signInHref("/overview")).toBe("/signin");
    expect(signInHref(null)).toBe("/signin");
  });
});
