import { describe, expect, it } from "vitest";
import { canChange, statusLabel } from "./status";

describe("campaign status in the dashboard", () => {
  it("offers changes exactly while the domain's rule allows them", () => {
    expect(canChange("ACTIVE")).toBe(true);
    expect(canChange("PAUSED")).toBe(true);
    expect(canChange("ENDED")).toBe(false);
    expect(canChange("CANCELLED")).toBe(false);
    expect(statusLabel("PAUSED")).toBe("Paused");
  });
});
