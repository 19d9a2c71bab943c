"use client";
// Impressions, clicks and spend per local day or hour (getCampaignTimeseries). The table under it
// (SeriesTable) carries the same numbers for screen readers and keyboard users.
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "@/components/format";
import type { SeriesPoint } from "./chart-data";
import { AXIS_TICK, CHART_COLORS, tickCount, tickUsd } from "./chart-theme";

export function TimeSeriesChart({ data, title }: { data: SeriesPoint[]; title: string }) {
  return (
    <figure className="m-0" aria-label={title}>
      <div className="h-80 w-full" data-testid="time-series-chart">
        <LineChart responsive style={{ width: "100%", height: "100%" }} data={data} margin={{ left: 4, right: 4 }}>
          <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
          <YAxis yAxisId="count" tick={AXIS_TICK} tickFormatter={tickCount} allowDecimals={false} width={48} />
          <YAxis yAxisId="usd" orientation="right" tick={AXIS_TICK} tickFormatter={tickUsd} width={56} />
          <Tooltip
            formatter={(value, name) => (name === "Spend" ? tickUsd(Number(value)) : formatCount(Number(value)))}
          />
          <Legend />
          <Line
            yAxisId="count"
            type="monotone"
            dataKey="impressions"
            name="Impressions"
            stroke={CHART_COLORS.impressions}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="count"
            type="monotone"
            dataKey="clicks"
            name="Clicks"
            stroke={CHART_COLORS.clicks}
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="usd"
            type="monotone"
            dataKey="spend"
            name="Spend"
            stroke={CHART_COLORS.spend}
            strokeWidth={2}
            strokeDasharray="2 2"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </div>
      <figcaption className="sr-only">{title}; the table after the chart lists the same numbers.</figcaption>
    </figure>
  );
}
