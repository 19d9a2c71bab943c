import { describe, expect, it } from "vitest";
import { editCampaignErrors } from "./edit-form";

const VALID = {
  name: "Close games",
  bidCpmUsd: "2.5",
  dailyBudgetUsd: "50",
  totalBudgetUsd: "500",
  endDate: "",
  pacing: "EVEN",
};

describe("campaign edit form", () => {
  it("accepts what E7's schema accepts", () => {
    expect(editCampaignErrors(VALID)).toEqual({});
    expect(editCampaignErrors({ ...VALID, endDate: "2030-01-31", pacing: "ASAP" })).toEqual({});
  });

  it("shows E7's refusals on the fields the GraphQL input names", () => {
    const errors = editCampaignErrors({
      ...VALID,
      name: " ",
      dailyBudgetUsd: "4",
      totalBudgetUsd: "500.1234567",
      bidCpmUsd: "",
      endDate: "31/01/2030",
    });
    expect(errors.name).toBe("Must not be blank");
    expect(errors.dailyBudgetUsd).toBe("Must be at least 5");
    expect(errors.totalBudgetUsd).toBe("Must have at most 6 decimal places");
    expect(errors.bidCpmUsd).toBeDefined();
    expect(errors.endDate).toBe("Must be a date (YYYY-MM-DD)");
  });
});
