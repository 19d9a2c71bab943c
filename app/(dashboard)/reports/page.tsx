// Reports (E9, E10, the all-campaigns report): a campaign's delivery, or every
// campaign's, over local dates in a time zone, with a breakdown and optionally
// the previous period's totals; every choice is in the URL (?campaign=cmp_…|all
// &start=&end=&tz=&breakdown=&granularity=&compare=) so a report is a link to share. The form is a plain GET form:
// it works without JavaScript, and the charts are the only client components.
import type { Metadata } from "next";
import Link from "next/link";
import { graphql } from "@/graphql/__generated__/client";
import { PageHeader } from "@/components/shell/page-header";
import { BreakdownChart } from "@/components/reports/breakdown-chart";
import {
  breakdownChartData,
  dailyRowsChartData,
  moneyColumns,
  moneyStats,
  seriesChartData,
} from "@/components/reports/chart-data";
import { changeText } from "@/components/reports/change-text";
import { CsvDownload } from "@/components/reports/csv-download";
import { ReportFilters } from "@/components/reports/report-filters";
import { SaveReportForm } from "@/components/saved-reports/save-report-form";
import { hasRole } from "../_lib/role-gate";
import {
  ALL_CAMPAIGNS,
  defaultRange,
  readReportParams,
  reportHref,
  BREAKDOWN_LABELS,
  DEFAULT_RANGE_DAYS,
} from "@/components/reports/report-params";
import { RegionMap } from "@/components/reports/region-map";
import { ReportTable } from "@/components/reports/report-table";
import { SeriesTable } from "@/components/reports/series-table";
import { TimeSeriesChart } from "@/components/reports/time-series-chart";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { formatCount, formatPercent, formatUsd, formatDate } from "@/components/format";
import { systemClock } from "@/lib/clock";
import { GraphqlError } from "@/components/graphql-errors";
import { campaignChoices } from "../_lib/campaign-choices";
import { query } from "../_lib/graphql";

export const metadata: Metadata = { title: "Reports" };

// Both report queries read their totals, comparison and rows through the fragments of
// graphql/operations/report-fields.graphql (a campaign's report and the all-campaigns
// report are different types with the same parts).
const NAMES = graphql(`
  query ReportNames {
    viewer {
      user {
        timeZone
      }
    }
    momentTypes {
      key
      displayName
    }
    sports {
      key
      displayName
    }
  }
`);

const REPORT = graphql(`
  query CampaignReportPage(
    $campaignId: ID!
    $start: Date!
    $end: Date!
    $tz: TimeZone!
    $breakdown: ReportBreakdown
    $granularity: TimeSeriesGranularity
    $compare: ReportComparison
  ) {
    campaignReport(
      campaignId: $campaignId
      startDate: $start
      endDate: $end
      breakdown: $breakdown
      timezone: $tz
      compare: $compare
    ) {
      period {
        start
        end
        timezone
      }
      breakdown
      totals {
        ...ReportTotalsFields
        asOf
      }
      comparison {
        ...ReportComparisonFields
      }
      rows {
        ...ReportRowFields
        creative {
          variantLabel
          headline
        }
      }
      csv
      csvFilename
    }
    campaignTimeSeries(
      campaignId: $campaignId
      startDate: $start
      endDate: $end
      granularity: $granularity
      timezone: $tz
    ) {
      granularity
      series {
        ts
        impressions
        clicks
        conversions
        spendUsd
      }
      csv
      csvFilename
    }
  }
`);

