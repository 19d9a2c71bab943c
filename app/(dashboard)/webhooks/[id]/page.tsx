// One webhook endpoint: its state, the Events form (editors and admins, while it is
// active), a test event, deactivation, and its delivery log (newest first) with a
// retry per delivery.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { graphql } from "@/graphql/__generated__/client";
import { PageHeader } from "@/components/shell/page-header";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { ListCard } from "@/components/ui/list-card";
import { Td, Th } from "@/components/ui/table";
import { RedeliverButton } from "@/components/webhooks/redeliver-button";
import { WebhookActions } from "@/components/webhooks/webhook-actions";
import { WebhookEventsForm } from "@/components/webhooks/webhook-events-form";
import { answerText, canRedeliver, eventKindLabel, eventKindName } from "@/components/webhooks/webhook-form";
import { queryOrNull } from "../../_lib/graphql";
import { hasRole, ReadOnlyNote } from "../../_lib/role-gate";

export const metadata: Metadata = { title: "Webhook endpoint" };

const ENDPOINT = graphql(`
  query WebhookEndpointPage($id: ID!) {
    webhookEndpoint(id: $id) {
      id
      restId
      url
      events
      isActive
      batchImpressions
      failureCount
      lastDeliveredAt
      createdAt
      deactivatedAt
      deactivatedReason
      deliveries(first: 50) {
        totalCount
        nodes {
          id
          eventId
          eventType
          itemCount
          status
          attempts
          lastStatusCode
          lastError
          nextAttemptAt
          createdAt
          deliveredAt
        }
      }
    }
  }
`);

const STATUS_TONE: Record<string, BadgeTone> = {
  PENDING: "info",
  DELIVERING: "info",
  SUCCEEDED: "ok",
  FAILED: "danger",
  CANCELLED: "neutral",
};

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // an id that is malformed or names another advertiser's endpoint is not found
  const [data, mayEdit] = await Promise.all([queryOrNull(ENDPOINT, { id }), hasRole("editor")]);
  const endpoint = data?.webhookEndpoint;
  if (!endpoint) notFound();
  const deliveries = endpoint.deliveries?.nodes ?? [];
  return (
    <>
      <PageHeader
        back={{ href: "/webhooks", label: "Webhooks" }}
        title="Webhook endpoint"
        description={<span className="break-all">{endpoint.url}</span>}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Endpoint" />
          <CardBody>
            <dl className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              <dt className="text-muted">Status</dt>
              <dd>
                {endpoint.isActive ? (
                  <Badge tone="ok">Active</Badge>
                ) : (
                  <Badge>Deactivated{endpoint.deactivatedReason ? `: ${endpoint.deactivatedReason}` : ""}</Badge>
                )}
              </dd>
              <dt className="text-muted">Events</dt>
              <dd className="break-words">
                <ul data-testid="endpoint-events">
                  {endpoint.events.map((kind) => (
                    <li key={kind}>
                      {eventKindLabel(kind)} <code className="text-xs text-muted">{eventKindName(kind)}</code>
                    </li>
                  ))}
                </ul>
              </dd>
              <dt className="text-muted">Batched impressions</dt>
              <dd>{endpoint.batchImpressions ? "Yes" : "No"}</dd>
              <dt className="text-muted">Failing attempts in a row</dt>
              <dd className="tabular-nums">{endpoint.failureCount}</dd>
              <dt className="text-muted">Last delivery</dt>
              <dd>
                <LocalTime iso={endpoint.lastDeliveredAt} />
              </dd>
              <dt className="text-muted">Registered</dt>
              <dd>
                <LocalTime iso={endpoint.createdAt} />
              </dd>
              <dt className="text-muted">Id</dt>
              <dd>
                <code className="text-xs break-all">{endpoint.restId}</code>
              </dd>
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            title="Test and deactivate"
            description="A test event is a signed sample of the event chosen, sent now; it is not kept in the log."
          />
          <CardBody>
            {mayEdit ? (
              <WebhookActions
                // its chosen test kind starts again from the endpoint's kinds once they change
                key={endpoint.events.join(",")}
                id={endpoint.id}
                url={endpoint.url}
                isActive={endpoint.isActive}
                events={endpoint.events}
              />
            ) : (
              <ReadOnlyNote>
                Your role on this advertiser is viewer: an editor or an admin tests and deactivates it.
              </ReadOnlyNote>
            )}
          </CardBody>
        </Card>
        {mayEdit && endpoint.isActive ? (
          <Card>
            <CardHeader
              title="Events"
              description="What this endpoint receives. Events from now on follow your choice; deliveries already made keep their retries."
            />
            <CardBody>
              <WebhookEventsForm id={endpoint.id} events={endpoint.events} />
            </CardBody>
          </Card>
        ) : null}
      </div>
      <ListCard
        className="mt-6"
        title="Delivery log"
        description={`${endpoint.deliveries?.totalCount ?? 0} deliveries, newest first`}
        empty={
          deliveries.length === 0
            ? { title: "No deliveries yet", text: "Events of the kinds this endpoint receives will appear here." }
            : null
        }
        label="Delivery log"
        testId="delivery-log"
        head={
          <>
            <Th>Event</Th>
            <Th>Status</Th>
            <Th numeric>Attempts</Th>
            <Th>Last answer</Th>
            <Th>Created</Th>
            {/* visible text: an sr-only span (position: absolute) would escape the table's scroller at 375 px */}
            <Th>Retry</Th>
          </>
        }
      >
        {deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <Td>
              {eventKindLabel(delivery.eventType)}
              <code className="block text-xs text-muted">{eventKindName(delivery.eventType)}</code>
              {delivery.itemCount > 1 ? <span className="text-muted"> ×{delivery.itemCount}</span> : null}
              <div className="text-xs break-all text-muted">{delivery.eventId}</div>
            </Td>
            <Td>
              <Badge tone={STATUS_TONE[delivery.status] ?? "neutral"}>{delivery.status.toLowerCase()}</Badge>
            </Td>
            <Td numeric>{delivery.attempts}</Td>
            <Td className="min-w-40 text-xs">
              {/* the status once: an error names it already ("HTTP 404: not found") */}
              {delivery.lastError ? (
                <div className="text-danger">{answerText(delivery.lastStatusCode, delivery.lastError)}</div>
              ) : delivery.lastStatusCode ? (
                `HTTP ${delivery.lastStatusCode}`
              ) : null}
              {delivery.nextAttemptAt ? (
                <div>
                  Next try <LocalTime iso={delivery.nextAttemptAt} />
                </div>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap">
              <LocalTime iso={delivery.createdAt} />
            </Td>
            <Td>
              {mayEdit && canRedeliver(delivery.status, endpoint.isActive) ? (
                <RedeliverButton id={delivery.id} eventId={delivery.eventId} />
              ) : null}
            </Td>
          </tr>
        ))}
      </ListCard>
    </>
  );
}
