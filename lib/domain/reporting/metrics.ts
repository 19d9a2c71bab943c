// Sums of delivery metrics and how they render (integers kept as bigint until
// the response; ctr and CPM derived from the sums, never averaged).
import { round6 } from "@/lib/money";
import type { ReportMetrics, ReportRow } from "./reporting.schemas";

export type MetricSums = { impressions: bigint; clicks: bigint; conversions: bigint; spendMicros: bigint };

export function zeroSums(): MetricSums {
  return { impressions: 0n, clicks: 0n, conversions: 0n, spendMicros: 0n };
}

export function addInto(target: MetricSums, source: MetricSums): MetricSums {
  target.impressions += source.impressions;
  target.clicks += source.clicks;
  target.conversions += source.conversions;
  target.spendMicros += source.spendMicros;
  return target;
}

/** clicks / impressions rounded to 6 decimals; 0 without impressions. */
export function ctrOf(sums: Pick<MetricSums, "clicks" | "impressions">): number {
  return sums.impressions === 0n ? 0 : round6(Number(sums.clicks) / Number(sums.impressions));
}

/** Average CPM paid in micro-dollars: spend / impressions x 1000, rounded half up; 0 without impressions. */
export function averageCpmMicros(sums: Pick<MetricSums, "spendMicros" | "impressions">): bigint {
  if (sums.impressions === 0n) return 0n;
  return (sums.spendMicros * 2000n + sums.impressions) / (2n * sums.impressions);
}

/** Spend per conversion in micro-dollars, rounded half up; null without conversions. */
export function costPerConversionMicros(sums: Pick<MetricSums, "spendMicros" | "conversions">): bigint | null {
  if (sums.conversions === 0n) return null;
  return (sums.spendMicros * 2n + sums.conversions) / (2n * sums.conversions);
}

/** The rates a report row or total shows beside its sums (from the integers, so a client never divides floats). */
export function ratesOf(metrics: ReportMetrics): {
  averageCpmPaidMicros: bigint;
  costPerConversionMicros: bigint | null;
} {
  const sums = {
    spendMicros: metrics.spendMicros,
    impressions: BigInt(metrics.impressions),
    conversions: BigInt(metrics.conversions),
  };
  return { averageCpmPaidMicros: averageCpmMicros(sums), costPerConversionMicros: costPerConversionMicros(sums) };
}

/** The metrics a report shows for these sums. */
export function metricsOf(sums: MetricSums): ReportMetrics {
  return {
    impressions: Number(sums.impressions),
    clicks: Number(sums.clicks),
    ctr: ctrOf(sums),
    conversions: Number(sums.conversions),
    spendMicros: sums.spendMicros,
  };
}

export function toRow(key: string | number, sums: MetricSums): ReportRow {
  return { key, ...metricsOf(sums) };
}

/** A SQL aggregate (bigint, number or numeric text, depending on driver) -> bigint. */
export function toBigInt(value: unknown): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") return BigInt(Math.round(value));
  if (typeof value === "string" && value !== "") return BigInt(value.replace(/\.0+$/, ""));
  if (value === null || value === undefined) return 0n;
  // Prisma Decimal and friends
  return BigInt(String(value).replace(/\.0+$/, ""));
}