const ALL_REPORT = graphql(`
  query AdvertiserReportPage(
    $start: Date!
    $end: Date!
    $tz: TimeZone!
    $breakdown: AdvertiserReportBreakdown
    $compare: ReportComparison
  ) {
    advertiserReport(startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz, compare: $compare) {
      totals {
        ...ReportTotalsFields
        asOf
      }
      comparison {
        ...ReportComparisonFields
      }
      period {
        start
        end
        timezone
      }
      rows {
        ...ReportRowFields
        campaign {
          name
        }
      }
      csv
      csvFilename
    }
    daily: advertiserReport(startDate: $start, endDate: $end, breakdown: DAY, timezone: $tz) {
      rows {
        ...ReportRowFields
      }
    }
  }
`);

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportsPage({ searchParams }: { searchParams: Search }) {
  const now = systemClock();
  // every campaign (not only the connection's first page), newest first: the default is the newest
  const [catalog, campaigns, mayEdit] = await Promise.all([query(NAMES), campaignChoices(), hasRole("editor")]);
  // without ?tz=, the user's own zone from Settings (UTC unless they chose one)
  const { params, errors } = readReportParams(await searchParams, now, catalog.viewer?.user?.timeZone ?? "UTC");
  const names = {
    momentTypes: Object.fromEntries(catalog.momentTypes.map((type) => [type.key, type.displayName])),
    sports: Object.fromEntries(catalog.sports.map((sport) => [sport.key, sport.displayName])),
  };
  const header = (
    <PageHeader
      title="Reports"
      description="Delivery of a campaign, or of all of them, over local dates in any time zone, broken down as you choose."
    />
  );
  if (campaigns.length === 0) {
    return (
      <>
        {header}
        <Card>
          <EmptyState
            title="No campaigns yet"
            action={
              <Link href="/campaigns/new" className={buttonClasses("primary")}>
                Create a campaign
              </Link>
            }
          >
            Reports show the impressions, clicks, conversions and spend of a campaign once it delivers.
          </EmptyState>
        </Card>
      </>
    );
  }
  // ?campaign= takes the REST id (cmp_…), the global id or "all"; without one, the newest campaign
  const all = params.campaign === ALL_CAMPAIGNS;
  const named = all
    ? null
    : params.campaign
      ? campaigns.find((campaign) => campaign.restId === params.campaign || campaign.id === params.campaign)
      : campaigns[0];
  if (!all && !named) errors.campaign = "No campaign of yours has this id; choose one from the list.";
  const chosen = named ?? campaigns[0]!;
  const current = { ...params, campaign: all ? ALL_CAMPAIGNS : chosen.restId };
  const filters = <ReportFilters params={current} errors={errors} campaigns={campaigns} nowMs={now} />;
  if (Object.keys(errors).length > 0) {
    return (
      <>
        {header}
        {filters}
      </>
    );
  }

  const compare = current.compare ? ("PREVIOUS_PERIOD" as const) : null;
  const variables = { start: current.start, end: current.end, tz: current.tz, compare };
  let report;
  let series = null;
  let daily = null;
  try {
    if (all) {
      // readReportParams refused CREATIVE and REGION for all campaigns; the narrowing is for the types
      const breakdown =
        current.breakdown === "CREATIVE" || current.breakdown === "REGION" ? "CAMPAIGN" : current.breakdown;
      const data = await query(ALL_REPORT, { ...variables, breakdown });
      report = data.advertiserReport!;
      daily = data.daily!;
    } else {
      const data = await query(REPORT, {
        ...variables,
        campaignId: chosen.restId,
        breakdown: current.breakdown === "CAMPAIGN" ? "DAY" : current.breakdown,
        granularity: current.granularity,
      });
      report = data.campaignReport!;
      series = data.campaignTimeSeries!;
    }
  } catch (error) {
    if (!(error instanceof GraphqlError)) throw error;
    return (
      <>
        {header}
        {filters}
        <ErrorState title="The report could not be loaded">
          <p>{error.message}</p>
        </ErrorState>
      </>
    );
  }
  const totals = report.totals;
  const previous = report.comparison?.totals ?? null;
  const points = series
    ? seriesChartData(series.series, series.granularity, current.tz)
    : daily
      ? dailyRowsChartData(daily.rows ?? [])
      : [];
  const granularity = series?.granularity ?? "DAY";
  const bars = breakdownChartData(current.breakdown, report.rows ?? [], names);
  const range = `${formatDate(report.period.start)} – ${formatDate(report.period.end)} (${report.period.timezone})`;
  const previousRange = report.comparison
    ? `${formatDate(report.comparison.period.start)} – ${formatDate(report.comparison.period.end)}`
    : null;
  const stat = (label: string, testId: string, value: string, now: number, before: number | undefined) => ({
    label,
    testId,
    value,
    change: before === undefined ? null : changeText(now, before),
  });
  const stats = [
    stat(
      "Impressions",
      "total-impressions",
      formatCount(totals.impressions),
      totals.impressions,
      previous?.impressions,
    ),
    stat("Clicks", "total-clicks", formatCount(totals.clicks), totals.clicks, previous?.clicks),
    stat("CTR", "total-ctr", formatPercent(totals.ctr), totals.ctr, previous?.ctr),
    stat(
      "Conversions",
      "total-conversions",
      formatCount(totals.conversions),
      totals.conversions,
      previous?.conversions,
    ),
    stat(
      "Spend",
      "total-spend",
      formatUsd(totals.spendUsd),
      Number(totals.spendUsd),
      previous ? Number(previous.spendUsd) : undefined,
    ),
    stat(
      "Average CPM",
      "total-cpm",
      formatUsd(totals.averageCpmPaidUsd),
      Number(totals.averageCpmPaidUsd),
      previous ? Number(previous.averageCpmPaidUsd) : undefined,
    ),
    ...moneyStats(moneyColumns(totals), previous ? moneyColumns(previous) : null).map((entry) =>
      stat(entry.label, entry.testId, entry.value, entry.now ?? 0, entry.now === null ? undefined : entry.before),
    ),
  ];
  const title = all ? "All campaigns" : chosen.name;

  return (
    <>
      {header}
      {filters}
      <section aria-labelledby="totals-heading" className="mt-6">
        <h2 id="totals-heading" className={previousRange ? "mb-2 text-sm text-muted" : "sr-only"}>
          {previousRange ? `Totals, each against the previous period (${previousRange})` : "Totals"}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg border border-line bg-white px-4 py-3">
              <dt className="text-xs font-medium text-muted">{stat.label}</dt>
              <dd className="mt-1 text-lg font-semibold text-ink tabular-nums" data-testid={stat.testId}>
                {stat.value}
              </dd>
              {stat.change ? (
                <dd className="text-xs text-muted tabular-nums" data-testid={`${stat.testId}-change`}>
                  {stat.change} <span className="sr-only">against the previous period</span>
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      </section>
      {series || daily ? (
        <Card className="mt-6">
          <CardHeader
            title={`${title}: per ${granularity === "HOUR" ? "hour" : "day"}`}
            description={range}
            action={
              series ? <CsvDownload csv={series.csv} filename={series.csvFilename} label="Time series CSV" /> : null
            }
          />
          <CardBody>
            <TimeSeriesChart data={points} title={`${title} per ${granularity === "HOUR" ? "hour" : "day"}`} />
            <SeriesTable points={points} granularity={granularity} tz={current.tz} />
          </CardBody>
        </Card>
      ) : null}
      <Card className="mt-6">
        <CardHeader
          title={`${all ? "All campaigns by" : "By"} ${BREAKDOWN_LABELS[current.breakdown].toLowerCase()}`}
          description={range}
          action={<CsvDownload csv={report.csv} filename={report.csvFilename} />}
        />
        <CardBody>
          {totals.impressions === 0 ? (
            <EmptyState title="No delivery in this range">
              Nothing was delivered between these dates. Try a longer range, or{" "}
              <Link
                href={reportHref({ ...current, ...defaultRange(now, current.tz), breakdown: all ? "CAMPAIGN" : "DAY" })}
                className="text-brand underline"
              >
                the last {DEFAULT_RANGE_DAYS} days by day
              </Link>
              .
            </EmptyState>
          ) : current.breakdown === "REGION" ? null : (
            <BreakdownChart data={bars} title={`${title} by ${BREAKDOWN_LABELS[current.breakdown].toLowerCase()}`} />
          )}
          {current.breakdown === "REGION" && totals.impressions > 0 ? (
            // the map and the table beside it on wide screens, the table below on phones
            <div className="grid gap-6 lg:grid-cols-2">
              <RegionMap rows={bars} />
              <ReportTable breakdown={current.breakdown} rows={bars} />
            </div>
          ) : (
            <ReportTable breakdown={current.breakdown} rows={bars} />
          )}
        </CardBody>
      </Card>
      {/* saved and scheduled reports (docs/decisions/0701) */}
      {mayEdit ? (
        <Card className="mt-6">
          <CardHeader title="Save this report" description="Open it again from Saved reports, or have it emailed." />
          <CardBody>
            <SaveReportForm
              report={{
                campaignId: all ? null : chosen.restId,
                start: current.start,
                end: current.end,
                tz: current.tz,
                breakdown: !all && current.breakdown === "CAMPAIGN" ? "DAY" : current.breakdown,
                granularity: current.granularity,
              }}
            />
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}
