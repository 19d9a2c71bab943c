// UTC calendar months as YYYY-MM, the period of invoices and statements.

/** The UTC month of an instant. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The month's first instant and the next month's (exclusive), epoch milliseconds. */
export function monthBounds(month: string): { startMs: number; endMs: number } {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return { startMs: Date.UTC(year, index - 1, 1), endMs: Date.UTC(year, index, 1) };
}

/** The month before the one of `ms`: the last closed month. */
export function previousMonth(ms: number): string {
  const date = new Date(ms);
  return monthOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
}

/** The months from `first` to `last`, both included, in order. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = monthOf(monthBounds(month).endMs)) months.push(month);
  return months;
}
