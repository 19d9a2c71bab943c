// A figure's change against the previous period in words, as the reports page's totals and the
// campaign list's compare columns show it.
import { formatPercent } from "@/components/format";
import { changeOf } from "./report-params";

/** "+12.5 %" / "−3.0 %" against the previous period, or why there is no percentage. */
export function changeText(current: number, previous: number): string {
  const change = changeOf(current, previous);
  if (change === null) return current === 0 ? "no change" : "none before";
  const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
  return `${sign}${formatPercent(Math.abs(change), 1)}`;
}
