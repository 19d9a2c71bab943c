// Webhook endpoints and their delivery logs as cursor-paginated connections,
// and batch lookups by id (GraphQL). The views are E12's and the delivery
// log's; only the paging differs (cursors on creation time, then id).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { keysetPage, type ConnectionArgs, type Page } from "@/lib/domain/pagination";
import { parseInput } from "@/lib/errors";
import { getWebhookEndpointOrThrow, toEndpointView } from "./get-webhook-endpoint";
import { webhookDeliveryInclude, toWebhookDeliveryView } from "./list-webhook-deliveries";
import { listDeliveriesQuery, type WebhookDeliveryView, type WebhookEndpointView } from "./webhooks.schemas";

export type Connection<T> = Page<T> & { totalCount: number };

/** A delivery with the endpoint it belongs to. */
export type DeliveryRecord = WebhookDeliveryView & { endpoint_id: string };

/** The advertiser's endpoints, newest first (deactivated ones included, as E12). */
export async function listWebhookEndpointConnection(
  actor: Actor,
  page: ConnectionArgs,
): Promise<Connection<WebhookEndpointView>> {
  const base = { advertiserId: actor.advertiserId };
  const [totalCount, result] = await Promise.all([
    db().webhookEndpoint.count({ where: base }),
    keysetPage(
      page,
      { key: "created_at", field: { field: "createdAt", kind: "date" }, direction: "desc" },
      ({ where, orderBy, take }) =>
        db().webhookEndpoint.findMany({
          where: where ? { AND: [base, where] } : base,
          orderBy,
          take,
          omit: { secret: true },
        }),
      (row) => row.createdAt,
    ),
  ]);
  return { ...result, rows: result.rows.map(toEndpointView), totalCount };
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
): Promise<Connection<DeliveryRecord>> {
  const endpoint = await getWebhookEndpointOrThrow(actor, endpointId);
  const { status } = parseInput(listDeliveriesQuery.pick({ status: true }), filter.status ? filter : {});
  const base = { endpointId: endpoint.id, ...(status ? { status } : {}) };
  const [totalCount, result] = await Promise.all([
    db().webhookDelivery.count({ where: base }),
    keysetPage(
      page,
      { key: "created_at", field: { field: "createdAtMs", kind: "bigint" }, direction: "desc" },
      ({ where, orderBy, take }) =>
        db().webhookDelivery.findMany({
          where: where ? { AND: [base, where] } : base,
          orderBy,
          take,
          include: webhookDeliveryInclude,
        }),
      (row) => row.createdAtMs,
    ),
  ]);
  return {
    ...result,
    rows: result.rows.map((row) => ({ ...toWebhookDeliveryView(row), endpoint_id: row.endpointId })),
    totalCount,
  };
}

/** Deliveries to the actor's endpoints by id (others are absent). */
export async function getWebhookDeliveries(actor: Actor, ids: readonly string[]): Promise<Map<string, DeliveryRecord>> {
  const rows = await db().webhookDelivery.findMany({
    where: { id: { in: [...new Set(ids)] }, endpoint: { advertiserId: actor.advertiserId } },
    include: webhookDeliveryInclude,
  });
  return new Map(rows.map((row) => [row.id, { ...toWebhookDeliveryView(row), endpoint_id: row.endpointId }]));
}
