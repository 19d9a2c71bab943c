import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CampaignBudget } from "./budget-state";
import { budgetDay, evenPacingAllowance, evenPacingResumeMs, PACING_LEAD_MS } from "@/lib/domain/campaigns/pacing";

const DAY = Date.UTC(2026, 10, 22);

describe("CampaignBudget", () => {
  it("blockedUntilMs computed at a change agrees with the reference rule at every later time of the day", () => {
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom("active", "active", "paused"),
          spend: fc.integer({ min: 0, max: 20_000_000 }),
          daySpend: fc.integer({ min: 0, max: 6_000_000 }),
          inflight: fc.integer({ min: 0, max: 2_000_000 }),
          sameDay: fc.boolean(),
          daily: fc.integer({ min: 5_000_000, max: 8_000_000 }),
          total: fc.integer({ min: 10_000_000, max: 30_000_000 }),
          pacing: fc.constantFrom("even", "asap") as fc.Arbitrary<"even" | "asap">,
          paceStart: fc.integer({ min: DAY - 86_400_000, max: DAY + 86_000_000 }),
          at: fc.integer({ min: DAY, max: DAY + 86_399_999 }),
          later: fc.integer({ min: 0, max: 86_399_999 }),
        }),
        (c) => {
          const budget = new CampaignBudget("cmp");
          Object.assign(budget, {
            status: c.status,
            spendMicros: c.spend,
            spendDay: c.sameDay ? "2026-11-22" : "2026-11-21",
            daySpendMicros: c.daySpend,
            inflightMicros: c.inflight,
            dailyBudgetMicros: c.daily,
            totalBudgetMicros: c.total,
            pacing: c.pacing,
            paceStartMs: c.paceStart,
          });
          budget.refresh(c.at);
          const t = Math.min(DAY + 86_399_999, c.at + c.later);
          return budget.blockedUntilMs > t === (budget.exclusion(t) !== undefined);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("even pacing: the line from the start of the day with a 15-minute lead", () => {
    const daily = 24_000_000;
    expect(evenPacingAllowance(daily, DAY, 0)).toBeCloseTo((daily * PACING_LEAD_MS) / 86_400_000, 6);
    expect(evenPacingAllowance(daily, DAY + 6 * 3_600_000, 0)).toBeCloseTo(6_250_000, 6);
    expect(evenPacingAllowance(daily, DAY + 86_000_000, 0)).toBe(daily);
    // created at 12:00: paced over the 12 hours left
    expect(evenPacingAllowance(daily, DAY + 18 * 3_600_000, DAY + 12 * 3_600_000)).toBeCloseTo(
      12_000_000 + (24_000_000 * 15) / 720,
      3,
    );
    // 6.25 USD spent: paced until 06:00
    expect(evenPacingResumeMs(daily, 6_250_000, DAY + 3_600_000, 0)).toBe(DAY + 6 * 3_600_000 + 1);
  });

  it("counts the day spend on exactly the day budgetDay (the API's Campaign.today) shows it", () => {
    const shown = { dailyBudgetMicros: 24_000_000n, spendDay: "2026-11-22", daySpendMicros: 9_000_000n };
    const budget = new CampaignBudget("cmp");
    Object.assign(budget, { spendDay: "2026-11-22", daySpendMicros: 9_000_000 });
    for (const nowMs of [DAY - 1, DAY, DAY + 86_399_999, DAY + 86_400_000]) {
      const day = budgetDay({ ...shown, pacing: "asap", paceStartMs: 0 }, nowMs);
      expect(budget.daySpend(nowMs), new Date(nowMs).toISOString()).toBe(Number(day.spendMicros));
    }
  });
});
