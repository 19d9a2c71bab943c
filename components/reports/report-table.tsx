// The breakdown's rows as a table: the chart's numbers for every reader.
import {
  formatCount,
  formatPercent,
  formatPercentRate,
  formatRoas,
  formatUsd,
  formatUsdRate,
} from "@/components/format";
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
          <Th numeric>Cost per click</Th>
          <Th numeric>Cost per conversion</Th>
          <Th numeric>Conversion rate</Th>
          <Th numeric>Conversion value</Th>
          <Th numeric>ROAS</Th>
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
            <Td numeric>{formatUsdRate(row.costPerClick)}</Td>
            <Td numeric>{formatUsdRate(row.costPerConversion)}</Td>
            <Td numeric>{formatPercentRate(row.conversionRate)}</Td>
            <Td numeric>{formatUsd(row.conversionValue)}</Td>
            <Td numeric>{formatRoas(row.roas)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
