// Series colours of the dashboard's charts: each at least 4.5:1 against white
// (WCAG AA for text-sized marks), told apart by dash pattern too, not by colour alone.
import { formatCompact, formatUsd } from "../format";

export const CHART_COLORS = {
  impressions: "#1d4ed8",
  clicks: "#047857",
  conversions: "#9a3412",
  spend: "#6d28d9",
  floor: "#374151",
  p25: "#0e7490",
  p50: "#1d4ed8",
  p75: "#6d28d9",
  p90: "#9d174d",
} as const;

export const AXIS_TICK = { fill: "#374151", fontSize: 12 } as const;

/** Axis ticks: $1.25, $0.0042 (amounts under a cent keep their digits, as everywhere), 12K. */
export const tickUsd = (value: number) => formatUsd(value);
export const tickCount = formatCompact;
