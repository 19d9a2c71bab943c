// Budget days and even pacing (docs/decisions/0404-pacing.md): the one
// definition of a campaign's budget day (the UTC day of the clock) and of the
// even-pacing line. Pure functions of the time, in the domain because both the
// delivery engine (daily caps, the index) and the campaign views (GraphQL's
// Campaign.today) use them, and lib/domain never imports lib/delivery.
import { DAY_MS, MINUTE_MS } from "@/lib/clock";

/** spend may run this far ahead of the even line, so a fresh day can start delivering */
export const PACING_LEAD_MS = 15 * MINUTE_MS;

let cachedDayStart = NaN;
let cachedDay = "";

/** The start of the budget day (the UTC day) holding an epoch-ms time; the day ends DAY_MS later. */
export function dayStartMs(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The UTC date (YYYY-MM-DD) of an epoch-ms time: the day of a daily budget. */
export function utcDay(ms: number): string {
  // called for every budget refresh on the hot path: remember the last day
  if (ms >= cachedDayStart && ms < cachedDayStart + DAY_MS) return cachedDay;
  cachedDayStart = dayStartMs(ms);
  cachedDay = new Date(cachedDayStart).toISOString().slice(0, 10);
  return cachedDay;
}

/**
 * How much of the daily budget an evenly paced campaign may have spent by `nowMs`:
 * a straight line from the start of the UTC day (or from the campaign's creation,
 * when it was created today) to the end of the day, plus a 15-minute lead.
 */
export function evenPacingAllowance(dailyBudgetMicros: number, nowMs: number, paceStartMs: number): number {
  const dayStart = dayStartMs(nowMs);
  const dayEnd = dayStart + DAY_MS;
  const start = Math.min(Math.max(dayStart, paceStartMs), dayEnd - PACING_LEAD_MS);
  const fraction = (nowMs - start + PACING_LEAD_MS) / (dayEnd - start);
  if (fraction >= 1) return dailyBudgetMicros;
  if (fraction <= 0) return 0;
  return dailyBudgetMicros * fraction;
}

/**
 * The first whole millisecond at which an evenly paced campaign that has spent
 * `daySpendMicros` today is below the line again (the line passes its spend):
 * the campaign is paced while `nowMs` is before it.
 */
export function evenPacingResumeMs(
  dailyBudgetMicros: number,
  daySpendMicros: number,
  nowMs: number,
  paceStartMs: number,
): number {
  if (daySpendMicros <= 0) return 0;
  const dayStart = dayStartMs(nowMs);
  const dayEnd = dayStart + DAY_MS;
  const start = Math.min(Math.max(dayStart, paceStartMs), dayEnd - PACING_LEAD_MS);
  // allowance(t) = daily * (t - start + lead) / (dayEnd - start) exceeds daySpend for t > lineMs
  const lineMs = start - PACING_LEAD_MS + ((dayEnd - start) * daySpendMicros) / dailyBudgetMicros;
  return Math.floor(lineMs) + 1;
}

/** What a campaign's budget day is computed from: the campaign's own (camelCase) numbers, not an API view. */
export type BudgetState = {
  dailyBudgetMicros: bigint;
  /** the UTC day `daySpendMicros` belongs to */
  spendDay: string | null;
  daySpendMicros: bigint;
  pacing: "even" | "asap";
  /** even pacing's line starts at the day's start or at the campaign's creation, the later */
  paceStartMs: number;
};

/** A campaign's UTC day against its daily budget and the even-pacing line, as the dashboard shows it. */
export type BudgetDay = {
  date: string;
  spendMicros: bigint;
  dailyBudgetMicros: bigint;
  /** what even pacing lets it have spent by now (the line the engine enforces, lead included); null for asap */
  pacingAllowanceMicros: bigint | null;
  remainingMicros: bigint;
};

/** The budget day of `nowMs`: a day spend recorded for another day is that day's, so today's is 0. */
export function budgetDay(campaign: BudgetState, nowMs: number): BudgetDay {
  const date = utcDay(nowMs);
  const spent = campaign.spendDay === date ? campaign.daySpendMicros : 0n;
  const daily = campaign.dailyBudgetMicros;
  return {
    date,
    spendMicros: spent,
    dailyBudgetMicros: daily,
    pacingAllowanceMicros:
      campaign.pacing === "asap"
        ? null
        : BigInt(Math.floor(evenPacingAllowance(Number(daily), nowMs, campaign.paceStartMs))),
    remainingMicros: spent >= daily ? 0n : daily - spent,
  };
}
