// Shapes GraphQL reports into what the charts and the table draw: numbers
// (Money comes as decimal strings), labels in the report's zone, names for keys.
import { formatPercentRate, formatRoas, formatUsd, formatUsdRate } from "@/components/format";
import type { ReportBreakdownKey } from "./report-params";

export type SeriesPointIn = { ts: string; impressions: number; clicks: number; conversions: number; spendUsd: string };
export type SeriesPoint = {
  ts: string;
  label: string;
  impressions: number;
  clicks: number;
  conversions: number;
  spend: number;
};

/** One point per local day or hour, labelled in `tz` ("Nov 2", or "Nov 2, 13:00" per hour). */
export function seriesChartData(points: readonly SeriesPointIn[], granularity: "DAY" | "HOUR", tz: string) {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    month: "short",
    day: "numeric",
    ...(granularity === "HOUR" ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
  } as Intl.DateTimeFormatOptions);
  return points.map((point): SeriesPoint => ({
    ts: point.ts,
    label: format.format(new Date(point.ts)),
    impressions: point.impressions,
    clicks: point.clicks,
    conversions: point.conversions,
    spend: Number(point.spendUsd),
  }));
}

const DAY_LABEL = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

/** A DAY breakdown's rows (local dates, the all-campaigns report's) as the daily chart's points ("Nov 2"). */
export function dailyRowsChartData(rows: readonly ReportRowIn[]): SeriesPoint[] {
  return rows.map((row) => ({
    ts: row.key,
    label: DAY_LABEL.format(new Date(`${row.key}T00:00:00Z`)),
    impressions: row.impressions,
    clicks: row.clicks,
    conversions: row.conversions,
    spend: Number(row.spendUsd),
  }));
}

export type ReportRowIn = {
  key: string;
  impressions: number;
  clicks: number;
  ctr: number;
  conversions: number;
  spendUsd: string;
  /** the money columns (null: no denominator), as the domain works them out */
  costPerClickUsd?: string | null;
  costPerConversionUsd?: string | null;
  conversionRate?: number | null;
  conversionValueUsd?: string;
  roas?: number | null;
  creative?: { variantLabel: string; headline: string } | null;
  campaign?: { name: string } | null;
  /** REGION: the ISO code and name; null for decisions that named no region */
  region?: string | null;
  regionName?: string | null;
};

export type BreakdownBar = {
  key: string;
  label: string;
  impressions: number;
  clicks: number;
  ctr: number;
  conversions: number;
  spend: number;
} & MoneyColumns;

/** The money columns of a row or of totals, as numbers (null: no denominator, shown as a dash). */
export type MoneyColumns = {
  costPerClick: number | null;
  costPerConversion: number | null;
  conversionRate: number | null;
  conversionValue: number;
  roas: number | null;
};

const moneyOrNull = (value: string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/** A report row's or totals' money columns from GraphQL (Money is a decimal string). */
export function moneyColumns(
  row: Omit<ReportRowIn, "key" | "impressions" | "clicks" | "ctr" | "conversions" | "spendUsd">,
): MoneyColumns {
  return {
    costPerClick: moneyOrNull(row.costPerClickUsd),
    costPerConversion: moneyOrNull(row.costPerConversionUsd),
    conversionRate: row.conversionRate ?? null,
    conversionValue: Number(row.conversionValueUsd ?? 0),
    roas: row.roas ?? null,
  };
}

export type KeyNames = { momentTypes: Record<string, string>; sports: Record<string, string> };

/** A readable name of a breakdown key: the catalog's names, the creative's variant and headline, hours as 13:00. */
export function breakdownLabel(breakdown: ReportBreakdownKey, row: ReportRowIn, names: KeyNames): string {
  switch (breakdown) {
    case "MOMENT_TYPE":
      return names.momentTypes[row.key.toUpperCase()] ?? names.momentTypes[row.key] ?? row.key;
    case "SPORT":
      return names.sports[row.key.toUpperCase()] ?? names.sports[row.key] ?? row.key;
    case "CREATIVE":
      return row.creative ? `${variantName(row.creative.variantLabel)}: ${row.creative.headline}` : row.key;
    case "HOUR_OF_DAY":
      return `${row.key.padStart(2, "0")}:00`;
    case "CAMPAIGN":
      return row.campaign?.name ?? row.key;
    case "REGION":
      return row.region ? `${row.regionName ?? row.region} (${row.region})` : "Unknown region";
    case "DAY":
      return row.key;
  }
}

/** variant_a -> "Variant A" */
export function variantName(label: string): string {
  const letter = /^variant_([a-z])$/.exec(label)?.[1];
  return letter ? `Variant ${letter.toUpperCase()}` : label;
}

export function breakdownChartData(breakdown: ReportBreakdownKey, rows: readonly ReportRowIn[], names: KeyNames) {
  return rows.map((row): BreakdownBar => ({
    key: row.key,
    label: breakdownLabel(breakdown, row, names),
    impressions: row.impressions,
    clicks: row.clicks,
    ctr: row.ctr,
    conversions: row.conversions,
    spend: Number(row.spendUsd),
    ...moneyColumns(row),
  }));
}

/** The money columns as the report's totals show them: label, test id, text, and the numbers a change compares. */
export function moneyStats(current: MoneyColumns, previous: MoneyColumns | null) {
  const entry = (
    label: string,
    testId: string,
    value: string,
    now: number | null,
    before: number | null | undefined,
  ) => ({ label, testId, value, now, before: previous === null ? undefined : (before ?? 0) });
  return [
    entry(
      "Cost per click",
      "total-cpc",
      formatUsdRate(current.costPerClick),
      current.costPerClick,
      previous?.costPerClick,
    ),
    entry(
      "Cost per conversion",
      "total-cost-per-conversion",
      formatUsdRate(current.costPerConversion),
      current.costPerConversion,
      previous?.costPerConversion,
    ),
    entry(
      "Conversion rate",
      "total-conversion-rate",
      formatPercentRate(current.conversionRate),
      current.conversionRate,
      previous?.conversionRate,
    ),
    entry(
      "Conversion value",
      "total-conversion-value",
      formatUsd(current.conversionValue),
      current.conversionValue,
      previous?.conversionValue,
    ),
    entry("ROAS", "total-roas", formatRoas(current.roas), current.roas, previous?.roas),
  ];
}
