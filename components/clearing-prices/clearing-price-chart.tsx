"use client";
// Each moment type's floor beside its clearing-price p25, p50, p75 and p90 (getClearingPrices),
// CPM in USD. The table beside it carries the same numbers.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_TICK, CHART_COLORS, tickUsd } from "../reports/chart-theme";
import type { ClearingPriceBar } from "./chart-data";

const SERIES = [
  { key: "floor", name: "Floor" },
  { key: "p25", name: "p25" },
  { key: "p50", name: "p50 (median)" },
  { key: "p75", name: "p75" },
  { key: "p90", name: "p90" },
] as const;

export function ClearingPriceChart({ data }: { data: ClearingPriceBar[] }) {
  // bars run sideways, one band per moment type: the type names stay readable at a phone's width
  const height = data.length * 64 + 72;
  return (
    <figure className="m-0" aria-label="Floors and clearing prices per moment type, CPM in USD">
      <div className="w-full" style={{ height }} data-testid="clearing-price-chart">
        <BarChart
          responsive
          layout="vertical"
          style={{ width: "100%", height: "100%" }}
          data={data}
          margin={{ left: 4, right: 12 }}
          barCategoryGap="18%"
        >
          <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={AXIS_TICK} tickFormatter={tickUsd} />
          <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={104} interval={0} />
          <Tooltip formatter={(value) => (value === null ? "not enough market data yet" : tickUsd(Number(value)))} />
          <Legend />
          {SERIES.map((series) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.name}
              fill={CHART_COLORS[series.key]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </div>
      <figcaption className="sr-only">
        Floors and clearing prices per moment type; the table below lists the same numbers.
      </figcaption>
    </figure>
  );
}
