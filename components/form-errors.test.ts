import { describe, expect, it } from "vitest";
import { createCampaignInputFor } from "@/lib/domain/campaigns/campaigns.schemas";
import { reportQuery } from "@/lib/domain/reporting/reporting.schemas";
import { capitalize, humanError, userFieldErrors, zodFieldErrors } from "./form-errors";

const CREATIVE = { headline: "h", body: "b", icon_url: "https://i.test/i.png", action_url: "https://example.com" };
const BODY = {
  name: "x",
  moment_types: ["close_game"],
  sports: ["nba"],
  bid_cpm_usd: 0.5,
  daily_budget_usd: 50,
  total_budget_usd: 500,
  start_date: "2026-11-23",
  creative: CREATIVE,
};

describe("form errors", () => {
  const schema = createCampaignInputFor(() => "2026-11-23");

  it("keys the shared schema's issues by the GraphQL input's field names, in words for people", () => {
    const result = schema.safeParse({ ...BODY, creative: { ...CREATIVE, headline: "", icon_url: "nope" } });
    const errors = zodFieldErrors(result.error!);
    expect(errors["creative.headline"]).toBe("Enter the headline");
    expect(errors["creative.iconUrl"]).toBe(
      "Enter the full web address of the icon, starting with https://, such as https://example.com/icon.png",
    );
  });

  it("names the moment type that sets the floor as the page does, with the amount in dollars", () => {
    const result = schema.safeParse({ ...BODY, moment_types: ["bet_resolved", "close_game"], bid_cpm_usd: 0.35 });
    const message = zodFieldErrors(result.error!).bidCpmUsd!;
    expect(message).toBe(
      "The bid must be at least $0.50, the floor of Bet Resolved (the highest floor among the selected moment types)",
    );
    expect(message).not.toMatch(/bet_resolved/);
  });

  it("says what to type for an amount it could not read, and words the minimums in dollars", () => {
    const result = schema.safeParse({
      ...BODY,
      bid_cpm_usd: Number.NaN,
      daily_budget_usd: 4,
      total_budget_usd: undefined,
    });
    const errors = zodFieldErrors(result.error!);
    expect(errors.bidCpmUsd).toMatch(/^Enter the bid as an amount in US dollars, such as 2\.50/);
    expect(errors.bidCpmUsd).not.toMatch(/Invalid input|NaN/);
    expect(errors.dailyBudgetUsd).toBe("The daily budget must be at least $5.00");
    expect(errors.totalBudgetUsd).toMatch(/^Enter the total budget in US dollars/);
  });

  it("asks to select moment types and sports, and names dates and sports as people do", () => {
    const result = schema.safeParse({ ...BODY, moment_types: [], sports: [], end_date: "2026-11-01" });
    const errors = zodFieldErrors(result.error!);
    expect(errors.momentTypes).toBe("Select at least one moment type");
    expect(errors.sports).toBe("Select at least one sport");
    const dates = zodFieldErrors(schema.safeParse({ ...BODY, end_date: "2026-11-01" }).error!);
    expect(dates.endDate).toBe("The end date must be after the start date");
    const unavailable = zodFieldErrors(
      schema.safeParse({ ...BODY, moment_types: ["foul_trouble"], sports: ["mlb"] }).error!,
    );
    expect(unavailable.momentTypes).toMatch(/^Foul Trouble does not happen in the selected sports; it does in /);
    expect(unavailable.momentTypes).toContain("NCAA Basketball");
  });

  it("words the report's refusals without the API's parameter names", () => {
    const result = reportQuery.safeParse({ start_date: "2026-03-10", end_date: "2026-03-01", timezone: "Mars/Base" });
    const errors = zodFieldErrors(result.error!);
    expect(errors.endDate).toBe("The end date must not be before the start date");
    expect(errors.timezone).toBe("Choose a time zone from the list, such as America/New_York");
    expect(humanError("start", "start_date must be a date YYYY-MM-DD")).toBe(
      "Enter the start date as a date, such as 2026-12-01",
    );
  });

  it("words the icon check's refusal as what to fix, on the icon field, without its method or port", () => {
    const errors = userFieldErrors([
      {
        field: ["input", "iconUrl"],
        message:
          "must be a publicly reachable https URL on the default port (443) that answers a HEAD request with 2xx",
      },
    ]);
    expect(errors).toEqual({
      iconUrl:
        "The icon URL could not be loaded: use the https:// address of an image on the public web, such as https://example.com/icon.png",
    });
  });

  it("maps userErrors paths from the mutation input, and words them too", () => {
    expect(
      userFieldErrors([
        { field: ["input", "creative", "iconUrl"], message: "icon_url is not reachable" },
        { field: ["input", "momentTypes", "1"], message: "not available" },
        { field: null, message: "whole input" },
      ]),
    ).toEqual({
      "creative.iconUrl": "Icon URL is not reachable",
      momentTypes: "Not available",
      _form: "Whole input",
    });
  });

  it("keys list items by their list, for every form (scopes, event kinds)", () => {
    expect(
      userFieldErrors([
        { field: ["input", "scopes", "0"], message: "not a scope" },
        { field: ["input", "events"], message: "at least one event kind" },
        { field: ["input", "batch_impressions"], message: "must be a boolean" },
      ]),
    ).toEqual({ scopes: "Not a scope", events: "Select at least one event", batchImpressions: "Must be a boolean" });
    expect(userFieldErrors(undefined)).toEqual({});
    expect(capitalize("already registered")).toBe("Already registered");
  });
});
