// Must-exist lookup of an endpoint of the actor's advertiser, and the endpoint's
// public shape. Another advertiser's endpoint, or any id that is not one of
// ours whatever its shape, is 404 (docs/api.md).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isEventType, type EventType } from "@/lib/webhooks/events";
import type { WebhookEndpointView } from "./webhooks.schemas";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type EndpointRow = {
  id: string;
  url: string;
  events: string;
  isActive: boolean;
  batchImpressions: boolean;
  failureCount: number;
  lastDeliveredAt: Date | null;
  createdAt: Date;
  deactivatedAt: Date | null;
  deactivatedReason: string | null;
};

export function endpointEvents(json: string): EventType[] {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed)
    ? parsed.filter((kind): kind is EventType => typeof kind === "string" && isEventType(kind))
    : [];
}

export function toEndpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: endpointEvents(row.events),
    is_active: row.isActive,
    batch_impressions: row.batchImpressions,
    failure_count: row.failureCount,
    last_delivered_at: row.lastDeliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    deactivated_reason: row.deactivatedReason,
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
