// The breakdown's rows as a table: the chart's numbers for every reader.
import { formatCount, formatPercent, formatUsd } from "@/components/format";
import { Table, Td, Th } from "@/components/ui/table";
import type { BreakdownBar } from "./chart-data";
import { BREAKDOWN_LABELS, type ReportBreakdownKey } from "./report-params";

export function ReportTable({ breakdown, rows }: { breakdown: ReportBreakdownKey; rows: readonly BreakdownBar[] }) {
  return (
    <Table aria-label={`Report by ${BREAKDOWN_LABELS[breakdown].toLowerCase()}`} data-testid="report-table">
      <thead>
        <tr>
          <Th>{BREAKDOWN_LABELS[breakdown]}</Th>
          <Th numeric>Impressions</Th>
          <Th numeric>Clicks</Th>
          <Th numeric>CTR</Th>
          <Th numeric>Conversions</Th>
          <Th numeric>Spend</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <Td>{row.label}</Td>
            <Td numeric>{formatCount(row.impressions)}</Td>
            <Td numeric>{formatCount(row.clicks)}</Td>
            <Td numeric>{formatPercent(row.ctr)}</Td>
            <Td numeric>{formatCount(row.conversions)}</Td>
            <Td numeric>{formatUsd(row.spend)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
