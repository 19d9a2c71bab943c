import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "@/components/form-errors";
import { editFormSchema, updateInput, type EditValues } from "./edit-form";

const VALUES: EditValues = {
  name: "Close games",
  bid_cpm_usd: "2.50",
  daily_budget_usd: "50",
  total_budget_usd: "500",
  end_date: "",
  pacing: "even",
  target_cpa_usd: "",
  target_regions: [],
  excluded_regions: [],
};

describe("edit form", () => {
  it("accepts the campaign's settings, amounts as people type them, as updateCampaign's input", () => {
    const body = editFormSchema.parse({ ...VALUES, bid_cpm_usd: "$3", daily_budget_usd: "60,5" });
    expect(updateInput("Q2FtcGFpZ246Y21wX3g", body)).toEqual({
      id: "Q2FtcGFpZ246Y21wX3g",
      name: "Close games",
      bidCpmUsd: "3",
      dailyBudgetUsd: "60.5",
      totalBudgetUsd: "500",
      endDate: null,
      pacing: "EVEN",
      targetCpaUsd: null,
      targetRegions: null,
      excludedRegions: null,
    });
  });

  it("sends the chosen regions, and none as null (everywhere)", () => {
    const body = editFormSchema.parse({ ...VALUES, target_regions: ["US-NJ", "CA"], excluded_regions: [] });
    expect(updateInput("id", body)).toMatchObject({ targetRegions: ["US-NJ", "CA"], excludedRegions: null });
    const refused = editFormSchema.safeParse({ ...VALUES, target_regions: ["US-ZZ"] });
    expect(refused.success).toBe(false);
  });

  it("sets a target CPA as typed, and an emptied one turns it off (null)", () => {
    expect(updateInput("id", editFormSchema.parse({ ...VALUES, target_cpa_usd: "$12.50" })).targetCpaUsd).toBe("12.5");
    expect(updateInput("id", editFormSchema.parse({ ...VALUES, target_cpa_usd: "  " })).targetCpaUsd).toBeNull();
    const refused = editFormSchema.safeParse({ ...VALUES, target_cpa_usd: "0" });
    expect(zodFieldErrors(refused.error!).targetCpaUsd).toBeDefined();
  });

  it("refuses with E7's rules, in words for people: emptied and unreadable amounts say what to type", () => {
    const errors = zodFieldErrors(
      editFormSchema.safeParse({ ...VALUES, name: " ", bid_cpm_usd: "", daily_budget_usd: "4", total_budget_usd: "x" })
        .error!,
    );
    expect(errors.name).toBe("Enter the name");
    expect(errors.bidCpmUsd).toMatch(/^Enter the bid in US dollars, such as 2\.50/);
    expect(errors.dailyBudgetUsd).toBe("The daily budget must be at least $5.00");
    expect(errors.totalBudgetUsd).toMatch(/^Enter the total budget as an amount in US dollars/);
  });
});
