import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DecisionView } from "@/lib/delivery/delivery.schemas";
import type { MomentDecision } from "@/lib/delivery/engine/delivery-engine";
import { encodeMomentAnswer, momentAnswer } from "./moment-answer";

const stringify = (decisions: MomentDecision[]) => JSON.stringify(momentAnswer(decisions));

/** the engine's order of a view's keys (DeliveryEngine#view) */
function view(fields: Omit<DecisionView, "creative">, creative: DecisionView["creative"]): DecisionView {
  return {
    impression_id: fields.impression_id,
    campaign_id: fields.campaign_id,
    creative_id: fields.creative_id,
    variant_label: fields.variant_label,
    clearing_cpm_usd: fields.clearing_cpm_usd,
    creative,
    click_url: fields.click_url,
  };
}

const anyText = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));
const creativeArb = fc.record({
  headline: anyText,
  body: anyText,
  icon_url: anyText,
  cta_text: fc.option(anyText, { nil: null }),
});
const fieldsArb = fc.record({
  impression_id: anyText,
  campaign_id: anyText,
  creative_id: anyText,
  variant_label: anyText,
  clearing_cpm_usd: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -0, 12.5, 1e21, 5e-7)),
  click_url: anyText,
});

describe("encodeMomentAnswer", () => {
  it("writes exactly JSON.stringify(momentAnswer(decisions)), for any strings and numbers", () => {
    fc.assert(
      fc.property(
        // a few creative objects, shared by the decisions that pick them (as the engine shares them)
        fc.array(creativeArb, { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.record({
            userId: anyText,
            kind: fc.constantFrom("filled", "filled", "capped", "no_fill"),
            creative: fc.nat(),
            fields: fieldsArb,
          }),
          { maxLength: 40 },
        ),
        (creatives, drawn) => {
          const decisions: MomentDecision[] = drawn.map(({ userId, kind, creative, fields }) =>
            kind === "filled"
              ? { userId, kind, view: view(fields, creatives[creative % creatives.length]!) }
              : { userId, kind: kind as "capped" | "no_fill" },
          );
          expect(encodeMomentAnswer(decisions).toString("utf8")).toBe(stringify(decisions));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("encodes a creative's part again for a view with other ids sharing its creative object", () => {
    const creative = { headline: "Your bet is live", body: "Tap", icon_url: "https://cdn.test/i.png", cta_text: null };
    const fields = {
      impression_id: "imp_1",
      campaign_id: "cmp_a",
      creative_id: "crv_a",
      variant_label: "variant_a",
      clearing_cpm_usd: 12.5,
      click_url: "https://sma.test/c/clk_1",
    };
    // each view differs from the one before it in one id only
    const views = [
      fields,
      { ...fields, creative_id: "crv_b" },
      { ...fields, creative_id: "crv_b", variant_label: "variant_b" },
      { ...fields, creative_id: "crv_b", variant_label: "variant_b", campaign_id: "cmp_b" },
      fields,
    ];
    const decisions: MomentDecision[] = views.map((ids, index) => ({
      userId: `u${index}`,
      kind: "filled",
      view: view(ids, creative),
    }));
    expect(encodeMomentAnswer(decisions).toString("utf8")).toBe(stringify(decisions));
  });

  it("grows past its first estimate (long creatives) and answers an empty moment", () => {
    const creative = { headline: "h".repeat(3000), body: "é".repeat(2000), icon_url: "u", cta_text: "go" };
    const decisions: MomentDecision[] = Array.from({ length: 50 }, (_, index) => ({
      userId: `user-${index}`,
      kind: "filled",
      view: view(
        {
          impression_id: `imp_${index}`,
          campaign_id: "cmp",
          creative_id: "crv",
          variant_label: "variant_a",
          clearing_cpm_usd: index / 7,
          click_url: `https://sma.test/c/clk_${index}`,
        },
        creative,
      ),
    }));
    expect(encodeMomentAnswer(decisions).toString("utf8")).toBe(stringify(decisions));
    expect(encodeMomentAnswer([]).toString("utf8")).toBe('{"decisions":[]}');
  });
});
