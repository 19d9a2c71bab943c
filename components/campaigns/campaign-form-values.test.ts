import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "@/components/form-errors";
import {
  campaignFormDefaults,
  campaignFormSchema,
  createCampaignInput,
  creativeFormSchema,
  EMPTY_CREATIVE,
} from "./campaign-form-values";

const TODAY = "2026-11-23";
const FILLED = {
  ...campaignFormDefaults(TODAY),
  name: "Close games",
  moment_types: ["overtime", "close_game"],
  sports: ["nba"],
  bid_cpm_usd: "$2",
  daily_budget_usd: "50,50",
  total_budget_usd: "1,250.00",
  creative: {
    ...EMPTY_CREATIVE,
    headline: "Overtime!",
    body: "Live odds",
    icon_url: " https://i.test/i.png ",
    action_url: "https://example.com",
  },
};

describe("the create form's values", () => {
  it("are read by E5's schema, amounts as people type them, and become createCampaign's input", () => {
    const body = campaignFormSchema(TODAY).parse(FILLED);
    expect(createCampaignInput(body)).toEqual({
      name: "Close games",
      momentTypes: ["OVERTIME", "CLOSE_GAME"],
      sports: ["NBA"],
      bidCpmUsd: "2",
      dailyBudgetUsd: "50.5",
      totalBudgetUsd: "1250",
      startDate: TODAY,
      endDate: null,
      pacing: "EVEN",
      creative: {
        headline: "Overtime!",
        body: "Live odds",
        iconUrl: "https://i.test/i.png",
        actionUrl: "https://example.com",
        ctaText: null,
      },
    });
  });

  it("carry a target CPA when one is typed, and none when it is left empty", () => {
    const withCpa = createCampaignInput(campaignFormSchema(TODAY).parse({ ...FILLED, target_cpa_usd: "$15" }));
    expect(withCpa.targetCpaUsd).toBe("15");
    expect("targetCpaUsd" in createCampaignInput(campaignFormSchema(TODAY).parse(FILLED))).toBe(false);
    const refused = campaignFormSchema(TODAY).safeParse({ ...FILLED, target_cpa_usd: "-3" });
    expect(zodFieldErrors(refused.error!).targetCpaUsd).toBeDefined();
  });

  it("are refused on the fields the form names them by, in words for people", () => {
    const result = campaignFormSchema(TODAY).safeParse({
      ...FILLED,
      moment_types: [],
      bid_cpm_usd: "two",
      end_date: "2026-11-01",
    });
    const errors = zodFieldErrors(result.error!);
    expect(errors.momentTypes).toBe("Select at least one moment type");
    expect(errors.bidCpmUsd).toMatch(/^Enter the bid as an amount in US dollars/);
    expect(errors.endDate).toBe("The end date must be after the start date");
  });

  it("check a variant with E8's creative schema", () => {
    expect(creativeFormSchema.safeParse({ ...EMPTY_CREATIVE }).success).toBe(false);
    expect(
      creativeFormSchema.parse({
        ...EMPTY_CREATIVE,
        headline: "h",
        body: "b",
        icon_url: "https://i.test/i.png",
        action_url: "https://e.test",
        cta_text: "Go",
      }),
    ).toEqual({
      headline: "h",
      body: "b",
      icon_url: "https://i.test/i.png",
      action_url: "https://e.test",
      cta_text: "Go",
    });
  });
});
