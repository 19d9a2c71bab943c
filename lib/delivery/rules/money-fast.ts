// Hot-path conversions between integer micro-dollars held in JS numbers and
// USD numbers. For a safe integer n, n / 1e6 is the double nearest to the exact
// decimal n/10^6 (IEEE division rounds correctly), i.e. exactly what
// lib/money's microsToUsd builds from the decimal text, without BigInt work.

export function microsToUsdNumber(micros: number): number {
  return micros / 1_000_000;
}

/** Cost of one impression at a CPM: CPM / 1000 rounded half up (lib/money impressionCostMicros). */
export function impressionCost(cpmMicros: number): number {
  return Math.floor((cpmMicros + 500) / 1000);
}

/** ISO-8601 UTC text of an epoch-ms time. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
