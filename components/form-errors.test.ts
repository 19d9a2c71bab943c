import { describe, expect, it } from "vitest";
import { createCampaignInputFor } from "@/lib/domain/campaigns/campaigns.schemas";
import { capitalize, userFieldErrors, zodFieldErrors } from "./form-errors";

describe("form errors", () => {
  it("keys the shared schema's issues by the GraphQL input's field names", () => {
    const schema = createCampaignInputFor(() => "2026-11-23");
    const result = schema.safeParse({
      name: "x",
      moment_types: ["close_game"],
      sports: ["nba"],
      bid_cpm_usd: 0.5,
      daily_budget_usd: 50,
      total_budget_usd: 500,
      start_date: "2026-11-23",
      creative: { headline: "", body: "b", icon_url: "nope", action_url: "https://example.com" },
    });
    expect(result.success).toBe(false);
    const errors = zodFieldErrors(result.error!);
    expect(errors["creative.headline"]).toBe("Must not be blank");
    expect(errors["creative.iconUrl"]).toBe("Must be an absolute URL");
  });

  it("reports the floor of the highest selected moment type on the bid", () => {
    const schema = createCampaignInputFor(() => "2026-11-23");
    const result = schema.safeParse({
      name: "x",
      moment_types: ["overtime", "close_game"],
      sports: ["nba"],
      bid_cpm_usd: 0.35,
      daily_budget_usd: 50,
      total_budget_usd: 500,
      start_date: "2026-11-23",
      creative: { headline: "h", body: "b", icon_url: "https://i.test/i.png", action_url: "https://example.com" },
    });
    expect(zodFieldErrors(result.error!).bidCpmUsd).toMatch(/floor of overtime/);
  });

  it("maps userErrors paths from the mutation input", () => {
    expect(
      userFieldErrors([
        { field: ["input", "creative", "iconUrl"], message: "icon_url is not reachable" },
        { field: ["input", "momentTypes", "1"], message: "not available" },
        { field: null, message: "whole input" },
      ]),
    ).toEqual({
      "creative.iconUrl": "Icon_url is not reachable",
      momentTypes: "Not available",
      _form: "Whole input",
    });
  });

  it("keys list items by their list, for every form (scopes, event kinds)", () => {
    expect(
      userFieldErrors([
        { field: ["input", "scopes", "0"], message: "not a scope" },
        { field: ["input", "events", "2"], message: "unknown event kind" },
        { field: ["input", "batch_impressions"], message: "must be a boolean" },
      ]),
    ).toEqual({ scopes: "Not a scope", events: "Unknown event kind", batchImpressions: "Must be a boolean" });
    expect(userFieldErrors(undefined)).toEqual({});
    expect(capitalize("already registered")).toBe("Already registered");
  });
});
