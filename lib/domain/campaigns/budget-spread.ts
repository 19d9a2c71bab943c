// The daily budget a total budget spreads to over a flight (daily_budget_usd:
// null at createCampaign and updateCampaign), in micro-dollars, so no client (the MCP server's AdCP
// media buys, which have a total budget only) does it in floats
// (docs/decisions/1311).
import { DAY_MS } from "@/lib/clock";
import type { Pacing } from "./campaigns.schemas";

const CENT_MICROS = 10_000n;

/** Days from start to end date (UTC, YYYY-MM-DD), both counted. */
export function flightDays(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * The daily budget that spreads `totalMicros` over a flight (daily_budget_usd: null at createCampaign and updateCampaign): evenly
 * over its days, rounded up to the cent, so the days together can spend the whole total; with asap pacing
 * a day may spend all of it.
 */
export function spreadDailyBudgetMicros(
  totalMicros: bigint,
  startDate: string,
  endDate: string,
  pacing: Pacing,
): bigint {
  if (pacing === "asap") return totalMicros;
  const days = BigInt(Math.max(1, flightDays(startDate, endDate)));
  const cents = (totalMicros + days * CENT_MICROS - 1n) / (days * CENT_MICROS);
  return cents * CENT_MICROS;
}

/**
 * What is wrong with spreading `totalMicros` over the flight, in words without a field name: no end date to
 * spread over, or a daily budget below `minMicros`; null when the spread is allowed.
 */
export function spreadIssue(
  flight: { totalMicros: bigint; startDate: string; endDate: string | null; pacing: Pacing },
  minMicros: bigint,
  usd: (micros: bigint) => number,
): string | null {
  if (flight.endDate === null) return "is spread from the total budget (null) only for a campaign with an end date";
  const daily = spreadDailyBudgetMicros(flight.totalMicros, flight.startDate, flight.endDate, flight.pacing);
  if (daily >= minMicros) return null;
  const days = flightDays(flight.startDate, flight.endDate);
  return `the total budget spread over ${days} days comes to ${usd(daily)} a day, below the minimum of ${usd(minMicros)}`;
}
