// A campaign's History tab (docs/decisions/1008): every change to the campaign
// and its creative variants, newest first, naming who made it (a person in the
// dashboard, an API key, a connected app for its user, or the service with its
// reason: budget spent, end date, the target-CPA controller).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { graphql } from "@/graphql/__generated__/client";
import { campaignGlobalIdOfRoute } from "@/graphql/global-id";
import { CampaignHeader } from "@/components/campaigns/campaign-header";
import { ChangePages } from "@/components/history/change-pages";
import { ChangeTable } from "@/components/history/change-table";
import { GraphqlError } from "@/components/graphql-errors";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { queryOrNull } from "../../../_lib/graphql";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaign history" };

const PAGE_SIZE = 25;

const CAMPAIGN_HISTORY = graphql(`
  query CampaignHistoryPage($id: ID!, $first: Int!, $after: String) {
    campaign(id: $id) {
      id
      restId
      name
      status
      changes(first: $first, after: $after) {
        ...ChangePage
      }
    }
  }
`);

export default async function CampaignHistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ after?: string | string[] }>;
}) {
  const { id } = await params;
  const search = await searchParams;
  const after = typeof search.after === "string" && search.after ? search.after : null;
  const globalId = campaignGlobalIdOfRoute(id);
  let data;
  try {
    data = await queryOrNull(CAMPAIGN_HISTORY, { id: globalId, first: PAGE_SIZE, after });
  } catch (error) {
    // an edited or outdated page link: the newest changes instead
    if (!(after && error instanceof GraphqlError && error.code === "BAD_USER_INPUT")) throw error;
    data = await queryOrNull(CAMPAIGN_HISTORY, { id: globalId, first: PAGE_SIZE, after: null });
  }
  const campaign = data?.campaign;
  if (!campaign) notFound();
  const changes = campaign.changes;

  return (
    <>
      <CampaignHeader campaign={campaign} current="history" />
      <Card>
        <CardHeader
          title="History"
          description={
            changes
              ? `${changes.totalCount} ${changes.totalCount === 1 ? "change" : "changes"} to this campaign and its variants, newest first`
              : undefined
          }
        />
        {!changes || changes.nodes.length === 0 ? (
          <EmptyState title="No changes yet">Changes to this campaign and its variants appear here.</EmptyState>
        ) : (
          <ChangeTable changes={changes.nodes} label="Campaign history" showCampaign={false} />
        )}
      </Card>
      <ChangePages
        newestHref={changes && after ? `/campaigns/${campaign.id}/history` : null}
        olderHref={
          changes?.pageInfo.hasNextPage && changes.pageInfo.endCursor
            ? `/campaigns/${campaign.id}/history?after=${encodeURIComponent(changes.pageInfo.endCursor)}`
            : null
        }
      />
    </>
  );
}
