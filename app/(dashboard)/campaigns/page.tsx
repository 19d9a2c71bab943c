// Campaigns: a search by name or id (a GET form), status tabs, sortable columns
// and cursor pages, all as links (no client JavaScript), and bulk pause, resume
// and end of the checked rows (a client component); the data is the GraphQL
// campaign connection. Above it a date range (?start=&end=, local dates in the
// user's zone from Settings, ?compare=previous) with the account's daily trend
// (one metric at a time), and below it the money columns of the same rows over
// that range with a totals row, from the all-campaigns report (docs/decisions/1237).
import type { Metadata } from "next";
import Link from "next/link";
import {
  CampaignListDocument,
  CampaignListPerformanceDocument,
  type CampaignSortField,
  type CampaignStatus,
  type OrderDirection,
} from "@/graphql/__generated__/client/graphql";
import { formatCount, formatPercent, formatUsd } from "@/components/format";
import { BULK_FORM, BulkActions } from "@/components/campaigns/bulk-actions";
import { InlineBidBudget } from "@/components/campaigns/inline-bid-budget";
import { DailyBudgetBar } from "@/components/campaigns/daily-budget-bar";
import { deliveryLabel, statusLabel, statusTone } from "@/components/campaigns/status";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { CampaignPerformanceTable, type Figures } from "@/components/campaigns/campaign-performance";
import { dailyRowsChartData } from "@/components/reports/chart-data";
import { DatePresetLinks } from "@/components/reports/date-preset-links";
import { datePresets, readReportParams, type ReportParamErrors } from "@/components/reports/report-params";
import { SeriesTable } from "@/components/reports/series-table";
import { TimeSeriesChart } from "@/components/reports/time-series-chart";
import { CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { formatDate } from "@/components/format";
import { systemClock } from "@/lib/clock";
import { previousPeriod } from "@/lib/domain/reporting/reporting.schemas";
import { query } from "../_lib/graphql";
import { hasRole } from "../_lib/role-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaigns" };

const PAGE_SIZE = 20;
const STATUSES: CampaignStatus[] = ["ACTIVE", "PAUSED", "ENDED", "CANCELLED"];
const SORTS: CampaignSortField[] = [
  "CREATED_AT",
  "UPDATED_AT",
  "NAME",
  "STATUS",
  "BID_CPM",
  "SPEND_TO_DATE",
  "IMPRESSIONS_TO_DATE",
  "CLICKS_TO_DATE",
  "CTR_TO_DATE",
  "CONVERSIONS_TO_DATE",
  "TODAY_SPEND",
];
/** The API's longest search (longer text is cut rather than refused: it is a URL anyone can edit). */
const SEARCH_MAX = 200;
/** Text columns start A to Z; numbers and dates start with the largest. */
const ASCENDING_FIRST: CampaignSortField[] = ["NAME", "STATUS"];

type Params = {
  status?: string;
  sort?: string;
  dir?: string;
  after?: string;
  before?: string;
  q?: string;
  /** the money columns' range (local dates) and zone, and `previous` to compare */
  start?: string;
  end?: string;
  tz?: string;
  compare?: string;
};

function pick<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  const upper = value?.toUpperCase();
  return allowed.find((item) => item === upper);
}

function href(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `/campaigns?${text}` : "/campaigns";
}

function SortHeader({
  field,
  label,
  short,
  numeric,
  sort,
  dir,
  base,
  className,
}: {
  field: CampaignSortField;
  label: string;
  /** an abbreviation shown instead of a label too wide for the table at 1280 px; screen readers hear the label */
  short?: string;
  numeric?: boolean;
  sort: CampaignSortField;
  dir: OrderDirection;
  base: Params;
  className?: string;
}) {
  const active = sort === field;
  const nextDir = active && dir === "DESC" ? "asc" : active ? "desc" : ASCENDING_FIRST.includes(field) ? "asc" : "desc";
  return (
    <Th
      numeric={numeric}
      className={className}
      aria-sort={active ? (dir === "ASC" ? "ascending" : "descending") : undefined}
    >
      <Link
        className="inline-flex items-center gap-1 hover:text-ink hover:underline"
        href={href({ ...base, sort: field.toLowerCase(), dir: nextDir })}
      >
        {short ? (
          <>
            <abbr title={label} aria-hidden="true">
              {short}
            </abbr>
            <span className="sr-only">{label}</span>
          </>
        ) : (
          label
        )}
        <span aria-hidden="true">{active ? (dir === "ASC" ? "▲" : "▼") : ""}</span>
        <span className="sr-only">{active ? `, sorted ${dir === "ASC" ? "ascending" : "descending"}` : ", sort"}</span>
      </Link>
    </Th>
  );
}

