"use client";
// Impressions, clicks and conversions per breakdown key (getCampaignReport rows).
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "@/components/format";
import type { BreakdownBar } from "./chart-data";
import { AXIS_TICK, CHART_COLORS, tickCount } from "./chart-theme";

export function BreakdownChart({ data, title }: { data: BreakdownBar[]; title: string }) {
  return (
    <figure className="m-0" aria-label={title}>
      <div className="h-80 w-full" data-testid="breakdown-chart">
        <BarChart responsive style={{ width: "100%", height: "100%" }} data={data} margin={{ left: 4, right: 4 }}>
          <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={AXIS_TICK} interval="preserveStartEnd" />
          <YAxis tick={AXIS_TICK} tickFormatter={tickCount} allowDecimals={false} width={48} />
          <Tooltip formatter={(value) => formatCount(Number(value))} />
          <Legend />
          <Bar dataKey="impressions" name="Impressions" fill={CHART_COLORS.impressions} isAnimationActive={false} />
          <Bar dataKey="clicks" name="Clicks" fill={CHART_COLORS.clicks} isAnimationActive={false} />
          <Bar dataKey="conversions" name="Conversions" fill={CHART_COLORS.conversions} isAnimationActive={false} />
        </BarChart>
      </div>
      <figcaption className="sr-only">{title}; the table below lists the same numbers.</figcaption>
    </figure>
  );
}
