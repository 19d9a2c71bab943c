// Endpoints and deliveries of the actor's advertiser by id, many at once: the
// batches of GraphQL's loaders (a page's deliveries reach their endpoint, and
// node(id:) any of them, in one query per request).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { webhookEndpointOf } from "./get-webhook-endpoint";
import { webhookDeliveryInclude, webhookDeliveryOf } from "./list-webhook-deliveries";
import type { WebhookDelivery, WebhookEndpoint } from "./webhooks.schemas";

/** Endpoints of the actor's advertiser by id (others are absent). */
export async function getWebhookEndpoints(actor: Actor, ids: readonly string[]): Promise<Map<string, WebhookEndpoint>> {
  const rows = await db().webhookEndpoint.findMany({
    where: { id: { in: [...new Set(ids.map((id) => id.toLowerCase()))] }, advertiserId: actor.advertiserId },
    omit: { secret: true },
  });
  return new Map(rows.map((row) => [row.id, webhookEndpointOf(row)]));
}

/** Deliveries to the actor's endpoints by id (others are absent). */
export async function getWebhookDeliveries(
  actor: Actor,
  ids: readonly string[],
): Promise<Map<string, WebhookDelivery>> {
  const rows = await db().webhookDelivery.findMany({
    where: { id: { in: [...new Set(ids)] }, endpoint: { advertiserId: actor.advertiserId } },
    include: webhookDeliveryInclude,
  });
  return new Map(rows.map((row) => [row.id, webhookDeliveryOf(row)]));
}
