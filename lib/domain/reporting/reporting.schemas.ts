// Inputs and outputs of getCampaignReport (campaign report), getCampaignTimeseries (time series) and getCreativePerformance
// (creative performance). Reports are computed in the requested IANA zone
// (docs/decisions/1400); money is USD rounded to 6 decimals, ctr a fraction.
import { z } from "zod";
import { DAY_MS } from "@/lib/clock";
import { isValidTimeZone } from "./zone-calendar";

export const BREAKDOWNS = ["day", "moment_type", "sport", "creative", "hour_of_day", "region"] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
/** The all-campaigns report's breakdowns: by campaign, or as E9's (but by creative). */
export const ADVERTISER_BREAKDOWNS = ["campaign", "day", "moment_type", "sport", "hour_of_day"] as const;
export type AdvertiserBreakdown = (typeof ADVERTISER_BREAKDOWNS)[number];
/** What a report's totals can be compared with: the period of as many days just before it. */
export const COMPARISONS = ["previous_period"] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const GRANULARITIES = ["hour", "day"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Longest getCampaignReport range and getCampaignTimeseries day series, in days (a leap year). */
export const MAX_REPORT_DAYS = 366;
/** Longest getCampaignTimeseries hour series, in days (up to 744 points). */
export const MAX_HOURLY_DAYS = 31;
/** Reports cover dates in this span (zone rules before 2000 are local mean times, not offsets). */
export const MIN_REPORT_DATE = "2000-01-01";
export const MAX_REPORT_DATE = "2099-12-31";

const daysBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS);

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period of as many local dates just before start..end (a week before a week, 31 days before a 31-day month). */
export function previousPeriod(start: string, end: string): { start: string; end: string } {
  const days = daysBetween(start, end) + 1;
  return { start: plusDays(start, -days), end: plusDays(start, -1) };
}

const reportDate = (what: string) =>
  z.iso
    .date({ error: `${what} must be a date YYYY-MM-DD` })
    .refine(
      (value) => value >= MIN_REPORT_DATE && value <= MAX_REPORT_DATE,
      `${what} must be between ${MIN_REPORT_DATE} and ${MAX_REPORT_DATE}`,
    );

const timezone = z
  .string()
  .default("UTC")
  .refine((value) => isValidTimeZone(value), "timezone must be an IANA time zone name such as America/New_York")
  .meta({
    description: "IANA time zone name; days and hours are computed in it, DST included. Default UTC.",
    example: "America/New_York",
  });

function checkRange(maxDays: (value: { granularity?: Granularity }) => number) {
  return (value: { start_date: string; end_date: string; granularity?: Granularity }, ctx: z.RefinementCtx) => {
    if (value.end_date < value.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date must not be before start_date" });
      return;
    }
    const max = maxDays(value);
    if (daysBetween(value.start_date, value.end_date) + 1 > max) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: `the range may span at most ${max} days` });
    }
  };
}

const compare = z
  .enum(COMPARISONS, "must be previous_period")
  .optional()
  .meta({
    description:
      "previous_period: adds `comparison`, the totals of as many local dates just before start_date (the 7 days " +
      "before a week, the 31 days before a 31-day month), in the same zone.",
  });

/** With `compare`, the previous period must start on MIN_REPORT_DATE or later. */
function checkComparison(value: { start_date: string; end_date: string; compare?: Comparison }, ctx: z.RefinementCtx) {
  if (!value.compare || value.end_date < value.start_date) return;
  // dates the fields refused (their issues are reported already) have no previous period
  if (Number.isNaN(Date.parse(value.start_date)) || Number.isNaN(Date.parse(value.end_date))) return;
  const before = previousPeriod(value.start_date, value.end_date);
  if (before.start < MIN_REPORT_DATE)
    ctx.addIssue({
      code: "custom",
      path: ["compare"],
      message: `the previous period would start on ${before.start}, before ${MIN_REPORT_DATE}`,
    });
}

