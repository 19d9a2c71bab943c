// One campaign: status, whether it delivers and the actions the API accepts now
// (availableActions), duplicate (copy and edit), settings and their edit, today's spend against
// the budget, and the creative variants with their review, allocation,
// performance and pause or resume; a new variant. Everything through GraphQL
// (campaign(id:)).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import {
  CampaignDetailDocument,
  CampaignFormCatalogDocument,
  type CampaignEndedReason,
} from "@/graphql/__generated__/client/graphql";
import { AddVariant } from "@/components/campaigns/add-variant";
import { creativeValues, EMPTY_CREATIVE } from "@/components/campaigns/campaign-form-values";
import { CampaignHeader } from "@/components/campaigns/campaign-header";
import { DailyBudgetBar } from "@/components/campaigns/daily-budget-bar";
import { PACING_LABELS } from "@/components/campaigns/pacing";
import { EditCampaign } from "@/components/campaigns/edit-campaign";
import { bidFloorHint } from "@/components/campaigns/floors";
import { StatusActions } from "@/components/campaigns/status-actions";
import { canChange, deliveryLabel, reviewOf, statusLabel, statusTone } from "@/components/campaigns/status";
import { VariantStatus } from "@/components/campaigns/variant-status";
import { formatCount, formatDate, formatPercent, formatUsd } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { campaignGlobalIdOfRoute } from "@/graphql/global-id";
import { queryOrNull, query } from "../../_lib/graphql";
import { roleOfGraphql, shellViewer } from "../../_lib/shell";
import { roleAtLeast } from "@/lib/auth/roles";
import { regionName } from "@/lib/domain/regions/regions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaign" };

const ENDED_REASONS: Record<CampaignEndedReason, string> = {
  BUDGET_EXHAUSTED: "the total budget was spent",
  END_DATE: "its end date passed",
  ADVERTISER: "you ended it",
};

/** Region codes by name (New Jersey (US-NJ)), or what no list means. */
function regionList(codes: readonly string[] | null | undefined, none: string): string {
  return codes?.length ? codes.map((code) => `${regionName(code)} (${code})`).join(", ") : none;
}

