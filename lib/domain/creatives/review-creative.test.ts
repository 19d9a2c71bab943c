import { describe, expect, it } from "vitest";
import { normalize, reviewCreative } from "./review-creative";
import { variantLabel } from "./variant-label";

const ok = {
  headline: "Your parlay is one leg away",
  body: "Cash out now or ride it.",
  cta_text: "Open bet",
  icon_url: "https://cdn.example.com/i.png",
};

describe("reviewCreative", () => {
  it("approves a compliant creative", () => {
    expect(reviewCreative(ok)).toEqual({ status: "approved", reason: null });
    expect(reviewCreative({ ...ok, cta_text: null })).toEqual({ status: "approved", reason: null });
  });

  it.each([
    ["headline", "Risk-free bet tonight!", "risk-free"],
    ["headline", "RISK FREE first wager", "risk-free"],
    ["body", "This one is a guaranteed win.", "guaranteed win"],
    ["body", "Our picks: 100% win rate", "guaranteed win"],
    ["body", "You can’t lose with this parlay", "can't lose"],
    ["body", "You cannot lose", "can't lose"],
    ["cta_text", "Free money", "free money"],
    ["headline", "Ｒｉｓｋ－ｆｒｅｅ", "risk-free"],
  ])("rejects a %s with %j", (field, text, label) => {
    const result = reviewCreative({ ...ok, [field]: text });
    expect(result.status).toBe("rejected");
    expect(result.reason).toContain(field);
    expect(result.reason).toContain(`"${label}"`);
  });

  it("does not match words that merely contain a phrase", () => {
    expect(reviewCreative({ ...ok, body: "The risk freezes nobody; no riskier parlays." }).status).toBe("approved");
    expect(reviewCreative({ ...ok, headline: "Guaranteed winter warmth" }).status).toBe("approved");
  });

  it("rejects over-long text and an icon that is not HTTPS", () => {
    expect(reviewCreative({ ...ok, headline: "h".repeat(61) })).toEqual({
      status: "rejected",
      reason: "headline is longer than 60 characters",
    });
    expect(reviewCreative({ ...ok, icon_url: "http://cdn.example.com/i.png" })).toEqual({
      status: "rejected",
      reason: "icon_url is not an HTTPS URL",
    });
  });

  it("normalizes to lowercase words", () => {
    expect(normalize("Can't LOSE -- Risk‑Free!!")).toBe("cant lose risk free");
  });
});

describe("variantLabel", () => {
  it("labels a, b, ..., z, aa, ab", () => {
    expect([0, 1, 2, 25, 26, 27, 51, 52].map(variantLabel)).toEqual([
      "variant_a",
      "variant_b",
      "variant_c",
      "variant_z",
      "variant_aa",
      "variant_ab",
      "variant_az",
      "variant_ba",
    ]);
  });
});