const reportQueryShape = {
  start_date: reportDate("start_date").meta({
    description: "First local date of the report (inclusive).",
    example: "2026-03-01",
  }),
  end_date: reportDate("end_date").meta({
    description: `Last local date (inclusive); at most ${MAX_REPORT_DAYS} days after start_date counting both.`,
    example: "2026-03-31",
  }),
  breakdown: z
    .enum(BREAKDOWNS)
    .optional()
    .meta({
      description:
        "Adds `rows`, one per key: local date, moment type, sport, creative id, local hour of day (0-23), or the users' " +
        "region (ISO 3166 code as the decision named it; `unknown` for decisions that named none).",
    }),
  timezone,
  compare,
};

export const reportQuery = z
  .object(reportQueryShape)
  .superRefine(checkRange(() => MAX_REPORT_DAYS))
  .superRefine(checkComparison);
/** E9's input: the campaign (any id: one the caller does not own is 404) and the query. */
export const campaignReportInput = z
  .object({ id: z.string(), ...reportQueryShape })
  .superRefine(checkRange(() => MAX_REPORT_DAYS))
  .superRefine(checkComparison);
export type ReportQuery = z.infer<typeof reportQuery>;

/** The all-campaigns report's query: E9's, with a campaign breakdown instead of a creative one. */
export const advertiserReportQuery = z
  .object({
    ...reportQueryShape,
    breakdown: z
      .enum(ADVERTISER_BREAKDOWNS)
      .optional()
      .meta({
        description:
          "Adds `rows`, one per key: campaign id (every campaign created by the end of the range, zeros included, " +
          "most spend first), local date, moment type, sport or local hour of day (0-23).",
      }),
  })
  .superRefine(checkRange(() => MAX_REPORT_DAYS))
  .superRefine(checkComparison);
export type AdvertiserReportInput = z.infer<typeof advertiserReportQuery>;

const timeseriesQueryShape = {
  start_date: reportDate("start_date").meta({ example: "2026-03-01" }),
  end_date: reportDate("end_date").meta({
    description: `Last local date (inclusive); at most ${MAX_REPORT_DAYS} days for day granularity, ${MAX_HOURLY_DAYS} for hour.`,
    example: "2026-03-07",
  }),
  granularity: z.enum(GRANULARITIES).default("day"),
  timezone,
};
const timeseriesRange = checkRange((value) => (value.granularity === "hour" ? MAX_HOURLY_DAYS : MAX_REPORT_DAYS));

export const timeseriesQuery = z.object(timeseriesQueryShape).superRefine(timeseriesRange);
/** getCampaignTimeseries's input: the campaign and the query. */
export const campaignTimeseriesInput = z
  .object({ id: z.string(), ...timeseriesQueryShape })
  .superRefine(timeseriesRange);
export type TimeseriesQuery = z.infer<typeof timeseriesQuery>;
export type CampaignReportInput = z.infer<typeof campaignReportInput>;
export type CampaignTimeseriesInput = z.infer<typeof campaignTimeseriesInput>;

/** getCreativePerformance's input. */
export const creativePerformanceInput = z.object({ id: z.string() });

export const formatParam = z
  .enum(["json", "csv"])
  .optional()
  .meta({ description: "csv answers text/csv (as does `Accept: text/csv`)." });

/** How E9's and E10's query strings are read: the schema's keys (a repeated one is refused), an empty value absent. */
export const REPORT_QUERY = { keys: Object.keys(reportQueryShape), absent: "empty" } as const;
export const TIMESERIES_QUERY = { ...REPORT_QUERY, keys: Object.keys(timeseriesQuery.shape) } as const;
export const ADVERTISER_REPORT_QUERY = REPORT_QUERY;

// ---------------------------------------------------------------- results (the domain's)

