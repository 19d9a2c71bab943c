"use client";
// One metric per local day or hour (getCampaignTimeseries, or the all-campaigns report by day), the
// reader choosing which: a line between the points as they are (linear, not a smoothed curve that
// draws ramps the data does not have). The table under it (SeriesTable) carries every number for
// screen readers and keyboard users.
import { useState } from "react";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "@/components/format";
import type { SeriesPoint } from "./chart-data";
import { ChartMetricSelect } from "./chart-metric";
import { AXIS_TICK, CHART_COLORS, tickCount, tickUsd } from "./chart-theme";

export const SERIES_METRICS = [
  { key: "impressions", label: "Impressions" },
  { key: "clicks", label: "Clicks" },
  { key: "conversions", label: "Conversions" },
  { key: "spend", label: "Spend" },
] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number]["key"];

export function TimeSeriesChart({
  data,
  title,
  initial = "impressions",
}: {
  data: SeriesPoint[];
  title: string;
  initial?: SeriesMetric;
}) {
  const [metric, setMetric] = useState<SeriesMetric>(initial);
  const label = SERIES_METRICS.find((option) => option.key === metric)!.label;
  const money = metric === "spend";
  return (
    <figure className="m-0" aria-label={`${title}: ${label.toLowerCase()}`}>
      <ChartMetricSelect options={SERIES_METRICS} value={metric} onChange={setMetric} chart={title} />
      <div className="h-72 w-full" data-testid="time-series-chart" data-metric={metric}>
        <LineChart responsive style={{ width: "100%", height: "100%" }} data={data} margin={{ left: 4, right: 8 }}>
          <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
          <YAxis
            tick={AXIS_TICK}
            tickFormatter={money ? tickUsd : tickCount}
            allowDecimals={money}
            width={money ? 64 : 48}
          />
          <Tooltip formatter={(value) => (money ? tickUsd(Number(value)) : formatCount(Number(value)))} />
          <Line
            type="linear"
            dataKey={metric}
            name={label}
            stroke={CHART_COLORS[metric]}
            strokeWidth={2}
            dot={data.length <= 62}
            isAnimationActive={false}
          />
        </LineChart>
      </div>
      <figcaption className="sr-only">
        {title}, {label.toLowerCase()}; the table after the chart lists every number.
      </figcaption>
    </figure>
  );
}
