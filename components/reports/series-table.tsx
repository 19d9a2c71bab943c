// The time series' points as a table: the chart's numbers for screen readers and
// keyboard users (docs/decisions/1211). Folded under the chart, since an hourly
// series may hold up to 744 rows.
import { formatCount, formatUsd } from "@/components/format";
import { Table, Td, Th } from "@/components/ui/table";
import type { SeriesPoint } from "./chart-data";

export function SeriesTable({
  points,
  granularity,
  tz,
}: {
  points: readonly SeriesPoint[];
  granularity: "DAY" | "HOUR";
  /** the zone the days and hours are local to, named in the first column's header */
  tz: string;
}) {
  const unit = granularity === "HOUR" ? "hour" : "day";
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-medium text-brand">The numbers per {unit}, as a table</summary>
      <Table
        aria-label={`Impressions, clicks, conversions and spend per ${unit}`}
        data-testid="series-table"
        className="mt-2"
      >
        <thead>
          <tr>
            <Th>
              {granularity === "HOUR" ? "Hour" : "Day"} ({tz})
            </Th>
            <Th numeric>Impressions</Th>
            <Th numeric>Clicks</Th>
            <Th numeric>Conversions</Th>
            <Th numeric>Spend</Th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.ts}>
              <Td>{point.label}</Td>
              <Td numeric>{formatCount(point.impressions)}</Td>
              <Td numeric>{formatCount(point.clicks)}</Td>
              <Td numeric>{formatCount(point.conversions)}</Td>
              <Td numeric>{formatUsd(point.spend)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </details>
  );
}