/** Delivery metrics: counts, ctr (a fraction, 6 decimals), spend in micro-dollars. */
export type DeliveryMetrics = {
  impressions: number;
  clicks: number;
  ctr: number;
  conversions: number;
  spendMicros: bigint;
};
/** Metrics of a report's totals or row: delivery and the conversions' value in micro-dollars (rates: metrics.ts ratesOf). */
export type ReportMetrics = DeliveryMetrics & { conversionValueMicros: bigint };
export type ReportPeriod = { start: string; end: string; timezone: string };
export type ReportRow = ReportMetrics & {
  /** the local date, moment type, sport, creative id, or local hour of day (a number 0-23) */
  key: string | number;
};
/** Which rows answered: the rollups (with their quarter-hour counts) or the raw events (docs/decisions/1400). */
export type ReportSource = "rollups" | "raw";

export type ReportTotals = ReportMetrics & { averageCpmPaidMicros: bigint; asOf: Date };

/** The totals of the period just before a report's (`compare: previous_period`). */
export type ReportComparison = { period: ReportPeriod; totals: ReportTotals };

export type CampaignReport = {
  campaignId: string;
  period: ReportPeriod;
  totals: ReportTotals;
  breakdown?: Breakdown;
  rows?: ReportRow[];
  comparison?: ReportComparison;
  source: ReportSource;
};

/** A campaign breakdown's row names its campaign. */
export type AdvertiserReportRow = ReportRow & { campaignName?: string };

/** Every campaign of the advertiser together. */
export type AdvertiserReport = {
  advertiserId: string;
  period: ReportPeriod;
  totals: ReportTotals;
  breakdown?: AdvertiserBreakdown;
  rows?: AdvertiserReportRow[];
  comparison?: ReportComparison;
  source: ReportSource;
};

export type SeriesPoint = {
  start: Date;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: bigint;
};
export type CampaignTimeseries = {
  campaignId: string;
  granularity: Granularity;
  period: ReportPeriod;
  series: SeriesPoint[];
  source: ReportSource;
};

export type CreativePerformance = DeliveryMetrics & { creativeId: string; trafficAllocation: number };

// ---------------------------------------------------------------- REST views (OpenAPI)

const count = z.number().int().nonnegative();
const usd = z.number().nonnegative();
const ctr = z.number().min(0).meta({ description: "clicks / impressions, 6 decimals; 0 without impressions." });
const spendMicros = z.number().int().nonnegative().meta({
  description:
    "The spend in micro-dollars (1 USD = 1,000,000): exact, so sums across rows and reports carry no rounding.",
});
const averageCpmPaid = usd.meta({ description: "spend / impressions x 1000; 0 without impressions." });
const costPerConversion = usd.nullable().meta({ description: "spend / conversions; null without conversions." });
const costPerClick = usd.nullable().meta({ description: "spend / clicks; null without clicks." });
const conversionRate = z.number().min(0).nullable().meta({
  description:
    "conversions / clicks, 6 decimals; null without clicks. Each counts at its own time, so a short range can pass 1.",
});
const conversionValue = usd.meta({
  description: "The sum of the conversions' `event_value_usd` (a conversion without one counts 0).",
});
const conversionValueMicros = z.number().int().nonnegative().meta({
  description: "The conversion value in micro-dollars (1 USD = 1,000,000): exact.",
});
const roas = z.number().min(0).nullable().meta({
  description: "Return on ad spend: conversion value / spend, 6 decimals (2.5 is 250 %); null without spend.",
});

/** The numbers of a report's totals and of each of its rows, in this order. */
const metricFields = {
  impressions: count,
  clicks: count,
  ctr,
  conversions: count,
  spend_usd: usd,
  spend_micros: spendMicros,
  average_cpm_paid_usd: averageCpmPaid,
  cost_per_conversion_usd: costPerConversion,
  cost_per_click_usd: costPerClick,
  conversion_rate: conversionRate,
  conversion_value_usd: conversionValue,
  conversion_value_micros: conversionValueMicros,
  roas,
};

