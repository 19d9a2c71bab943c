// The account's change history (docs/decisions/1008): every change to its
// campaigns, variants, webhook endpoints, API keys, postback keys and connected
// apps, newest first, naming who made it. Filters (who, campaign, kind, UTC
// days) are a GET form, so a view is a URL; pages follow the connection's cursor.
import type { Metadata } from "next";
import Link from "next/link";
import { graphql } from "@/graphql/__generated__/client";
import {
  ACTOR_LABELS,
  historyHref,
  parseHistoryParams,
  TARGET_LABELS,
  type HistoryParamErrors,
  type HistoryParams,
} from "@/components/history/change-format";
import { ChangePages } from "@/components/history/change-pages";
import { ChangeTable } from "@/components/history/change-table";
import { GraphqlError } from "@/components/graphql-errors";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { EmptyState } from "@/components/ui/states";
import { campaignChoices } from "../_lib/campaign-choices";
import { queryOrNull } from "../_lib/graphql";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "History" };

const PAGE_SIZE = 25;

const HISTORY = graphql(`
  query HistoryPage(
    $first: Int!
    $after: String
    $campaignId: String
    $actorType: ChangeActorType
    $targetType: ChangeTargetType
    $since: String
    $until: String
  ) {
    viewer {
      advertiser {
        changes(
          first: $first
          after: $after
          campaignId: $campaignId
          actorType: $actorType
          targetType: $targetType
          since: $since
          until: $until
        ) {
          ...ChangePage
        }
      }
    }
  }
`);

function Filters({
  params,
  errors,
  campaigns,
}: {
  params: HistoryParams;
  errors: HistoryParamErrors;
  campaigns: readonly { restId: string; name: string }[];
}) {
  return (
    <Card>
      <CardBody>
        <form
          method="get"
          action="/history"
          aria-label="History filters"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5"
        >
          <Field id="history-actor" label="Who" error={errors.actor}>
            <Select name="actor" defaultValue={params.actor?.toLowerCase() ?? ""}>
              <option value="">Anyone</option>
              {Object.entries(ACTOR_LABELS).map(([value, label]) => (
                <option key={value} value={value.toLowerCase()}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="history-campaign" label="Campaign" error={errors.campaign}>
            <Select name="campaign" defaultValue={params.campaign ?? ""}>
              <option value="">All campaigns</option>
              {campaigns.map((campaign) => (
                <option key={campaign.restId} value={campaign.restId}>
                  {campaign.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="history-kind" label="Kind" error={errors.kind}>
            <Select name="kind" defaultValue={params.kind?.toLowerCase() ?? ""}>
              <option value="">Everything</option>
              {Object.entries(TARGET_LABELS).map(([value, label]) => (
                <option key={value} value={value.toLowerCase()}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="history-since" label="From (UTC)" error={errors.since}>
            <Input type="date" name="since" defaultValue={params.since ?? ""} />
          </Field>
          <Field id="history-until" label="To (UTC, inclusive)" error={errors.until}>
            <Input type="date" name="until" defaultValue={params.until ?? ""} />
          </Field>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
            <Button type="submit">Show changes</Button>
            <Link href="/history" className={buttonClasses("secondary")}>
              Clear
            </Link>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

export default async function HistoryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { params, errors } = parseHistoryParams(await searchParams);
  const campaigns = await campaignChoices();
  const header = (
    <PageHeader
      title="History"
      description="Every change to your campaigns, creative variants, webhooks, API keys, postback keys and connected apps: who made it, when, and what it changed. Kept for 400 days."
    />
  );
  const valid = Object.keys(errors).length === 0;
  // a campaign that is not one of the caller's is NOT_FOUND: said next to the field
  let staleCursor = false;
  let data = null;
  if (valid) {
    try {
      data = await queryOrNull(HISTORY, {
        first: PAGE_SIZE,
        after: params.after,
        campaignId: params.campaign,
        actorType: params.actor,
        targetType: params.kind,
        since: params.since,
        until: params.until,
      });
      if (!data) errors.campaign = "No campaign of yours has this id; choose one from the list.";
    } catch (error) {
      // the filters are checked above: what is left to refuse is a page link edited or from another list
      if (!(error instanceof GraphqlError && error.code === "BAD_USER_INPUT" && params.after)) throw error;
      staleCursor = true;
    }
  }
  const changes = data?.viewer?.advertiser.changes;
  const filtered = Boolean(params.actor || params.campaign || params.kind || params.since || params.until);

  return (
    <>
      {header}
      <Filters params={params} errors={errors} campaigns={campaigns} />
      <Card className="mt-6">
        <CardHeader
          title="Changes"
          description={
            changes
              ? `${changes.totalCount} ${changes.totalCount === 1 ? "change" : "changes"}, newest first`
              : undefined
          }
        />
        {staleCursor ? (
          <EmptyState
            title="This page link no longer applies"
            action={
              <Link href={historyHref(params)} className={buttonClasses("secondary")}>
                Show the newest changes
              </Link>
            }
          />
        ) : !changes ? (
          <EmptyState title="Nothing to show">Correct the filters above to see changes.</EmptyState>
        ) : changes.nodes.length === 0 ? (
          <EmptyState title={filtered ? "No changes match" : "No changes yet"}>
            {filtered
              ? "Nothing was changed by this actor, on this campaign or kind, in these days."
              : "Changes made in the dashboard, through the API, by connected apps or by the service appear here."}
          </EmptyState>
        ) : (
          <ChangeTable changes={changes.nodes} label="Changes" />
        )}
      </Card>
      <ChangePages
        newestHref={changes && params.after ? historyHref(params) : null}
        olderHref={
          changes?.pageInfo.hasNextPage && changes.pageInfo.endCursor
            ? historyHref(params, changes.pageInfo.endCursor)
            : null
        }
      />
    </>
  );
}
