// One endpoint of the actor's advertiser: the must-exist lookup every webhook
// use case starts from, the domain shape of an endpoint row, and the lookup by
// id GraphQL answers `webhookEndpoint(id:)` with. Another advertiser's
// endpoint, or any id that is not one of ours whatever its shape, is 404
// (docs/api.md).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { isEventType, type EventType } from "@/lib/webhooks/events";
import { webhookEndpointIdInput, type WebhookEndpoint } from "./webhooks.schemas";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An endpoint row: the domain shape with its events still as stored (a JSON array). */
type EndpointRow = Omit<WebhookEndpoint, "events"> & { events: string };

export function endpointEvents(json: string): EventType[] {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed)
    ? parsed.filter((kind): kind is EventType => typeof kind === "string" && isEventType(kind))
    : [];
}

/** An endpoint row as the domain answers it (the secret, if the row has it, left behind). */
export function webhookEndpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: endpointEvents(row.events),
    isActive: row.isActive,
    batchImpressions: row.batchImpressions,
    failureCount: row.failureCount,
    lastDeliveredAt: row.lastDeliveredAt,
    createdAt: row.createdAt,
    deactivatedAt: row.deactivatedAt,
    deactivatedReason: row.deactivatedReason,
  };
}

/** The endpoint `id` of the actor's advertiser (secret included, for senders), or 404. */
export async function getWebhookEndpointOrThrow(actor: Actor, id: string) {
  const endpoint = UUID.test(id)
    ? await db().webhookEndpoint.findFirst({ where: { id: id.toLowerCase(), advertiserId: actor.advertiserId } })
    : null;
  if (!endpoint) throw new AppError("not_found", { detail: "No webhook endpoint with this id." });
  return endpoint;
}

/** One endpoint by id (GraphQL's `webhookEndpoint`, with the scope of listWebhookEndpoints that lists them all). */
export const getWebhookEndpoint = defineOperation({
  name: "getWebhookEndpoint",
  access: "campaigns:read",
  write: false,
  input: webhookEndpointIdInput,
  run: (actor, input) => webhookEndpoint(actor, input.id),
});

/**
 * The endpoint `id` of the actor's advertiser, or 404 naming the id it was asked
 * for. The id is matched as written: GraphQL's global ids carry the REST id as
 * REST answered it (lowercase).
 */
export async function webhookEndpoint(actor: Actor, id: string): Promise<WebhookEndpoint> {
  const row = await db().webhookEndpoint.findFirst({
    where: { id, advertiserId: actor.advertiserId },
    omit: { secret: true },
  });
  if (!row)
    throw new AppError("not_found", { detail: `No webhook endpoint with the id ${JSON.stringify(id.slice(0, 200))}.` });
  return webhookEndpointOf(row);
}