export const period = z
  .object({
    start: z.iso.date(),
    end: z.iso.date(),
    timezone: z.string(),
  })
  .meta({ id: "ReportPeriod" });

export const reportTotals = z
  .object({
    ...metricFields,
    as_of: z.iso
      .datetime()
      .meta({ description: "When the numbers were computed; events reach reports within 5 seconds." }),
  })
  .meta({ id: "ReportTotals" });

export const breakdownRow = z
  .object({
    key: z.union([z.string(), z.number().int()]).meta({
      description:
        "Local date (YYYY-MM-DD), moment type, sport, creative id, local hour of day (integer 0-23), or region code " +
        "(`unknown`: decisions that named no region).",
    }),
    ...metricFields,
  })
  .meta({ id: "ReportRow" });
export type BreakdownRowView = z.infer<typeof breakdownRow>;

export const reportComparison = z
  .object({
    period,
    totals: reportTotals.omit({ as_of: true }),
  })
  .meta({
    id: "ReportComparison",
    description:
      "With compare=previous_period: the totals of as many local dates just before the report's, in the same zone.",
  });
export type ReportComparisonView = z.infer<typeof reportComparison>;

export const campaignReport = z
  .object({
    campaign_id: z.string(),
    period,
    totals: reportTotals,
    breakdown: z.enum(BREAKDOWNS).optional(),
    rows: z.array(breakdownRow).optional().meta({
      description:
        "With a breakdown: every key (all dates of the range, hours 0-23, the campaign's moment types, sports and creatives, zeros included; by region, the regions with delivery, by code, `unknown` last); rows sum to totals.",
    }),
    comparison: reportComparison.optional(),
  })
  .meta({ id: "CampaignReport" });
export type CampaignReportView = z.infer<typeof campaignReport>;

export const advertiserReportRow = breakdownRow
  .extend({
    campaign_name: z.string().optional().meta({ description: "With the campaign breakdown: the campaign's name." }),
  })
  .meta({ id: "AdvertiserReportRow" });

export const advertiserReport = z
  .object({
    advertiser_id: z.string(),
    period,
    totals: reportTotals,
    breakdown: z.enum(ADVERTISER_BREAKDOWNS).optional(),
    rows: z
      .array(advertiserReportRow)
      .optional()
      .meta({
        description:
          "With a breakdown: every key (every campaign created by the end of the range, most spend first; all dates of the " +
          "range; hours 0-23; the moment types and sports the campaigns target or delivered on), zeros included; rows sum to totals.",
      }),
    comparison: reportComparison.optional(),
  })
  .meta({ id: "AdvertiserReport" });
export type AdvertiserReportView = z.infer<typeof advertiserReport>;

export const seriesPoint = z
  .object({
    ts: z.iso
      .datetime()
      .meta({ description: "Start of the local day or hour, in UTC.", example: "2026-03-08T05:00:00Z" }),
    impressions: count,
    clicks: count,
    conversions: count.meta({ description: "Conversions recorded in the day or hour (at their own time)." }),
    spend_usd: usd,
  })
  .meta({ id: "TimeSeriesPoint" });

export const campaignTimeseries = z
  .object({
    campaign_id: z.string(),
    granularity: z.enum(GRANULARITIES),
    period,
    series: z.array(seriesPoint).meta({
      description:
        "One point per local day or hour of the range, zeros included (a fall-back day has 25 hours, a spring-forward day 23).",
    }),
  })
  .meta({ id: "CampaignTimeSeries" });
export type CampaignTimeseriesView = z.infer<typeof campaignTimeseries>;

export const creativePerformance = z
  .object({
    creative_id: z.string(),
    impressions: count,
    clicks: count,
    ctr,
    conversions: count,
    spend_usd: usd,
    traffic_allocation: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: "1/N of the campaign's approved creatives; 0 unless approved." }),
  })
  .meta({ id: "CreativePerformance" });
export type CreativePerformanceView = z.infer<typeof creativePerformance>;
