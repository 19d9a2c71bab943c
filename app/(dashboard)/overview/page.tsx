import type { Metadata } from "next";
import Link from "next/link";
import { OverviewTodayDocument } from "@/graphql/__generated__/client/graphql";
import { LiveOverview } from "@/components/overview/live-overview";
import { PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { query } from "../_lib/graphql";
import { hasRole } from "../_lib/role-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  // a viewer is offered no campaign creation (createCampaign would refuse it)
  const [data, mayCreate] = await Promise.all([query(OverviewTodayDocument), hasRole("editor")]);
  const today = data.viewer?.advertiser.today;
  return (
    <>
      <PageHeader
        title="Overview"
        description="Today’s delivery across your campaigns, live."
        actions={
          mayCreate ? (
            <Link href="/campaigns/new" className={buttonClasses("primary")}>
              New campaign
            </Link>
          ) : null
        }
      />
      {today ? (
        <LiveOverview initial={today} mayCreate={mayCreate} />
      ) : (
        <ErrorState>Today&apos;s numbers are not available.</ErrorState>
      )}
    </>
  );
}