function Setting({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const globalId = campaignGlobalIdOfRoute(id);
  const data = await queryOrNull(CampaignDetailDocument, { id: globalId });
  const campaign = data?.campaign;
  if (!campaign) notFound();
  const [catalog, viewer] = await Promise.all([query(CampaignFormCatalogDocument), shellViewer()]);
  const types = catalog.momentTypes.filter((type) => campaign.momentTypes.includes(type.key));
  const sports = catalog.sports.filter((sport) => campaign.sports.includes(sport.key));
  const open = canChange(campaign.status);
  // a viewer reads the campaign; its operations would refuse the changes (role_required) anyway
  const role = roleOfGraphql(viewer?.role);
  const mayEdit = role !== null && roleAtLeast(role, "editor");
  const today = campaign.today;
  // a new variant starts from variant A's creative (the one most often varied)
  const variantA =
    campaign.creatives.find((creative) => creative.variantLabel === "variant_a") ?? campaign.creatives[0];

  return (
    <>
      <CampaignHeader
        campaign={campaign}
        current="overview"
        details={
          <>
            {campaign.status === "ACTIVE" ? (
              <span data-testid="delivery-status">· {deliveryLabel(campaign.deliveryStatus)}</span>
            ) : null}
            {campaign.endedReason ? <span>· stopped because {ENDED_REASONS[campaign.endedReason]}</span> : null}
          </>
        }
        actions={
          mayEdit ? (
            <div className="flex flex-wrap items-start justify-end gap-2">
              {/* copy and edit: the whole campaign as an editable draft (docs/decisions/1231) */}
              <Link href={`/campaigns/${campaign.id}/duplicate`} className={buttonClasses("secondary")}>
                Duplicate
              </Link>
              <StatusActions id={campaign.id} actions={campaign.availableActions} />
            </div>
          ) : null
        }
      />

      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader title="Settings" />
          <CardBody className="space-y-5">
            <dl className="grid gap-4 sm:grid-cols-3">
              <Setting label="Bid (CPM)">{formatUsd(campaign.bidCpmUsd)}</Setting>
              <Setting label="Daily budget">{formatUsd(campaign.dailyBudgetUsd)}</Setting>
              <Setting label="Total budget">{formatUsd(campaign.totalBudgetUsd)}</Setting>
              <Setting label="Pacing">{PACING_LABELS[campaign.pacing]}</Setting>
              <Setting label="Flight (UTC)">
                {formatDate(campaign.startDate)} – {campaign.endDate ? formatDate(campaign.endDate) : "open-ended"}
              </Setting>
              <Setting label="Target CPA">{campaign.targetCpaUsd ? formatUsd(campaign.targetCpaUsd) : "Off"}</Setting>
              <Setting label="Moment types">{types.map((type) => type.displayName).join(", ")}</Setting>
              <Setting label="Sports">{sports.map((sport) => sport.displayName).join(", ")}</Setting>
              <Setting label="Regions">
                <span data-testid="target-regions">{regionList(campaign.targetRegions, "Everywhere")}</span>
              </Setting>
              <Setting label="Never in">
                <span data-testid="excluded-regions">{regionList(campaign.excludedRegions, "None")}</span>
              </Setting>
              <Setting label="Created">
                <LocalTime iso={campaign.createdAt} />
              </Setting>
            </dl>
            {open && !mayEdit ? (
              <p className="text-sm text-muted" data-testid="read-only-note">
                Your role on this advertiser is viewer: an editor or an admin changes this campaign.
              </p>
            ) : null}
            {open && mayEdit ? (
              <EditCampaign
                campaign={{
                  id: campaign.id,
                  name: campaign.name,
                  bidCpmUsd: campaign.bidCpmUsd,
                  dailyBudgetUsd: campaign.dailyBudgetUsd,
                  totalBudgetUsd: campaign.totalBudgetUsd,
                  endDate: campaign.endDate ?? null,
                  pacing: campaign.pacing,
                  targetCpaUsd: campaign.targetCpaUsd ?? null,
                  targetRegions: campaign.targetRegions ?? null,
                  excludedRegions: campaign.excludedRegions ?? null,
                }}
                floorHint={bidFloorHint(campaign.momentTypes) ?? ""}
              />
            ) : null}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Delivery" description={`Today (UTC ${today.date}) and to date`} />
          <CardBody className="space-y-4">
            <div data-testid="delivery-today">
              <p className="text-sm text-muted">Spend today</p>
              <p className="text-2xl font-semibold tabular-nums">{formatUsd(today.spendUsd)}</p>
              {open ? (
                <>
                  <DailyBudgetBar
                    className="mt-2"
                    spendUsd={today.spendUsd}
                    dailyBudgetUsd={today.dailyBudgetUsd}
                    pacingAllowanceUsd={campaign.status === "ACTIVE" ? today.pacingAllowanceUsd : null}
                    label="Spend today against the daily budget"
                  />
                  <p className="mt-1 text-xs text-muted">
                    of {formatUsd(today.dailyBudgetUsd)} · {formatUsd(today.remainingUsd)} left
                    {campaign.status === "ACTIVE" && today.pacingAllowanceUsd
                      ? ` · pacing allows ${formatUsd(today.pacingAllowanceUsd)} by now`
                      : ""}
                    {campaign.status === "PAUSED" ? " · paused: nothing is spent until you resume it" : ""}
                  </p>
                </>
              ) : (
                // a final campaign spends nothing more: no budget left to show, no pacing line
                <p className="mt-1 text-xs text-muted">
                  Delivery stopped
                  {campaign.endedReason ? ` because ${ENDED_REASONS[campaign.endedReason]}` : ""}; nothing more is
                  spent.
                </p>
              )}
            </div>
            <dl className="grid grid-cols-2 gap-4">
              <Setting label="Spend to date">{formatUsd(campaign.spendToDateUsd)}</Setting>
              <Setting label="Impressions">{formatCount(campaign.impressionsToDate)}</Setting>
              <Setting label="Clicks">{formatCount(campaign.clicksToDate)}</Setting>
              <Setting label="CTR">{formatPercent(campaign.ctrToDate)}</Setting>
              <Setting label="Conversions">{formatCount(campaign.conversionsToDate)}</Setting>
            </dl>
            <Link className="text-sm font-medium text-brand hover:underline" href={`/reports?campaign=${campaign.id}`}>
              Open the report →
            </Link>
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader
          title="Creative variants"
          description={
            open
              ? "Traffic is split equally across approved variants; a paused one gets none. The score is the chance each has the best click-through rate."
              : "Delivery has stopped, so no variant receives traffic; the score is the chance each had the best click-through rate."
          }
        />
        <Table aria-label="Creative variants">
          <thead>
            <tr>
              <Th>Variant</Th>
              <Th>Review</Th>
              <Th numeric>Allocation</Th>
              <Th numeric>Impressions</Th>
              <Th numeric>Clicks</Th>
              <Th numeric>CTR</Th>
              <Th numeric>Conversions</Th>
              <Th numeric>Spend</Th>
              <Th numeric>Best-CTR chance</Th>
            </tr>
          </thead>
          <tbody>
            {campaign.creatives.map((creative) => (
              <tr key={creative.id}>
                <Td className="min-w-44 sm:min-w-56">
                  <p className="text-xs font-medium text-muted">{creative.variantLabel}</p>
                  <p className="font-medium">{creative.headline}</p>
                  <p className="text-xs text-slate-700">{creative.body}</p>
                </Td>
                <Td className="min-w-48 sm:min-w-60" data-testid="variant-review">
                  {/* only an approved variant is paused: its review stands beside the pause */}
                  <div className="flex flex-wrap gap-1">
                    <Badge tone={statusTone(reviewOf(creative.status))}>{statusLabel(reviewOf(creative.status))}</Badge>
                    {creative.status === "PAUSED" ? <Badge tone="warn">Paused</Badge> : null}
                  </div>
                  {creative.reviewReason ? <p className="mt-1 text-xs text-danger">{creative.reviewReason}</p> : null}
                  <div className="mt-1">
                    <VariantStatus
                      id={creative.id}
                      label={creative.variantLabel}
                      actions={mayEdit ? creative.availableActions : []}
                    />
                  </div>
                </Td>
                <Td numeric data-testid="allocation">
                  {/* an ended or cancelled campaign sends no traffic to any variant */}
                  {open ? formatPercent(creative.trafficAllocation, 0) : "—"}
                </Td>
                <Td numeric>{formatCount(creative.performance?.impressions)}</Td>
                <Td numeric>{formatCount(creative.performance?.clicks)}</Td>
                <Td numeric>{formatPercent(creative.performance?.ctr)}</Td>
                <Td numeric>{formatCount(creative.performance?.conversions)}</Td>
                <Td numeric>{formatUsd(creative.performance?.spendUsd)}</Td>
                <Td numeric>{formatPercent(creative.performanceScore, 0)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
        {open && mayEdit ? (
          <CardBody className="border-t border-line">
            <AddVariant
              campaignId={campaign.id}
              appName={viewer?.advertiser.name ?? "Your app"}
              from={variantA ? creativeValues(variantA) : EMPTY_CREATIVE}
            />
          </CardBody>
        ) : null}
      </Card>
    </>
  );
}
