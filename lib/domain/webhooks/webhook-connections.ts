// Webhook endpoints and their delivery logs as cursor-paginated connections,
// and batch lookups by id (GraphQL). The views are E12's and the delivery
// log's; only the paging differs (cursors on creation time, then id).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { countedKeysetPage, newestFirst, type Connection, type ConnectionArgs } from "@/lib/domain/pagination";
import { parseInput } from "@/lib/errors";
import { getWebhookEndpointOrThrow, toEndpointView } from "./get-webhook-endpoint";
import { webhookDeliveryInclude, toWebhookDeliveryView } from "./list-webhook-deliveries";
import { listWebhookDeliveriesQuery, type WebhookDeliveryView, type WebhookEndpointView } from "./webhooks.schemas";

/** A delivery with the endpoint it belongs to. */
export type WebhookDeliveryRecord = WebhookDeliveryView & { endpoint_id: string };

/** The advertiser's endpoints, newest first (deactivated ones included, as E12). */
export async function listWebhookEndpointConnection(
  actor: Actor,
  page: ConnectionArgs,
): Promise<Connection<WebhookEndpointView>> {
  return countedKeysetPage(page, newestFirst("createdAt", "date"), {
    base: { advertiserId: actor.advertiserId },
    count: (args) => db().webhookEndpoint.count(args),
    findMany: (args) => db().webhookEndpoint.findMany({ ...args, omit: { secret: true } }),
    valueOf: (row) => row.createdAt,
    view: toEndpointView,
  });
}

/** Endpoints of the actor's advertiser by id (others are absent). */
export async function getWebhookEndpoints(
  actor: Actor,
  ids: readonly string[],
): Promise<Map<string, WebhookEndpointView>> {
  const rows = await db().webhookEndpoint.findMany({
    where: { id: { in: [...new Set(ids.map((id) => id.toLowerCase()))] }, advertiserId: actor.advertiserId },
    omit: { secret: true },
  });
  return new Map(rows.map((row) => [row.id, toEndpointView(row)]));
}

/** One endpoint's delivery log, newest first, optionally by status. */
export async function listWebhookDeliveryConnection(
  actor: Actor,
  endpointId: string,
  filter: { status?: string | null },
  page: ConnectionArgs,
): Promise<Connection<WebhookDeliveryRecord>> {
  const endpoint = await getWebhookEndpointOrThrow(actor, endpointId);
  const { status } = parseInput(listWebhookDeliveriesQuery.pick({ status: true }), filter.status ? filter : {});
  return countedKeysetPage(page, newestFirst("createdAtMs", "bigint"), {
    base: { endpointId: endpoint.id, ...(status ? { status } : {}) },
    count: (args) => db().webhookDelivery.count(args),
    findMany: (args) => db().webhookDelivery.findMany({ ...args, include: webhookDeliveryInclude }),
    valueOf: (row) => row.createdAtMs,
    view: (row) => ({ ...toWebhookDeliveryView(row), endpoint_id: row.endpointId }),
  });
}

/** Deliveries to the actor's endpoints by id (others are absent). */
export async function getWebhookDeliveries(
  actor: Actor,
  ids: readonly string[],
): Promise<Map<string, WebhookDeliveryRecord>> {
  const rows = await db().webhookDelivery.findMany({
    where: { id: { in: [...new Set(ids)] }, endpoint: { advertiserId: actor.advertiserId } },
    include: webhookDeliveryInclude,
  });
  return new Map(rows.map((row) => [row.id, { ...toWebhookDeliveryView(row), endpoint_id: row.endpointId }]));
}
