// A campaign's budget day (budgetDay, GraphQL's Campaign.today): the UTC day of
// the clock, the day spend only when it was recorded for that day, and the
// even-pacing line, across the midnight boundary.
import { describe, expect, it } from "vitest";
import { microsToUsd } from "@/lib/money";
import { budgetDay, type BudgetState } from "./pacing";

/** The budget day in USD, as the dashboard reads GraphQL's Money. */
function campaignTodayView(campaign: BudgetState, nowMs: number) {
  const day = budgetDay(campaign, nowMs);
  return {
    date: day.date,
    spend_usd: microsToUsd(day.spendMicros),
    daily_budget_usd: microsToUsd(day.dailyBudgetMicros),
    pacing_allowance_usd: day.pacingAllowanceMicros === null ? null : microsToUsd(day.pacingAllowanceMicros),
    remaining_usd: microsToUsd(day.remainingMicros),
  };
}

const DAY = Date.UTC(2026, 10, 22);
const HOUR = 3_600_000;

function state(overrides: Partial<BudgetState> = {}): BudgetState {
  return {
    dailyBudgetMicros: 24_000_000n,
    spendDay: "2026-11-22",
    daySpendMicros: 9_000_000n,
    pacing: "even",
    paceStartMs: DAY - 30 * 24 * HOUR,
    ...overrides,
  };
}

describe("campaignTodayView", () => {
  it("answers the day's spend against the daily budget and the even line, in USD", () => {
    expect(campaignTodayView(state(), DAY + 6 * HOUR)).toEqual({
      date: "2026-11-22",
      spend_usd: 9,
      daily_budget_usd: 24,
      // 6 h of 24 plus the 15-minute lead
      pacing_allowance_usd: 6.25,
      remaining_usd: 15,
    });
  });

  it("counts the spend up to the last millisecond of its UTC day and starts the next day at 0", () => {
    const lastMs = DAY + 24 * HOUR - 1;
    expect(campaignTodayView(state(), lastMs)).toMatchObject({
      date: "2026-11-22",
      spend_usd: 9,
      pacing_allowance_usd: 24,
      remaining_usd: 15,
    });
    expect(campaignTodayView(state(), lastMs + 1)).toEqual({
      date: "2026-11-23",
      spend_usd: 0,
      daily_budget_usd: 24,
      // a fresh day: only the lead (15 of 1,440 minutes)
      pacing_allowance_usd: 0.25,
      remaining_usd: 24,
    });
  });

  it("reads a day spend recorded on another day as nothing spent today", () => {
    const yesterday = state({ spendDay: "2026-11-21", daySpendMicros: 24_000_000n });
    expect(campaignTodayView(yesterday, DAY)).toMatchObject({ date: "2026-11-22", spend_usd: 0, remaining_usd: 24 });
    expect(campaignTodayView(state({ spendDay: null }), DAY)).toMatchObject({ spend_usd: 0, remaining_usd: 24 });
  });

  it("has no line for asap and no negative remainder past the daily budget", () => {
    const over = state({ pacing: "asap", daySpendMicros: 25_000_000n });
    expect(campaignTodayView(over, DAY + HOUR)).toMatchObject({
      spend_usd: 25,
      pacing_allowance_usd: null,
      remaining_usd: 0,
    });
  });

  it("paces a campaign created today from its creation", () => {
    const createdAtNoon = state({ spendDay: null, paceStartMs: DAY + 12 * HOUR });
    // 6 h of the 12 left, plus 15 minutes of them
    expect(campaignTodayView(createdAtNoon, DAY + 18 * HOUR).pacing_allowance_usd).toBe(12.5);
  });
});
