// CSV exports of getCampaignReport and getCampaignTimeseries (docs/decisions/0503): RFC 4180 (CRLF, quotes
// doubled), UTF-8, one header line, numbers as in the JSON. Pure builders of
// the text and the file name; lib/http/report-response.ts answers `format=csv`
// or `Accept: text/csv` with them.
import { DateTime } from "luxon";
import type {
  CampaignReportView as CampaignReport,
  CampaignTimeseriesView as CampaignTimeseries,
} from "./reporting.schemas";

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

/** getCampaignReport as CSV: one line per breakdown row, or one line of totals without a breakdown. */
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

/** getCampaignTimeseries as CSV: the UTC start of each point and the same instant in the report's zone, for spreadsheets. */
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

/** The download's file name of an getCampaignReport report. */
export function reportCsvFilename(report: CampaignReport): string {
  const by = report.breakdown ? `-by-${report.breakdown}` : "";
  return `campaign-${report.campaign_id}-${report.period.start}-${report.period.end}${by}.csv`;
}

/** The download's file name of an getCampaignTimeseries series. */
export function timeseriesCsvFilename(series: CampaignTimeseries): string {
  return `campaign-${series.campaign_id}-${series.period.start}-${series.period.end}-${series.granularity}.csv`;
}
