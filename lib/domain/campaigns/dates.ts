// Calendar dates are UTC (docs/api.md, "Rules"): "today" is the UTC date of the
// injected clock.
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
