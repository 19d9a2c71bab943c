"use client";
// One metric per breakdown key (getCampaignReport rows), the reader choosing which, so that
// clicks and conversions are not drawn flat beside impressions on one axis.
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "@/components/format";
import type { BreakdownBar } from "./chart-data";
import { ChartMetricSelect } from "./chart-metric";
import { AXIS_TICK, CHART_COLORS, tickCount, tickUsd } from "./chart-theme";

const METRICS = [
  { key: "impressions", label: "Impressions" },
  { key: "clicks", label: "Clicks" },
  { key: "conversions", label: "Conversions" },
  { key: "spend", label: "Spend" },
] as const;
type Metric = (typeof METRICS)[number]["key"];

export function BreakdownChart({ data, title }: { data: BreakdownBar[]; title: string }) {
  const [metric, setMetric] = useState<Metric>("impressions");
  const label = METRICS.find((option) => option.key === metric)!.label;
  const money = metric === "spend";
  return (
    <figure className="m-0" aria-label={`${title}: ${label.toLowerCase()}`}>
      <ChartMetricSelect options={METRICS} value={metric} onChange={setMetric} chart={title} />
      <div className="h-72 w-full" data-testid="breakdown-chart" data-metric={metric}>
        <BarChart responsive style={{ width: "100%", height: "100%" }} data={data} margin={{ left: 4, right: 8 }}>
          <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={AXIS_TICK} interval="preserveStartEnd" />
          <YAxis
            tick={AXIS_TICK}
            tickFormatter={money ? tickUsd : tickCount}
            allowDecimals={money}
            width={money ? 64 : 48}
          />
          <Tooltip formatter={(value) => (money ? tickUsd(Number(value)) : formatCount(Number(value)))} />
          <Bar dataKey={metric} name={label} fill={CHART_COLORS[metric]} isAnimationActive={false} />
        </BarChart>
      </div>
      <figcaption className="sr-only">
        {title}, {label.toLowerCase()}; the table below lists every number.
      </figcaption>
    </figure>
  );
}
