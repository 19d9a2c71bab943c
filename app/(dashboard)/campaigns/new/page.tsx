import type { Metadata } from "next";
import { CampaignFormCatalogDocument } from "@/graphql/__generated__/client/graphql";
import { CampaignForm } from "@/components/campaigns/campaign-form";
import { PageHeader } from "@/components/shell/page-header";
import { query } from "../../_lib/graphql";
import { roleGate } from "../../_lib/role-gate";
import { shellViewer } from "../../_lib/shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New campaign" };

export default async function NewCampaignPage() {
  const denied = await roleGate("editor", "New campaign", "campaign creation");
  if (denied) return denied;
  const [catalog, viewer] = await Promise.all([query(CampaignFormCatalogDocument), shellViewer()]);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <PageHeader
        title="New campaign"
        description="Pick the moments, bid at least their floor, and write the notification fans will see."
      />
      <CampaignForm catalog={catalog} appName={viewer?.advertiser.name ?? "Your app"} today={today} />
    </>
  );
}
