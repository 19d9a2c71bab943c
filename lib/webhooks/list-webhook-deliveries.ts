// The delivery log of one endpoint: recent deliveries, newest first, each with
// its attempts (status code, duration, error) and its next automatic attempt;
// by page number (REST) or by cursor (GraphQL's connection: creation time,
// then id).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { countedKeysetPage, newestFirst, type Connection } from "@/lib/domain/pagination";
import { defineOperation } from "@/lib/operations/operation";
import { isEventType, type EventType } from "@/lib/webhooks/events";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";
import {
  WEBHOOK_DELIVERY_STATUSES,
  listWebhookDeliveriesByCursorInput,
  listWebhookDeliveriesInput,
  type ListWebhookDeliveriesByCursorInput,
  type ListWebhookDeliveriesInput,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  webhookDeliveryList,
} from "./webhooks.schemas";

// batchBody (lib/webhooks/payloads.ts) writes its keys in this order
const BATCH_BODY = /^\{"id":"[^"]*","type":"impression\.served","created_at":"[^"]*","batch":true,/;

const instant = (ms: bigint | null) => (ms === null ? null : new Date(Number(ms)));

type WebhookDeliveryRow = {
  id: string;
  endpointId: string;
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

/** A delivery row (with its attempts, webhookDeliveryInclude) as the domain answers it. */
export function webhookDeliveryOf(row: WebhookDeliveryRow): WebhookDelivery {
  const status = (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as WebhookDeliveryStatus)
    : "pending";
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: isEventType(row.eventType) ? row.eventType : ("impression.served" satisfies EventType),
    batch: BATCH_BODY.test(row.payload),
    itemCount: row.itemCount,
    status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: status === "pending" ? instant(row.nextAttemptMs) : null,
    createdAt: instant(row.createdAtMs)!,
    deliveredAt: instant(row.deliveredAtMs),
    attemptLog: row.attemptsLog.map((attempt) => ({
      attempt: attempt.attemptNo,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
      attemptedAt: instant(attempt.attemptedAtMs)!,
    })),
  };
}

/** The delivery log of endpoint `id` (REST, page numbers). */
export const listWebhookDeliveries = defineOperation({
  name: "listWebhookDeliveries",
  access: "campaigns:read",
  write: false,
  input: listWebhookDeliveriesInput,
  output: webhookDeliveryList,
  run: (actor, input) => webhookDeliveryPage(actor, input),
});

export async function webhookDeliveryPage(
  actor: Actor,
  { id, page, per_page, status }: ListWebhookDeliveriesInput,
): Promise<WebhookDeliveryPage> {
  const endpoint = await getWebhookEndpointOrThrow(actor, id);
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
  return { deliveries: rows.map(webhookDeliveryOf), pagination: { page, perPage: per_page, total } };
}

/** The delivery log as GraphQL pages it (`WebhookEndpoint.deliveries`). */
export const listWebhookDeliveriesByCursor = defineOperation({
  name: "listWebhookDeliveriesByCursor",
  access: "campaigns:read",
  write: false,
  input: listWebhookDeliveriesByCursorInput,
  run: (actor, input) => webhookDeliveryConnection(actor, input),
});

export async function webhookDeliveryConnection(
  actor: Actor,
  { id, status, ...page }: ListWebhookDeliveriesByCursorInput,
): Promise<Connection<WebhookDelivery>> {
  const endpoint = await getWebhookEndpointOrThrow(actor, id);
  return countedKeysetPage(page, newestFirst("createdAtMs", "bigint"), {
    base: { endpointId: endpoint.id, ...(status ? { status } : {}) },
    count: (args) => db().webhookDelivery.count(args),
    findMany: (args) => db().webhookDelivery.findMany({ ...args, include: webhookDeliveryInclude }),
    valueOf: (row) => row.createdAtMs,
    view: webhookDeliveryOf,
  });
}
