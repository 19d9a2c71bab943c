/** Linear-interpolated percentile (R type 7) of an ascending-sorted array; undefined when empty. */
export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  if (p <= 0) return sorted[0];
  if (p >= 1) return sorted[sorted.length - 1];
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low]!;
  const b = sorted[high]!;
  return a + (b - a) * (rank - low);
}
