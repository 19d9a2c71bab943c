// Copy and edit (docs/decisions/1231): the create form filled with a campaign's settings, its
// creative and its other variants, every one editable; saved through duplicateCampaign as a new
// campaign (paused unless asked otherwise). Editors and admins only.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CampaignDetailDocument, CampaignFormCatalogDocument } from "@/graphql/__generated__/client/graphql";
import { CampaignForm } from "@/components/campaigns/campaign-form";
import { creativeValues, type CampaignFormValues } from "@/components/campaigns/campaign-form-values";
import { PageHeader } from "@/components/shell/page-header";
import { campaignGlobalIdOfRoute } from "@/graphql/global-id";
import { copyFlight, copyName } from "@/lib/domain/campaigns/duplicate-campaign";
import { queryOrNull, query } from "../../../_lib/graphql";
import { roleGate } from "../../../_lib/role-gate";
import { shellViewer } from "../../../_lib/shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Copy campaign" };

/** A Money string as the form shows an amount ("2.50" stays, "60.000000" is "60"). */
const amount = (money: string) => String(Number(money));

export default async function DuplicateCampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const denied = await roleGate("editor", "Copy campaign", "copying campaigns");
  if (denied) return denied;
  const { id } = await params;
  const globalId = campaignGlobalIdOfRoute(id);
  const data = await queryOrNull(CampaignDetailDocument, { id: globalId });
  const campaign = data?.campaign;
  if (!campaign) notFound();
  const [catalog, viewer] = await Promise.all([query(CampaignFormCatalogDocument), shellViewer()]);
  const today = new Date().toISOString().slice(0, 10);
  // the API's own defaults for dates: the source's start (today when past) and flight length
  const flight = copyFlight({ startDate: campaign.startDate, endDate: campaign.endDate ?? null }, {}, today);
  const [primary, ...others] = campaign.creatives;
  const values: CampaignFormValues = {
    name: copyName(campaign.name),
    moment_types: campaign.momentTypes.map((key) => key.toLowerCase()),
    sports: campaign.sports.map((key) => key.toLowerCase()),
    bid_cpm_usd: amount(campaign.bidCpmUsd),
    daily_budget_usd: amount(campaign.dailyBudgetUsd),
    total_budget_usd: amount(campaign.totalBudgetUsd),
    start_date: flight.startDate,
    end_date: flight.endDate ?? "",
    pacing: campaign.pacing === "ASAP" ? "asap" : "even",
    target_cpa_usd: campaign.targetCpaUsd ? amount(campaign.targetCpaUsd) : "",
    target_regions: campaign.targetRegions ?? [],
    excluded_regions: campaign.excludedRegions ?? [],
    creative: creativeValues(primary!),
    variants: others.map(creativeValues),
  };
  return (
    <>
      <PageHeader
        title={`Copy of ${campaign.name}`}
        description="Every setting, the notification and its variants are yours to change: the copy is a new campaign, checked again under today's floors and review."
      />
      <CampaignForm
        catalog={catalog}
        appName={viewer?.advertiser.name ?? "Your app"}
        today={today}
        draft={{ sourceId: campaign.id, sourceName: campaign.name, values }}
      />
    </>
  );
}
