// Sums of delivery metrics and how they render (integers kept as bigint until
// the response; ctr, CPM and the money rates derived from the sums, never
// averaged). The one definition of every rate a report shows (REST, CSV,
// GraphQL, the dashboard): docs/decisions/1235.
import { round6 } from "@/lib/money";
import type { DeliveryMetrics, ReportMetrics, ReportRow } from "./reporting.schemas";

/** What delivery alone sums (impressions, clicks, conversions, spend). */
export type DeliverySums = { impressions: bigint; clicks: bigint; conversions: bigint; spendMicros: bigint };
/** A report's sums: delivery and the value of its conversions (their `event_value_usd`, in micro-dollars). */
export type MetricSums = DeliverySums & { conversionValueMicros: bigint };

export function zeroSums(): MetricSums {
  return { impressions: 0n, clicks: 0n, conversions: 0n, spendMicros: 0n, conversionValueMicros: 0n };
}

export function addInto(target: MetricSums, source: MetricSums): MetricSums {
  target.impressions += source.impressions;
  target.clicks += source.clicks;
  target.conversions += source.conversions;
  target.spendMicros += source.spendMicros;
  target.conversionValueMicros += source.conversionValueMicros;
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

/** Spend per click in micro-dollars, rounded half up; null without clicks. */
export function costPerClickMicros(sums: Pick<MetricSums, "spendMicros" | "clicks">): bigint | null {
  if (sums.clicks === 0n) return null;
  return (sums.spendMicros * 2n + sums.clicks) / (2n * sums.clicks);
}

/** conversions / clicks rounded to 6 decimals; null without clicks (it can pass 1: each counts at its own time). */
export function conversionRateOf(sums: Pick<MetricSums, "conversions" | "clicks">): number | null {
  return sums.clicks === 0n ? null : ratio6(sums.conversions, sums.clicks);
}

/** Return on ad spend: conversion value / spend rounded to 6 decimals (2.5 is 250 %); null without spend. */
export function roasOf(sums: Pick<MetricSums, "conversionValueMicros" | "spendMicros">): number | null {
  return sums.spendMicros === 0n ? null : ratio6(sums.conversionValueMicros, sums.spendMicros);
}

/** a / b (non-negative integers, b > 0) rounded half up to 6 decimals, in integers so no float is divided. */
function ratio6(a: bigint, b: bigint): number {
  const millionths = (a * 2_000_000n + b) / (2n * b);
  return Number(millionths) / 1e6;
}

/** The rates a report row or total shows beside its sums (from the integers, so a client never divides floats). */
export type ReportRates = {
  averageCpmPaidMicros: bigint;
  costPerClickMicros: bigint | null;
  costPerConversionMicros: bigint | null;
  conversionRate: number | null;
  roas: number | null;
};

export function ratesOf(metrics: ReportMetrics): ReportRates {
  const sums = {
    spendMicros: metrics.spendMicros,
    impressions: BigInt(metrics.impressions),
    clicks: BigInt(metrics.clicks),
    conversions: BigInt(metrics.conversions),
    conversionValueMicros: metrics.conversionValueMicros,
  };
  return {
    averageCpmPaidMicros: averageCpmMicros(sums),
    costPerClickMicros: costPerClickMicros(sums),
    costPerConversionMicros: costPerConversionMicros(sums),
    conversionRate: conversionRateOf(sums),
    roas: roasOf(sums),
  };
}

/** The delivery metrics of these sums (creative performance, today's overview). */
export function deliveryMetricsOf(sums: DeliverySums): DeliveryMetrics {
  return {
    impressions: Number(sums.impressions),
    clicks: Number(sums.clicks),
    ctr: ctrOf(sums),
    conversions: Number(sums.conversions),
    spendMicros: sums.spendMicros,
  };
}

/** The metrics a report shows for these sums. */
export function metricsOf(sums: MetricSums): ReportMetrics {
  return { ...deliveryMetricsOf(sums), conversionValueMicros: sums.conversionValueMicros };
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
