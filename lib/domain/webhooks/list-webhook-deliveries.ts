// The delivery log of one endpoint: recent deliveries, newest first, each with
// its attempts (status code, duration, error) and its next automatic attempt.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { parseInput } from "@/lib/errors";
import { isEventType, type EventType } from "@/lib/webhooks/events";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";
import {
  WEBHOOK_DELIVERY_STATUSES,
  listWebhookDeliveriesQuery,
  type WebhookDeliveryListView,
  type WebhookDeliveryView,
  type ListWebhookDeliveriesQuery,
} from "./webhooks.schemas";

// batchBody (lib/webhooks/payloads.ts) writes its keys in this order
const BATCH_BODY = /^\{"id":"[^"]*","type":"impression\.served","created_at":"[^"]*","batch":true,/;

const iso = (ms: bigint | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

type WebhookDeliveryRow = {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  itemCount: number;
  payload: string;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptMs: bigint | null;
  createdAtMs: bigint;
  deliveredAtMs: bigint | null;
  attemptsLog: {
    attemptNo: number;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    attemptedAtMs: bigint;
  }[];
};

export const webhookDeliveryInclude = {
  attemptsLog: { orderBy: [{ attemptedAtMs: "desc" as const }, { attemptNo: "desc" as const }] },
};

export function toWebhookDeliveryView(row: WebhookDeliveryRow): WebhookDeliveryView {
  const status = (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as WebhookDeliveryView["status"])
    : "pending";
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: isEventType(row.eventType) ? row.eventType : ("impression.served" satisfies EventType),
    batch: BATCH_BODY.test(row.payload),
    item_count: row.itemCount,
    status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: status === "pending" ? iso(row.nextAttemptMs) : null,
    created_at: iso(row.createdAtMs)!,
    delivered_at: iso(row.deliveredAtMs),
    attempt_log: row.attemptsLog.map((attempt) => ({
      attempt: attempt.attemptNo,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
      attempted_at: iso(attempt.attemptedAtMs)!,
    })),
  };
}

export async function listWebhookDeliveries(
  actor: Actor,
  endpointId: string,
  query: ListWebhookDeliveriesQuery | Record<string, unknown> = {},
): Promise<WebhookDeliveryListView> {
  const endpoint = await getWebhookEndpointOrThrow(actor, endpointId);
  const { page, per_page, status } = parseInput(listWebhookDeliveriesQuery, query);
  const where = { endpointId: endpoint.id, ...(status ? { status } : {}) };
  const [total, rows] = await Promise.all([
    db().webhookDelivery.count({ where }),
    db().webhookDelivery.findMany({
      where,
      orderBy: [{ createdAtMs: "desc" }, { id: "desc" }],
      skip: (page - 1) * per_page,
      take: per_page,
      include: webhookDeliveryInclude,
    }),
  ]);
  return { deliveries: rows.map(toWebhookDeliveryView), pagination: { page, per_page, total } };
}
