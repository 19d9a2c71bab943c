import { describe, expect, it } from "vitest";
import { dailyAboveTotal, forecastRequest } from "./forecast";

const complete = {
  moment_types: ["spread_alert", "close_game"],
  sports: ["nfl", "nba"],
  bid_cpm_usd: "$6.50",
  daily_budget_usd: "50",
  total_budget_usd: "1,250.00",
};

describe("forecastRequest", () => {
  it("is the API's input for settings it accepts, the same key whatever the order of the choices", () => {
    const request = forecastRequest(complete);
    expect(request).toEqual({
      input: {
        momentTypes: ["CLOSE_GAME", "SPREAD_ALERT"],
        sports: ["NBA", "NFL"],
        bidCpmUsd: "6.5",
        dailyBudgetUsd: "50",
        totalBudgetUsd: "1250",
      },
      key: expect.any(String),
    });
    const reordered = forecastRequest({
      ...complete,
      moment_types: ["close_game", "spread_alert"],
      sports: ["nba", "nfl"],
    });
    expect("key" in reordered && "key" in request && reordered.key === request.key).toBe(true);
  });

  it("says what is missing instead of asking the API: targeting, a bid under the floor, budgets", () => {
    expect(forecastRequest({ ...complete, sports: [] })).toEqual({ missing: "Choose moment types and sports" });
    expect(forecastRequest({ ...complete, bid_cpm_usd: "0.01" })).toEqual({
      missing: "Enter a bid at or above the floor",
    });
    expect(forecastRequest({ ...complete, bid_cpm_usd: "" })).toEqual({ missing: "Enter a bid at or above the floor" });
    expect(forecastRequest({ ...complete, daily_budget_usd: "1" })).toEqual({
      missing: "Enter the daily and total budgets",
    });
    expect(forecastRequest({ ...complete, total_budget_usd: "abc" })).toEqual({
      missing: "Enter the daily and total budgets",
    });
  });
});

describe("dailyAboveTotal", () => {
  it("warns only when both amounts are read and the day's is larger", () => {
    expect(dailyAboveTotal("600", "500")).toBe(true);
    expect(dailyAboveTotal("500", "500")).toBe(false);
    expect(dailyAboveTotal("", "500")).toBe(false);
    expect(dailyAboveTotal("abc", "5")).toBe(false);
  });
});
