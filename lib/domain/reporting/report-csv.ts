// CSV exports of E9, the all-campaigns report and E10 (docs/decisions/0503,
// 0505): RFC 4180 (CRLF, quotes doubled), UTF-8, one header line, numbers as in
// the JSON; every file names its time zone, in a column of each line and in its
// name, since its dates and hours are local to it. Pure builders of the text and
// the file name; lib/http/report-response.ts answers `format=csv` or
// `Accept: text/csv` with them.
import { DateTime } from "luxon";
import type {
  AdvertiserReportView as AdvertiserReport,
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

const KEY_COLUMN: Record<
  NonNullable<CampaignReport["breakdown"]> | NonNullable<AdvertiserReport["breakdown"]>,
  string
> = {
  day: "date",
  moment_type: "moment_type",
  sport: "sport",
  creative: "creative_id",
  hour_of_day: "hour_of_day",
  campaign: "campaign_id",
  region: "region",
};

const METRIC_COLUMNS = ["impressions", "clicks", "ctr", "conversions", "spend_usd"] as const;
type MetricCells = { impressions: number; clicks: number; ctr: number; conversions: number; spend_usd: number };
const metricCells = (row: MetricCells): Cell[] => [
  row.impressions,
  row.clicks,
  row.ctr,
  row.conversions,
  row.spend_usd,
];

/**
 * The money columns, after every column the files had before them (a spreadsheet or script that reads columns by
 * position keeps working: docs/decisions/1235); a rate without a denominator (null in the JSON) is an empty cell.
 */
const MONEY_COLUMNS = [
  "cost_per_click_usd",
  "cost_per_conversion_usd",
  "conversion_rate",
  "conversion_value_usd",
  "roas",
] as const;
type MoneyCells = Record<(typeof MONEY_COLUMNS)[number], number | null>;
const moneyCells = (row: MoneyCells): Cell[] => MONEY_COLUMNS.map((column) => row[column] ?? "");

/** E9 as CSV: one line per breakdown row (with the zone its dates and hours are local to), or one line of totals. */
export function reportToCsv(report: CampaignReport): string {
  if (report.breakdown && report.rows) {
    const zone = report.period.timezone;
    return toCsv(
      [KEY_COLUMN[report.breakdown], ...METRIC_COLUMNS, "timezone", ...MONEY_COLUMNS],
      report.rows.map((row) => [row.key, ...metricCells(row), zone, ...moneyCells(row)]),
    );
  }
  return totalsCsv("campaign_id", report.campaign_id, report);
}

/** The all-campaigns report as CSV: E9's lines, a campaign's with its name after its id. */
export function advertiserReportToCsv(report: AdvertiserReport): string {
  if (report.breakdown && report.rows) {
    const zone = report.period.timezone;
    const named = report.breakdown === "campaign";
    return toCsv(
      [
        KEY_COLUMN[report.breakdown],
        ...(named ? ["campaign_name"] : []),
        ...METRIC_COLUMNS,
        "timezone",
        ...MONEY_COLUMNS,
      ],
      report.rows.map((row) => [
        row.key,
        ...(named ? [row.campaign_name ?? ""] : []),
        ...metricCells(row),
        zone,
        ...moneyCells(row),
      ]),
    );
  }
  return totalsCsv("advertiser_id", report.advertiser_id, report);
}

/** One line of totals with the period, its zone and `as_of`. */
function totalsCsv(idColumn: string, id: string, report: CampaignReport | AdvertiserReport): string {
  const { totals, period } = report;
  return toCsv(
    [
      idColumn,
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
      ...MONEY_COLUMNS,
    ],
    [
      [
        id,
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
        ...moneyCells(totals),
      ],
    ],
  );
}

/**
 * E10 as CSV: the UTC start of each point and the same instant in the report's zone, for spreadsheets; the
 * conversions and the zone follow the columns E10's CSV has always had.
 */
export function timeseriesToCsv(series: CampaignTimeseries): string {
  const zone = series.period.timezone;
  return toCsv(
    ["ts", "local_start", "impressions", "clicks", "spend_usd", "conversions", "timezone"],
    series.series.map((point) => [
      point.ts,
      DateTime.fromISO(point.ts, { zone }).toISO({ suppressMilliseconds: true }) ?? point.ts,
      point.impressions,
      point.clicks,
      point.spend_usd,
      point.conversions,
      zone,
    ]),
  );
}

/** A zone in a file name: America/New_York is America-New_York. */
const zonePart = (zone: string) => zone.replace(/[^A-Za-z0-9_+-]+/g, "-");

/** The download's file name of an E9 report. */
export function reportCsvFilename(report: CampaignReport): string {
  const by = report.breakdown ? `-by-${report.breakdown}` : "";
  return `campaign-${report.campaign_id}-${report.period.start}-${report.period.end}${by}-${zonePart(report.period.timezone)}.csv`;
}

/** The download's file name of an all-campaigns report. */
export function advertiserReportCsvFilename(report: AdvertiserReport): string {
  const by = report.breakdown ? `-by-${report.breakdown}` : "";
  return `all-campaigns-${report.period.start}-${report.period.end}${by}-${zonePart(report.period.timezone)}.csv`;
}

/** The download's file name of an E10 series. */
export function timeseriesCsvFilename(series: CampaignTimeseries): string {
  return `campaign-${series.campaign_id}-${series.period.start}-${series.period.end}-${series.granularity}-${zonePart(series.period.timezone)}.csv`;
}
