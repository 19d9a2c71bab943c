import { z } from "zod";
import {
  advertiserReportQuery,
  formatParam,
  MAX_HOURLY_DAYS,
  MAX_REPORT_DAYS,
  reportQuery,
  timeseriesQuery,
} from "@/lib/domain/reporting/reporting.schemas";
import type { OperationDoc } from "../common";
import { rateLimitText } from "@/lib/rate-limit/policies";

const id = (what: string) => z.object({ id: z.string().meta({ description: `The ${what} id.` }) });

const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests allowed per window", schema: { type: "integer" as const } },
  "RateLimit-Remaining": { description: "Requests left in the window", schema: { type: "integer" as const } },
  "RateLimit-Reset": { description: "Seconds until the window resets", schema: { type: "integer" as const } },
};
const sourceHeader = {
  "X-Report-Source": {
    description:
      "Which data answered: rollups (hourly pre-aggregates with quarter-hour counts, which answer every zone's local days " +
      "and hours) or raw (event rows). The numbers are identical either way.",
    schema: { type: "string" as const, enum: ["rollups", "raw"] },
  },
};
const csv = { schema: { type: "string" as const, description: "RFC 4180 CSV with a header line (UTF-8, CRLF)." } };

export const reportingDocs = {
  getAdvertiserReport: {
    summary: "All-campaigns performance report",
    description:
      `E9 over every campaign of the advertiser at once: totals over local dates start_date..end_date (at most ${MAX_REPORT_DAYS} days) ` +
      "in an IANA zone; with `breakdown`, rows that sum to the totals, `campaign` among them (every campaign created by the " +
      "end of the range, zeros included, most spend first, each with its `campaign_name`); with `compare=previous_period`, " +
      "the totals of as many local dates just before. " +
      `Counts against E9's ${rateLimitText("report", "requests")} per advertiser (429 rate_limited with Retry-After). ` +
      "CSV with `format=csv` or `Accept: text/csv` (each line names the time zone, as does the file name).",
    tags: ["Reporting"],
    requestParams: { query: advertiserReportQuery.extend({ format: formatParam }) },
    returns: {
      description: "The report",
      headers: { ...rateLimitHeaders, ...sourceHeader },
      alsoAs: { "text/csv": csv },
    },
    errors: ["validation_failed"],
  },
  getCampaignReport: {
    summary: "Campaign performance report (E9)",
    description:
      `Totals over local dates start_date..end_date (at most ${MAX_REPORT_DAYS} days) in an IANA zone, DST and non-whole-hour offsets included; ` +
      "with `breakdown`, rows that sum to the totals. Events count at their own time: impressions when served, clicks when clicked, " +
      `conversions when recorded. With \`compare=previous_period\`, \`comparison\` holds the totals of as many local dates just before. ` +
      `${rateLimitText("report", "requests")} per advertiser (429 rate_limited with Retry-After). ` +
      "CSV with `format=csv` or `Accept: text/csv` (each line names the time zone, as does the file name).",
    tags: ["Reporting"],
    requestParams: { path: id("campaign"), query: reportQuery.extend({ format: formatParam }) },
    returns: {
      description: "The report",
      headers: { ...rateLimitHeaders, ...sourceHeader },
      alsoAs: { "text/csv": csv },
    },
    errors: ["not_found", "validation_failed"],
  },
  getCampaignTimeseries: {
    summary: "Campaign time series (E10)",
    description:
      `One point per local day (pre-aggregated, fast; up to ${MAX_REPORT_DAYS} days) or local hour (from the same rollups at quarter-hour resolution, equal to the raw impressions; up to ${MAX_HOURLY_DAYS} days) ` +
      "in the zone (default UTC), zeros included; `ts` is the point's start in UTC. The series sums to E9's totals for the same dates and zone. " +
      `Counts against E9's ${rateLimitText("report", "requests")} per advertiser (one count for both; 429 rate_limited with Retry-After). ` +
      "CSV (with a local_start column and the time zone on each line) with `format=csv` or `Accept: text/csv`.",
    tags: ["Reporting"],
    requestParams: { path: id("campaign"), query: timeseriesQuery.extend({ format: formatParam }) },
    returns: {
      description: "The series",
      headers: { ...rateLimitHeaders, ...sourceHeader },
      alsoAs: { "text/csv": csv },
    },
    errors: ["not_found", "validation_failed"],
  },
  getCreativePerformance: {
    summary: "Creative performance (E11)",
    description:
      "The creative's delivered impressions, clicks, conversions and spend since it started, and its current traffic share.",
    tags: ["Reporting"],
    requestParams: { path: id("creative") },
    returns: "The creative's performance",
    errors: ["not_found"],
  },
} satisfies Record<string, OperationDoc>;
