// Floors against the clearing-price percentiles of each moment type (getClearingPrices), as
// numbers for the chart and the table; a percentile without enough auctions
// stays null (never drawn as 0).
export type ClearingPriceEntryIn = {
  momentType: string;
  floorCpmUsd: string;
  clearingPriceP25Usd: string | null;
  clearingPriceP50Usd: string | null;
  clearingPriceP75Usd: string | null;
  clearingPriceP90Usd: string | null;
};

export type ClearingPriceBar = {
  momentType: string;
  label: string;
  floor: number;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
};

const num = (value: string | null) => (value === null ? null : Number(value));

export function clearingPriceChartData(
  entries: readonly ClearingPriceEntryIn[],
  names: Record<string, string>,
): ClearingPriceBar[] {
  return entries.map((entry) => ({
    momentType: entry.momentType,
    label: names[entry.momentType] ?? entry.momentType,
    floor: Number(entry.floorCpmUsd),
    p25: num(entry.clearingPriceP25Usd),
    p50: num(entry.clearingPriceP50Usd),
    p75: num(entry.clearingPriceP75Usd),
    p90: num(entry.clearingPriceP90Usd),
  }));
}

/** True when no moment type has a clearing price yet (the page says so instead of drawing floors alone). */
export function hasNoClearingPrices(bars: readonly ClearingPriceBar[]): boolean {
  return bars.every((bar) => bar.p50 === null);
}
