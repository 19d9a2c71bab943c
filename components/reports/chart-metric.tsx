"use client";
// The metric a chart plots, chosen by the reader: one metric per chart, so that clicks and
// conversions do not lie flat along zero beside thousands of impressions (issue 42).
import { useId } from "react";
import { Select } from "@/components/ui/input";

export type ChartMetricOption<K extends string> = { key: K; label: string };

export function ChartMetricSelect<K extends string>({
  options,
  value,
  onChange,
  chart,
}: {
  options: readonly ChartMetricOption<K>[];
  value: K;
  onChange: (value: K) => void;
  /** what the chart shows, for the select's accessible name ("Metric of the daily chart") */
  chart: string;
}) {
  const id = useId();
  return (
    <div className="mb-3 flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Metric<span className="sr-only"> of the {chart}</span>
      </label>
      <Select
        id={id}
        className="w-auto"
        value={value}
        onChange={(event) => onChange(event.target.value as K)}
        data-testid="chart-metric"
      >
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