export default async function CampaignsPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  const status = pick(params.status, STATUSES);
  const sort = pick(params.sort, SORTS) ?? "CREATED_AT";
  const dir: OrderDirection =
    pick(params.dir, ["ASC", "DESC"] as const) ?? (ASCENDING_FIRST.includes(sort) ? "ASC" : "DESC");
  const paging = params.before
    ? { last: PAGE_SIZE, before: params.before }
    : { first: PAGE_SIZE, after: params.after ?? null };
  const search = typeof params.q === "string" ? [...params.q.trim()].slice(0, SEARCH_MAX).join("") : "";
  // a viewer is offered neither campaign creation nor the bulk or inline edits (their operations refuse them anyway)
  const mayCreate = await hasRole("editor");
  const { campaigns, viewer } = await query(CampaignListDocument, {
    ...paging,
    status: status ?? null,
    search: search || null,
    orderBy: { field: sort, direction: dir },
  });
  // the range as the reports page reads it (E9's rules); without ?tz=, the user's zone from Settings
  const now = systemClock();
  const { params: range, errors: rangeErrors } = readReportParams(
    {
      start: params.start,
      end: params.end,
      tz: params.tz,
      compare: params.compare,
      campaign: "all",
      breakdown: "CAMPAIGN",
    },
    now,
    viewer?.user?.timeZone ?? "UTC",
  );
  const rangeOk = Object.keys(rangeErrors).length === 0;
  const before = previousPeriod(range.start, range.end);
  const performance = rangeOk
    ? await query(CampaignListPerformanceDocument, {
        start: range.start,
        end: range.end,
        tz: range.tz,
        previousStart: before.start,
        previousEnd: before.end,
        compare: range.compare,
      })
    : null;
  const base: Params = {
    status: status?.toLowerCase(),
    sort: sort.toLowerCase(),
    dir: dir.toLowerCase(),
    q: search || undefined,
    start: params.start ? range.start : undefined,
    end: params.end ? range.end : undefined,
    tz: params.tz ? range.tz : undefined,
    compare: range.compare ? "previous" : undefined,
  };
  const nodes = campaigns?.nodes ?? [];
  const sorting = { sort, dir, base };
  const byCampaign = (rows: readonly (Figures & { campaign?: { id: string } | null })[] | null | undefined) =>
    new Map((rows ?? []).flatMap((row) => (row.campaign ? [[row.campaign.id, row] as const] : [])));
  const period = `${formatDate(range.start)} – ${formatDate(range.end)} (${range.tz})`;
  const previousText = `${formatDate(before.start)} – ${formatDate(before.end)}`;

  return (
    <>
      <PageHeader
        title="Campaigns"
        description={`${formatCount(campaigns?.totalCount ?? 0)} ${status ? statusLabel(status).toLowerCase() : "in all"}${
          search ? ` matching “${search}”` : ""
        }`}
        actions={
          mayCreate ? (
            <Link href="/campaigns/new" className={buttonClasses("primary")}>
              New campaign
            </Link>
          ) : null
        }
      />
      <form role="search" action="/campaigns" method="get" className="mb-4 flex max-w-xl flex-wrap gap-2">
        <label htmlFor="campaign-search" className="sr-only">
          Search campaigns by name or id
        </label>
        <Input
          id="campaign-search"
          name="q"
          type="search"
          defaultValue={search}
          maxLength={SEARCH_MAX}
          placeholder="Search by name or id (cmp_…)"
          className="w-auto min-w-0 flex-1"
        />
        {status ? <input type="hidden" name="status" value={status.toLowerCase()} /> : null}
        <input type="hidden" name="sort" value={base.sort} />
        <input type="hidden" name="dir" value={base.dir} />
        <RangeHidden params={base} />
        <button type="submit" className={buttonClasses("secondary")}>
          Search
        </button>
        {search ? (
          <Link href={href({ ...base, q: undefined })} className={buttonClasses("ghost")}>
            Clear
          </Link>
        ) : null}
      </form>
      <nav aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
        {[undefined, ...STATUSES].map((value) => {
          const current = value === status;
          return (
            <Link
              key={value ?? "all"}
              href={href({ ...base, status: value?.toLowerCase(), after: undefined, before: undefined })}
              aria-current={current ? "page" : undefined}
              className={cn(
                "rounded-full border px-3 py-1.5 text-sm font-medium",
                current
                  ? "border-blue-700 bg-blue-700 text-white"
                  : "border-line bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {value ? statusLabel(value) : "All"}
            </Link>
          );
        })}
      </nav>
      <Card className="mb-4">
        <CardBody>
          <DatePresetLinks
            presets={rangeErrors.tz ? [] : datePresets(now, range.tz)}
            range={range}
            hrefOf={(preset) => href({ ...base, start: preset.start, end: preset.end, tz: range.tz })}
          />
          <RangeForm base={base} range={range} errors={rangeErrors} />
        </CardBody>
      </Card>
      {performance?.trend ? (
        <Card className="mb-4">
          <CardHeader title="All campaigns per day" description={period} />
          <CardBody>
            <TimeSeriesChart data={dailyRowsChartData(performance.trend.rows ?? [])} title="All campaigns per day" />
            <SeriesTable points={dailyRowsChartData(performance.trend.rows ?? [])} granularity="DAY" tz={range.tz} />
          </CardBody>
        </Card>
      ) : null}
      <Card>
        {nodes.length === 0 ? (
          <EmptyState
            title={
              search
                ? `No campaign matches “${search}”`
                : status
                  ? `No ${statusLabel(status).toLowerCase()} campaigns`
                  : "No campaigns yet"
            }
            action={
              mayCreate ? (
                <Link href="/campaigns/new" className={buttonClasses("primary")}>
                  Create a campaign
                </Link>
              ) : null
            }
          >
            A campaign bids on moments of live games and sends your push notification to fans who have money on the
            line.
          </EmptyState>
        ) : (
          <>
            {mayCreate ? (
              <div className="px-4 pt-3">
                <BulkActions
                  campaigns={Object.fromEntries(
                    nodes.map((campaign) => [
                      campaign.id,
                      {
                        name: campaign.name,
                        momentTypes: campaign.momentTypes,
                        bidCpmUsd: campaign.bidCpmUsd,
                        dailyBudgetUsd: campaign.dailyBudgetUsd,
                        updatedAt: campaign.updatedAt,
                      },
                    ]),
                  )}
                />
              </div>
            ) : null}
            {/* denser than other tables so that all ten columns fit the 992 px content column of a
                1280 px window (docs/decisions/1222); narrower windows scroll inside the region */}
            <Table aria-label="Campaigns" className="[&_td]:px-2.5 [&_th]:px-2.5">
              <caption className="sr-only">Campaigns</caption>
              <thead>
                <tr>
                  <SortHeader field="NAME" label="Name" {...sorting} />
                  <SortHeader field="STATUS" label="Status" {...sorting} />
                  <SortHeader field="BID_CPM" label="Bid CPM" numeric {...sorting} />
                  <SortHeader field="TODAY_SPEND" label="Today" className="min-w-28" {...sorting} />
                  <SortHeader field="SPEND_TO_DATE" label="Spend to date" numeric {...sorting} />
                  <SortHeader field="IMPRESSIONS_TO_DATE" label="Impressions" short="Impr." numeric {...sorting} />
                  <SortHeader field="CLICKS_TO_DATE" label="Clicks" numeric {...sorting} />
                  <SortHeader field="CTR_TO_DATE" label="CTR" numeric {...sorting} />
                  <SortHeader field="CONVERSIONS_TO_DATE" label="Conversions" short="Conv." numeric {...sorting} />
                  <SortHeader field="CREATED_AT" label="Created" {...sorting} />
                </tr>
              </thead>
              <tbody>
                {nodes.map((campaign) => (
                  <tr key={campaign.id}>
                    <Td>
                      <div className="flex items-start gap-3">
                        {mayCreate ? (
                          <input
                            type="checkbox"
                            name="campaign"
                            value={campaign.id}
                            form={BULK_FORM}
                            aria-label={`Select ${campaign.name}`}
                            className="mt-1 size-4 shrink-0"
                          />
                        ) : null}
                        <div className="min-w-40 wrap-anywhere">
                          <Link className="font-medium text-brand hover:underline" href={`/campaigns/${campaign.id}`}>
                            {campaign.name}
                          </Link>
                          <p className="text-xs text-muted">{campaign.restId}</p>
                        </div>
                      </div>
                    </Td>
                    <Td>
                      <Badge tone={statusTone(campaign.status)}>{statusLabel(campaign.status)}</Badge>
                      {campaign.deliveryStatus !== "DELIVERING" && campaign.status === "ACTIVE" ? (
                        <p className="mt-1 text-xs text-muted">{deliveryLabel(campaign.deliveryStatus)}</p>
                      ) : null}
                    </Td>
                    <Td numeric>
                      {formatUsd(campaign.bidCpmUsd)}
                      {/* editors only, and only while the API accepts an update (availableActions) */}
                      {mayCreate && campaign.availableActions.includes("UPDATE") ? (
                        <InlineBidBudget
                          campaign={{
                            id: campaign.id,
                            restId: campaign.restId,
                            name: campaign.name,
                            bidCpmUsd: campaign.bidCpmUsd,
                            dailyBudgetUsd: campaign.dailyBudgetUsd,
                            totalBudgetUsd: campaign.totalBudgetUsd,
                            updatedAt: campaign.updatedAt,
                          }}
                        />
                      ) : null}
                    </Td>
                    <Td>
                      <DailyBudgetBar
                        spendUsd={campaign.today.spendUsd}
                        dailyBudgetUsd={campaign.today.dailyBudgetUsd}
                        pacingAllowanceUsd={campaign.today.pacingAllowanceUsd}
                        label={`${campaign.name}: spend today against the daily budget`}
                      />
                      <p className="mt-1 text-xs text-muted">
                        {formatUsd(campaign.today.spendUsd)} of {formatUsd(campaign.today.dailyBudgetUsd)}
                      </p>
                    </Td>
                    <Td numeric>{formatUsd(campaign.spendToDateUsd)}</Td>
                    <Td numeric>{formatCount(campaign.impressionsToDate)}</Td>
                    <Td numeric>{formatCount(campaign.clicksToDate)}</Td>
                    <Td numeric>{formatPercent(campaign.ctrToDate)}</Td>
                    <Td numeric>{formatCount(campaign.conversionsToDate)}</Td>
                    <Td className="min-w-28">
                      <LocalTime iso={campaign.createdAt} />
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        )}
      </Card>
      {performance?.range && nodes.length > 0 ? (
        <Card className="mt-4">
          <CardHeader
            title="Performance in the range"
            description={
              performance.previous
                ? `${period}, each figure against the previous period (${previousText}). A column's heading sorts the campaigns of this page only.`
                : `${period}; the total is every campaign's, of every status. A column's heading sorts the campaigns of this page only.`
            }
          />
          <CampaignPerformanceTable
            campaigns={nodes.map(({ id, restId, name }) => ({ id, restId, name }))}
            figures={byCampaign(performance.range.rows)}
            previous={performance.previous ? byCampaign(performance.previous.rows) : null}
            totals={performance.range.totals}
            previousTotals={performance.previous?.totals ?? null}
            caption={`Campaign performance, ${period}`}
          />
        </Card>
      ) : null}
      {campaigns && (campaigns.pageInfo.hasPreviousPage || campaigns.pageInfo.hasNextPage) ? (
        <nav aria-label="Pages" className="mt-4 flex justify-between gap-2">
          {campaigns.pageInfo.hasPreviousPage && campaigns.pageInfo.startCursor ? (
            <Link
              className={buttonClasses("secondary")}
              href={href({ ...base, before: campaigns.pageInfo.startCursor })}
            >
              Previous
            </Link>
          ) : (
            <span />
          )}
          {campaigns.pageInfo.hasNextPage && campaigns.pageInfo.endCursor ? (
            <Link className={buttonClasses("secondary")} href={href({ ...base, after: campaigns.pageInfo.endCursor })}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** The range's choices a form of the page carries along (the search keeps the range). */
function RangeHidden({ params }: { params: Params }) {
  return (
    <>
      {params.start ? <input type="hidden" name="start" value={params.start} /> : null}
      {params.end ? <input type="hidden" name="end" value={params.end} /> : null}
      {params.tz ? <input type="hidden" name="tz" value={params.tz} /> : null}
      {params.compare ? <input type="hidden" name="compare" value={params.compare} /> : null}
    </>
  );
}

/** A custom range and the previous period's comparison, as a GET form keeping the list's other choices. */
function RangeForm({
  base,
  range,
  errors,
}: {
  base: Params;
  range: { start: string; end: string; tz: string; compare: boolean };
  errors: ReportParamErrors;
}) {
  return (
    <form
      method="get"
      action="/campaigns"
      aria-label="Date range"
      className="grid grid-cols-1 items-end gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {base.status ? <input type="hidden" name="status" value={base.status} /> : null}
      {base.q ? <input type="hidden" name="q" value={base.q} /> : null}
      <input type="hidden" name="sort" value={base.sort} />
      <input type="hidden" name="dir" value={base.dir} />
      <input type="hidden" name="tz" value={range.tz} />
      <Field id="range-start" label="From" error={errors.start}>
        <Input type="date" name="start" defaultValue={range.start} required />
      </Field>
      <Field id="range-end" label="To (inclusive)" error={errors.end ?? errors.tz}>
        <Input type="date" name="end" defaultValue={range.end} required />
      </Field>
      <label className="flex items-center gap-2 pb-2 text-sm font-medium text-ink">
        <input type="checkbox" name="compare" value="previous" defaultChecked={range.compare} />
        Compare with the previous period
      </label>
      <div>
        <button type="submit" className={buttonClasses("secondary")}>
          Show range
        </button>
        <p className="mt-1 text-xs text-muted">Local dates in {range.tz}.</p>
      </div>
    </form>
  );
}
