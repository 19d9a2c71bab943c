// Reports (getCampaignReport, getCampaignTimeseries): a campaign's delivery over local dates in a time zone, with a
// breakdown; every choice is in the URL (?campaign=cmp_…&start=&end=&tz=&breakdown=
// &granularity=) so a report is a link to share. The form is a plain GET form:
// it works without JavaScript, and the charts are the only client components.
import type { Metadata } from "next";
import Link from "next/link";
import { graphql } from "@/graphql/__generated__/client";
import { PageHeader } from "@/components/shell/page-header";
import { BreakdownChart } from "@/components/reports/breakdown-chart";
import { breakdownChartData, seriesChartData } from "@/components/reports/chart-data";
import { CsvDownload } from "@/components/reports/csv-download";
import { ReportFilters } from "@/components/reports/report-filters";
import {
  defaultRange,
  readReportParams,
  reportHref,
  BREAKDOWN_LABELS,
  DEFAULT_RANGE_DAYS,
} from "@/components/reports/report-params";
import { ReportTable } from "@/components/reports/report-table";
import { SeriesTable } from "@/components/reports/series-table";
import { TimeSeriesChart } from "@/components/reports/time-series-chart";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { formatCount, formatPercent, formatUsd, formatDate } from "@/components/format";
import { systemClock } from "@/lib/clock";
import { GraphqlError } from "@/components/graphql-errors";
import { query } from "../_lib/graphql";

export const metadata: Metadata = { title: "Reports" };

const CAMPAIGNS = graphql(`
  query ReportCampaigns {
    campaigns(first: 100) {
      nodes {
        id
        restId
        name
        status
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
  ) {
    campaignReport(campaignId: $campaignId, startDate: $start, endDate: $end, breakdown: $breakdown, timezone: $tz) {
      period {
        start
        end
        timezone
      }
      totals {
        impressions
        clicks
        ctr
        conversions
        spendUsd
        averageCpmPaidUsd
        asOf
      }
      breakdown
      rows {
        key
        impressions
        clicks
        ctr
        conversions
        spendUsd
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
        spendUsd
      }
      csv
      csvFilename
    }
  }
`);

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportsPage({ searchParams }: { searchParams: Search }) {
  const now = systemClock();
  const { params, errors } = readReportParams(await searchParams, now);
  const catalog = await query(CAMPAIGNS);
  const campaigns = catalog.campaigns?.nodes ?? [];
  const names = {
    momentTypes: Object.fromEntries(catalog.momentTypes.map((type) => [type.key, type.displayName])),
    sports: Object.fromEntries(catalog.sports.map((sport) => [sport.key, sport.displayName])),
  };
  const header = (
    <PageHeader
      title="Reports"
      description="Delivery of a campaign over local dates in any time zone, broken down as you choose."
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
  // ?campaign= takes the REST id (cmp_…) or the global id; without one, the newest campaign
  const named = params.campaign
    ? campaigns.find((campaign) => campaign.restId === params.campaign || campaign.id === params.campaign)
    : campaigns[0];
  if (!named) errors.campaign = "No campaign of yours has this id; choose one from the list.";
  const chosen = named ?? campaigns[0]!;
  const current = { ...params, campaign: chosen.restId };
  const filters = <ReportFilters params={current} errors={errors} campaigns={campaigns} nowMs={now} />;
  if (Object.keys(errors).length > 0) {
    return (
      <>
        {header}
        {filters}
      </>
    );
  }

  let data;
  try {
    data = await query(REPORT, {
      campaignId: chosen.restId,
      start: current.start,
      end: current.end,
      tz: current.tz,
      breakdown: current.breakdown,
      granularity: current.granularity,
    });
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
  const report = data.campaignReport!;
  const series = data.campaignTimeSeries!;
  const totals = report.totals;
  const points = seriesChartData(series.series, series.granularity, current.tz);
  const bars = breakdownChartData(current.breakdown, report.rows ?? [], names);
  const range = `${formatDate(report.period.start)} – ${formatDate(report.period.end)} (${report.period.timezone})`;
  const stats = [
    { label: "Impressions", value: formatCount(totals.impressions), testId: "total-impressions" },
    { label: "Clicks", value: formatCount(totals.clicks), testId: "total-clicks" },
    { label: "CTR", value: formatPercent(totals.ctr), testId: "total-ctr" },
    { label: "Conversions", value: formatCount(totals.conversions), testId: "total-conversions" },
    { label: "Spend", value: formatUsd(totals.spendUsd), testId: "total-spend" },
    { label: "Average CPM", value: formatUsd(totals.averageCpmPaidUsd), testId: "total-cpm" },
  ];

  return (
    <>
      {header}
      {filters}
      <section aria-labelledby="totals-heading" className="mt-6">
        <h2 id="totals-heading" className="sr-only">
          Totals
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg border border-line bg-white px-4 py-3">
              <dt className="text-xs font-medium text-muted">{stat.label}</dt>
              <dd className="mt-1 text-lg font-semibold text-ink tabular-nums" data-testid={stat.testId}>
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <Card className="mt-6">
        <CardHeader
          title={`${chosen.name}: per ${series.granularity === "HOUR" ? "hour" : "day"}`}
          description={range}
          action={<CsvDownload csv={series.csv} filename={series.csvFilename} label="Time series CSV" />}
        />
        <CardBody>
          <TimeSeriesChart
            data={points}
            title={`Impressions, clicks and spend per ${series.granularity === "HOUR" ? "hour" : "day"}`}
          />
          <SeriesTable points={points} granularity={series.granularity} />
        </CardBody>
      </Card>
      <Card className="mt-6">
        <CardHeader
          title={`By ${BREAKDOWN_LABELS[current.breakdown].toLowerCase()}`}
          description={range}
          action={<CsvDownload csv={report.csv} filename={report.csvFilename} />}
        />
        <CardBody>
          {totals.impressions === 0 ? (
            <EmptyState title="No delivery in this range">
              Nothing was delivered between these dates. Try a longer range, or{" "}
              <Link
                href={reportHref({ ...current, ...defaultRange(now, current.tz), breakdown: "DAY" })}
                className="text-brand underline"
              >
                the last {DEFAULT_RANGE_DAYS} days by day
              </Link>
              .
            </EmptyState>
          ) : (
            <BreakdownChart
              data={bars}
              title={`Impressions, clicks and conversions by ${BREAKDOWN_LABELS[current.breakdown].toLowerCase()}`}
            />
          )}
          <ReportTable breakdown={current.breakdown} rows={bars} />
        </CardBody>
      </Card>
    </>
  );
}
