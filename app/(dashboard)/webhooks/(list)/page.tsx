// Webhooks (the webhook endpoint operations): the advertiser's endpoints, registering one (its secret
// shown once), and each endpoint's actions; the delivery log is on its own page.
import type { Metadata } from "next";
import Link from "next/link";
import { graphql } from "@/graphql/__generated__/client";
import { BATCH_MAX_ITEMS, BATCH_WINDOW_MS } from "@/lib/webhooks/context";
import { PageHeader } from "@/components/shell/page-header";
import { listCount } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { ListCard, ListWithForm } from "@/components/ui/list-card";
import { LocalTime } from "@/components/ui/local-time";
import { Td, Th } from "@/components/ui/table";
import { RegisterWebhookForm } from "@/components/webhooks/register-webhook-form";
import { eventKindLabel } from "@/components/webhooks/webhook-form";
import { query } from "../../_lib/graphql";
import { hasRole, ReadOnlyNote } from "../../_lib/role-gate";

export const metadata: Metadata = { title: "Webhooks" };

const WEBHOOKS = graphql(`
  query WebhooksPage {
    webhookEndpoints(first: 100) {
      totalCount
      nodes {
        id
        restId
        url
        events
        isActive
        failureCount
        lastDeliveredAt
        createdAt
        deactivatedReason
      }
    }
  }
`);

export default async function WebhooksPage() {
  const [data, mayEdit] = await Promise.all([query(WEBHOOKS), hasRole("editor")]);
  const endpoints = data.webhookEndpoints?.nodes ?? [];
  const total = data.webhookEndpoints?.totalCount ?? 0;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Events of your campaigns POSTed to your endpoints, signed with HMAC-SHA256 (X-Service-Signature)."
      />
      <ListWithForm
        formTitle="Register an endpoint"
        list={
          <ListCard
            title="Endpoints"
            description={listCount(total, endpoints.length, "registered")}
            empty={
              endpoints.length === 0
                ? {
                    title: "No webhook endpoints yet",
                    text: "Register an endpoint to receive impressions, clicks, conversions and budget alerts as they happen.",
                  }
                : null
            }
            label="Webhook endpoints"
            testId="webhook-table"
            head={
              <>
                <Th>URL</Th>
                <Th>Events</Th>
                <Th>Status</Th>
                <Th>Last delivery</Th>
              </>
            }
          >
            {endpoints.map((endpoint) => (
              <tr key={endpoint.id}>
                <Td className="max-w-xs">
                  <Link
                    href={`/webhooks/${endpoint.id}`}
                    className="font-medium break-all text-brand underline-offset-2 hover:underline"
                  >
                    {endpoint.url}
                  </Link>
                </Td>
                <Td className="min-w-48 text-xs">{endpoint.events.map(eventKindLabel).join("; ")}</Td>
                <Td>
                  {endpoint.isActive ? (
                    <Badge tone={endpoint.failureCount > 0 ? "warn" : "ok"}>
                      {endpoint.failureCount > 0 ? `Active, ${endpoint.failureCount} failing` : "Active"}
                    </Badge>
                  ) : (
                    <Badge tone="neutral">Deactivated</Badge>
                  )}
                </Td>
                <Td className="whitespace-nowrap">
                  <LocalTime iso={endpoint.lastDeliveredAt} />
                </Td>
              </tr>
            ))}
          </ListCard>
        }
      >
        {mayEdit ? (
          <RegisterWebhookForm batchLimits={{ maxItems: BATCH_MAX_ITEMS, windowMs: BATCH_WINDOW_MS }} />
        ) : (
          <ReadOnlyNote>
            Your role on this advertiser is viewer: an editor or an admin registers endpoints.
          </ReadOnlyNote>
        )}
      </ListWithForm>
    </>
  );
}
