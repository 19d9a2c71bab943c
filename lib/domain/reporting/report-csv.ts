// CSV exports of E9 and E10 (docs/decisions/0503): RFC 4180 (CRLF, quotes
// doubled), UTF-8, one header line, numbers as in the JSON. Asked for with
// `format=csv` or `Accept: text/csv`.
import { DateTime } from "luxon";
import { AppError } from "@/lib/errors";
import type { CampaignReport, CampaignTimeseries } from "./reporting.schemas";

export type ResponseFormat = "json" | "csv";

type Cell = string | number;

function cell(value: Cell): string {
  if (typeof value === "number") return String(value);
  // a text cell a spreadsheet would evaluate as a formula is prefixed with a quote (OWASP CSV injection)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

const KEY_COLUMN: Record<NonNullable<CampaignReport["breakdown"]>, string> = {
  day: "date",
  moment_type: "moment_type",
  sport: "sport",
  creative: "creative_id",
  hour_of_day: "hour_of_day",
};

/** E9 as CSV: one line per breakdown row, or one line of totals without a breakdown. */
export function reportToCsv(report: CampaignReport): string {
  if (report.breakdown && report.rows) {
    return toCsv(
      [KEY_COLUMN[report.breakdown], "impressions", "clicks", "ctr", "conversions", "spend_usd"],
      report.rows.map((row) => [row.key, row.impressions, row.clicks, row.ctr, row.conversions, row.spend_usd]),
    );
  }
  const { totals, period } = report;
  return toCsv(
    [
      "campaign_id",
      "start_date",
      "end_date",
      "timezone",
      "impressions",
      "clicks",
      "ctr",
      "conversions",
      "spend_usd",
      "average_cpm_paid_usd",
      "as_of",
    ],
    [
      [
        report.campaign_id,
        period.start,
        period.end,
        period.timezone,
        totals.impressions,
        totals.clicks,
        totals.ctr,
        totals.conversions,
        totals.spend_usd,
        totals.average_cpm_paid_usd,
        totals.as_of,
      ],
    ],
  );
}

/** E10 as CSV: the UTC start of each point and the same instant in the report's zone, for spreadsheets. */
export function timeseriesToCsv(series: CampaignTimeseries): string {
  const zone = series.period.timezone;
  return toCsv(
    ["ts", "local_start", "impressions", "clicks", "spend_usd"],
    series.series.map((point) => [
      point.ts,
      DateTime.fromISO(point.ts, { zone }).toISO({ suppressMilliseconds: true }) ?? point.ts,
      point.impressions,
      point.clicks,
      point.spend_usd,
    ]),
  );
}

function qualityOf(accept: string, type: string): number {
  let best = -1;
  for (const part of accept.split(",")) {
    const [range, ...params] = part.trim().toLowerCase().split(";");
    if (!range) continue;
    const matches = range === type || range === `${type.split("/")[0]}/*` || range === "*/*";
    if (!matches) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const quality = q ? Number(q.slice(2)) : 1;
    // an exact range outranks a wildcard of the same quality
    const score = (Number.isFinite(quality) ? quality : 0) + (range === type ? 0.0001 : 0);
    best = Math.max(best, score);
  }
  return best;
}

/** `format` wins; otherwise CSV when Accept prefers text/csv to application/json. */
export function responseFormat(accept: string | null, format: string | null): ResponseFormat {
  if (format !== null && format !== "") {
    if (format === "json" || format === "csv") return format;
    throw new AppError("validation_failed", {
      detail: "format must be json or csv",
      fieldErrors: [{ path: "format", message: "format must be json or csv" }],
    });
  }
  if (!accept) return "json";
  const csv = qualityOf(accept, "text/csv");
  return csv > 0.0001 && csv > qualityOf(accept, "application/json") ? "csv" : "json";
}

/** Headers of a CSV download. */
export function csvHeaders(filename: string): Record<string, string> {
  return {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    "cache-control": "no-store",
  };
}
