"use client";
// Today's numbers, refreshed every few seconds through GraphQL while the page is
// visible (the demo traffic moves them). The first render uses the server's data.
import Link from "next/link";
import { useEffect, useState } from "react";
import { OverviewTodayDocument, type OverviewTodayQuery } from "@/graphql/__generated__/client/graphql";
import { budgetFraction, formatCount, formatPercent, formatUsd } from "@/components/format";
import { gqlFetch } from "@/components/graphql-client";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { BudgetBar } from "@/components/ui/progress";
import { EmptyState } from "@/components/ui/states";
import { Table, Td, Th } from "@/components/ui/table";
import { DailyBudgetBar } from "@/components/campaigns/daily-budget-bar";
import { statusLabel, statusTone } from "@/components/campaigns/status";
import { buttonClasses } from "@/components/ui/button";

type Today = NonNullable<NonNullable<OverviewTodayQuery["viewer"]>["advertiser"]["today"]>;

const POLL_MS = 5_000;

function Kpi({ label, value, detail }: { label: string; value: string; detail?: React.ReactNode }) {
  return (
    <Card>
      <CardBody>
        <p className="text-sm font-medium text-muted">{label}</p>
        <p className="mt-1 text-2xl font-semibold tabular-nums text-ink">{value}</p>
        {detail ? <div className="mt-2 text-xs text-muted">{detail}</div> : null}
      </CardBody>
    </Card>
  );
}

export function LiveOverview({ initial, mayCreate }: { initial: Today; mayCreate: boolean }) {
  const [today, setToday] = useState(initial);
  const [stale, setStale] = useState(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      if (document.visibilityState === "visible") {
        try {
          const data = await gqlFetch(OverviewTodayDocument);
          const next = data.viewer?.advertiser.today;
          if (!stopped && next) {
            setToday(next);
            setStale(false);
          }
        } catch {
          if (!stopped) setStale(true);
        }
      }
      if (!stopped) timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  const spent = budgetFraction(today.spendUsd, today.activeDailyBudgetUsd);
  return (
    <div className="space-y-6">
      <p className="text-xs text-muted" aria-live="polite">
        Today (UTC {today.date}) · updated <LocalTime iso={today.asOf} />
        {stale ? " · could not refresh, retrying" : ""}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Kpi
          label="Spend today"
          value={formatUsd(today.spendUsd)}
          detail={
            <div className="space-y-1.5">
              <BudgetBar fraction={spent} label="Spend against today's budgets" />
              <p>
                {formatPercent(spent, 0)} of {formatUsd(today.activeDailyBudgetUsd)} across {today.activeCampaigns}{" "}
                active {today.activeCampaigns === 1 ? "campaign" : "campaigns"}
              </p>
            </div>
          }
        />
        <Kpi label="Impressions" value={formatCount(today.impressions)} />
        <Kpi label="Clicks" value={formatCount(today.clicks)} detail={`CTR ${formatPercent(today.ctr)}`} />
        <Kpi label="Conversions" value={formatCount(today.conversions)} />
      </div>
      <Card>
        <CardHeader
          title="Top campaigns today"
          description="By spend. The bar is spend against the daily budget; the line is where even pacing allows it to be."
        />
        {today.topCampaigns && today.topCampaigns.length > 0 ? (
          <Table aria-label="Top campaigns today">
            <thead>
              <tr>
                <Th>Campaign</Th>
                <Th className="min-w-40">Daily budget</Th>
                <Th numeric>Spend</Th>
                <Th numeric>Impressions</Th>
                <Th numeric>Clicks</Th>
                <Th numeric>CTR</Th>
                <Th numeric>Conversions</Th>
              </tr>
            </thead>
            <tbody>
              {today.topCampaigns.map((row) => {
                const budget = row.campaign.today.dailyBudgetUsd;
                return (
                  <tr key={row.campaign.id}>
                    <Td>
                      <Link className="font-medium text-brand hover:underline" href={`/campaigns/${row.campaign.id}`}>
                        {row.campaign.name}
                      </Link>
                      <div className="mt-1">
                        <Badge tone={statusTone(row.campaign.status)}>{statusLabel(row.campaign.status)}</Badge>
                      </div>
                    </Td>
                    <Td>
                      <DailyBudgetBar
                        spendUsd={row.spendUsd}
                        dailyBudgetUsd={budget}
                        pacingAllowanceUsd={row.campaign.today.pacingAllowanceUsd}
                        label={`${row.campaign.name}: spend against its daily budget`}
                      />
                      <p className="mt-1 text-xs text-muted">of {formatUsd(budget)}</p>
                    </Td>
                    <Td numeric>{formatUsd(row.spendUsd)}</Td>
                    <Td numeric>{formatCount(row.impressions)}</Td>
                    <Td numeric>{formatCount(row.clicks)}</Td>
                    <Td numeric>{formatPercent(row.ctr)}</Td>
                    <Td numeric>{formatCount(row.conversions)}</Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        ) : (
          <EmptyState
            title="No delivery yet today"
            action={
              mayCreate ? (
                <Link href="/campaigns/new" className={buttonClasses("primary")}>
                  Create a campaign
                </Link>
              ) : null
            }
          >
            Campaigns appear here once they win impressions today.
          </EmptyState>
        )}
      </Card>
    </div>
  );
}
