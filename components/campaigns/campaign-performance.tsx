"use client";
// The campaign list's money columns over a range of local dates (issue 42): per campaign of the
// list's page its impressions, clicks, CTR, spend, conversions, cost per click, cost per conversion,
// conversion rate, conversion value and ROAS, as the all-campaigns report works them out (the
// domain's one definition of each rate, lib/domain/reporting/metrics.ts: nothing is divided
// here), a totals row (the report's totals, from the summed raw figures) and, with a previous
// period, each figure's change against it. A rate without its denominator is a dash. Each money
// column's heading is a button that sorts the rows of this page (the campaigns the list shows, in
// the browser: the range's figures are not in the list's cursor, docs/decisions/1237 and 1243);
// the totals row stays last.
import {
  formatCount,
  formatPercent,
  formatPercentRate,
  formatRoas,
  formatUsd,
  formatUsdRate,
  NO_RATE,
} from "@/components/format";
import { changeText } from "@/components/reports/change-text";
import type { ReportRowIn } from "@/components/reports/chart-data";
import { useState } from "react";
import { Table, Td, Th } from "@/components/ui/table";

/** A report row's or totals' figures, as GraphQL gives them (Money is a decimal string): the report table's rows. */
export type Figures = Omit<ReportRowIn, "key" | "conversionValueUsd" | "campaign" | "creative"> & {
  conversionValueUsd: string;
};

/** A campaign without a row (created after the range): nothing delivered, no rate. */
export const NO_FIGURES: Figures = {
  impressions: 0,
  clicks: 0,
  ctr: 0,
  conversions: 0,
  spendUsd: "0",
  costPerClickUsd: null,
  costPerConversionUsd: null,
  conversionRate: null,
  conversionValueUsd: "0",
  roas: null,
};

const money = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));

type Column = {
  key: string;
  label: string;
  /** an abbreviation shown in the header; screen readers hear the label */
  short?: string;
  text: (figures: Figures) => string;
  /** the number a change compares; null when the figure is undefined (no denominator) */
  value: (figures: Figures) => number | null;
};

export const PERFORMANCE_COLUMNS: readonly Column[] = [
  {
    key: "impressions",
    label: "Impressions",
    short: "Impr.",
    text: (f) => formatCount(f.impressions),
    value: (f) => f.impressions,
  },
  { key: "clicks", label: "Clicks", text: (f) => formatCount(f.clicks), value: (f) => f.clicks },
  {
    key: "ctr",
    label: "CTR",
    // the report's CTR is 0 without impressions; the list shows that there is none
    text: (f) => (f.impressions === 0 ? NO_RATE : formatPercent(f.ctr)),
    value: (f) => (f.impressions === 0 ? null : f.ctr),
  },
  { key: "spend", label: "Spend", text: (f) => formatUsd(f.spendUsd), value: (f) => Number(f.spendUsd) },
  {
    key: "conversions",
    label: "Conversions",
    short: "Conv.",
    text: (f) => formatCount(f.conversions),
    value: (f) => f.conversions,
  },
  {
    key: "cpc",
    label: "Cost per click",
    short: "CPC",
    text: (f) => formatUsdRate(f.costPerClickUsd),
    value: (f) => money(f.costPerClickUsd),
  },
  {
    key: "cost-per-conversion",
    label: "Cost per conversion",
    short: "Cost / conv.",
    text: (f) => formatUsdRate(f.costPerConversionUsd),
    value: (f) => money(f.costPerConversionUsd),
  },
  {
    key: "conversion-rate",
    label: "Conversion rate",
    short: "Conv. rate",
    text: (f) => formatPercentRate(f.conversionRate),
    value: (f) => f.conversionRate ?? null,
  },
  {
    key: "conversion-value",
    label: "Conversion value",
    short: "Conv. value",
    text: (f) => formatUsd(f.conversionValueUsd),
    value: (f) => Number(f.conversionValueUsd),
  },
  { key: "roas", label: "ROAS", text: (f) => formatRoas(f.roas), value: (f) => f.roas ?? null },
];

export type SortDirection = "ascending" | "descending";

/**
 * The page's campaigns ordered by one column's figure (`column.value`): a campaign without a
 * figure (a rate without its denominator) comes last either way; ties keep the list's order.
 */
