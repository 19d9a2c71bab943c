// The pure part of the delivery estimate (docs/decisions/0304): from a market
// sample summarised per price band, the impressions and spend a day a bid would
// have bought. Nothing here sees a winning bid, and nothing finer than a band:
// - prices are placed on a fixed geometric grid, 5 % apart, anchored at 1 USD
//   CPM (public, the same for everyone, independent of the data);
// - the bid is bucketed down to its grid point: every bid in [g(k), g(k+1))
//   gets the same answer, so a rival moving its bid learns only in which band
//   other advertisers' clearing prices lie, never a price;
// - an auction is counted as won when its clearing price's band is below the
//   bid's bucket, priced at its band's upper edge (never its own price);
// - impressions are rounded to 2 significant digits, spend to whole cents.
import type { EstimateStatus } from "./market.schemas";
import { isPublishable, type MarketSample } from "./market.schemas";

/** The grid's ratio: consecutive price points are 5 % apart. */
export const GRID_RATIO = 1.05;
const ANCHOR_MICROS = 1_000_000;

/** The grid point `band` steps from 1 USD CPM, in micro-dollars (integer). */
export function gridPointMicros(band: number): number {
  return Math.round(ANCHOR_MICROS * GRID_RATIO ** band);
}

/** The band of a positive price: the largest `k` with gridPointMicros(k) <= micros. */
export function bandOf(micros: number): number {
  if (!(micros > 0)) throw new RangeError(`bandOf: not a positive price: ${micros}`);
  let band = Math.floor(Math.log(micros / ANCHOR_MICROS) / Math.log(GRID_RATIO));
  // the logarithm may land one step off at a grid point; the integer grid decides
  while (gridPointMicros(band + 1) <= micros) band += 1;
  while (gridPointMicros(band) > micros) band -= 1;
  return band;
}

/** Rounds a non-negative count to 2 significant digits (a whole number): 12.4 -> 12, 1249 -> 1200, 0.4 -> 0. */
export function roundToTwoSignificant(value: number): number {
  if (!(value > 0)) return 0;
  const digits = Math.floor(Math.log10(value)) + 1;
  const scale = 10 ** Math.max(0, digits - 2);
  return Math.round(value / scale) * scale;
}

const CENT_MICROS = 10_000;

/** Micro-dollars rounded to whole cents (half up), never above `capMicros` rounded down to cents. */
export function roundToCents(micros: number, capMicros: number): number {
  const rounded = Math.round(micros / CENT_MICROS) * CENT_MICROS;
  return Math.min(rounded, Math.floor(capMicros / CENT_MICROS) * CENT_MICROS);
}

/**
 * The market around a campaign's lanes (its moment types in its sports), the
 * caller's own and sandbox auctions left out: filled auctions counted per band
 * of their clearing price, and the auctions nobody filled.
 */
export type EstimateSample = MarketSample & {
  /** filled auctions per band of their clearing price: [band, count] */
  filledByBand: readonly (readonly [band: number, count: number])[];
  /** no_fill auctions and the sum of their types' floors (what winning them would have cost, CPM micros) */
  noFill: { count: number; floorSumMicros: number };
  /** days of history the counts cover (1 to 7) */
  days: number;
};

export type DeliveryEstimate = { status: EstimateStatus; dailyImpressions: number; dailySpendMicros: bigint };

export const NO_DELIVERY: DeliveryEstimate = { status: "estimated", dailyImpressions: 0, dailySpendMicros: 0n };
export const INSUFFICIENT_VOLUME: DeliveryEstimate = {
  status: "insufficient_volume",
  dailyImpressions: 0,
  dailySpendMicros: 0n,
};

/**
 * Impressions and spend a day at `bidCpmMicros`, capped by the daily budget (or
 * the total, if smaller): insufficient_volume (both 0) unless the sample is
 * publishable. Unfilled auctions count (at their floor) only then.
 */
export function estimateFromSample(
  sample: EstimateSample,
  budget: { bidCpmMicros: bigint; dailyBudgetMicros: bigint; totalBudgetMicros: bigint },
): DeliveryEstimate {
  if (!isPublishable(sample)) return INSUFFICIENT_VOLUME;
  const bucket = bandOf(Number(budget.bidCpmMicros));
  let wins = sample.noFill.count;
  let cpmSumMicros = sample.noFill.floorSumMicros;
  for (const [band, count] of sample.filledByBand) {
    if (band >= bucket) continue;
    wins += count;
    cpmSumMicros += count * gridPointMicros(band + 1);
  }
  let impressions = wins / sample.days;
  // an impression costs CPM / 1000
  let spend = cpmSumMicros / 1000 / sample.days;
  const cap = Number(
    budget.dailyBudgetMicros < budget.totalBudgetMicros ? budget.dailyBudgetMicros : budget.totalBudgetMicros,
  );
  if (spend > cap) {
    impressions = (impressions * cap) / spend;
    spend = cap;
  }
  return {
    status: "estimated",
    dailyImpressions: roundToTwoSignificant(impressions),
    dailySpendMicros: BigInt(roundToCents(spend, cap)),
  };
}
