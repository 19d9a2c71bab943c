import { describe, expect, it } from "vitest";
import { addedMessage, canChange, reviewOf, statusLabel } from "./status";

describe("campaign status in the dashboard", () => {
  it("offers changes exactly while the domain's rule allows them", () => {
    expect(canChange("ACTIVE")).toBe(true);
    expect(canChange("PAUSED")).toBe(true);
    expect(canChange("ENDED")).toBe(false);
    expect(canChange("CANCELLED")).toBe(false);
    expect(statusLabel("PAUSED")).toBe("Paused");
  });

  it("says what the review made of a new variant, and keeps a paused variant's review beside its pause", () => {
    expect(addedMessage({ label: "variant_b", status: "REJECTED", reason: "claims a guaranteed win" })).toBe(
      "Variant B was rejected by the automatic review and gets no traffic: claims a guaranteed win",
    );
    expect(addedMessage({ label: "variant_c", status: "APPROVED", reason: null })).toMatch(
      /^Variant C was added and approved/,
    );
    expect(addedMessage({ label: "variant_d", status: "PENDING", reason: null })).toBe(
      "Variant D was added and waits for review.",
    );
    expect(reviewOf("PAUSED")).toBe("APPROVED");
    expect(reviewOf("REJECTED")).toBe("REJECTED");
  });
});