export function sortByColumn<C extends { id: string }>(
  campaigns: readonly C[],
  figures: ReadonlyMap<string, Figures>,
  column: Column,
  direction: SortDirection,
): C[] {
  const sign = direction === "ascending" ? 1 : -1;
  return campaigns
    .map((campaign, index) => ({ campaign, index, value: column.value(figures.get(campaign.id) ?? NO_FIGURES) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      return a.value === b.value ? a.index - b.index : (a.value - b.value) * sign;
    })
    .map((entry) => entry.campaign);
}

/** A figure's change in words; null when there is nothing to compare (no figure now). */
export function figureChange(column: Column, now: Figures, before: Figures): string | null {
  const current = column.value(now);
  const previous = column.value(before);
  if (current === null) return null;
  return previous === null ? "none before" : changeText(current, previous);
}

function Cells({ figures, previous }: { figures: Figures; previous: Figures | null }) {
  return PERFORMANCE_COLUMNS.map((column) => {
    const change = previous ? figureChange(column, figures, previous) : null;
    return (
      <Td key={column.key} numeric data-metric={column.key}>
        <span data-testid="figure">{column.text(figures)}</span>
        {change ? (
          <span className="block text-xs text-muted" data-testid="change">
            {change}
            <span className="sr-only"> against the previous period</span>
          </span>
        ) : null}
      </Td>
    );
  });
}

export function CampaignPerformanceTable({
  campaigns,
  figures,
  previous,
  totals,
  previousTotals,
  caption,
}: {
  campaigns: readonly { id: string; restId: string; name: string }[];
  /** by campaign id (the list's global id) */
  figures: ReadonlyMap<string, Figures>;
  /** by campaign id, with a previous period */
  previous: ReadonlyMap<string, Figures> | null;
  totals: Figures;
  previousTotals: Figures | null;
  caption: string;
}) {
  const [sort, setSort] = useState<{ key: string; direction: SortDirection } | null>(null);
  const sortColumn = sort ? PERFORMANCE_COLUMNS.find((column) => column.key === sort.key) : undefined;
  const rows = sort && sortColumn ? sortByColumn(campaigns, figures, sortColumn, sort.direction) : campaigns;
  return (
    <Table aria-label="Campaign performance" className="[&_td]:px-2.5 [&_th]:px-2.5">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <Th>Campaign</Th>
          {PERFORMANCE_COLUMNS.map((column) => {
            const active = sort?.key === column.key;
            return (
              <Th key={column.key} numeric aria-sort={active ? sort.direction : undefined}>
                <button
                  type="button"
                  className="inline-flex min-h-6 items-center gap-1 uppercase hover:text-ink hover:underline"
                  onClick={() =>
                    setSort({
                      key: column.key,
                      // numbers start with the largest; a second press turns the order round
                      direction: active && sort.direction === "descending" ? "ascending" : "descending",
                    })
                  }
                >
                  {column.short ? (
                    <>
                      <abbr title={column.label} aria-hidden="true">
                        {column.short}
                      </abbr>
                      <span className="sr-only">{column.label}</span>
                    </>
                  ) : (
                    column.label
                  )}
                  <span aria-hidden="true">{active ? (sort.direction === "ascending" ? "▲" : "▼") : ""}</span>
                  <span className="sr-only">{active ? `, sorted ${sort.direction}` : ", sort this page"}</span>
                </button>
              </Th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((campaign) => (
          <tr key={campaign.id}>
            <Td>
              <div className="min-w-36 wrap-anywhere">
                {/* the list above links each campaign: one link per campaign on the page */}
                <span className="font-medium">{campaign.name}</span>
                <p className="text-xs text-muted">{campaign.restId}</p>
              </div>
            </Td>
            <Cells
              figures={figures.get(campaign.id) ?? NO_FIGURES}
              previous={previous ? (previous.get(campaign.id) ?? NO_FIGURES) : null}
            />
          </tr>
        ))}
      </tbody>
      <tfoot className="font-semibold">
        <tr>
          <Td>Total, all campaigns</Td>
          <Cells figures={totals} previous={previousTotals} />
        </tr>
      </tfoot>
    </Table>
  );
}
