// Inputs and outputs of the webhook operations (the webhook endpoint operations, the delivery log and
// manual retry): the inputs (the REST API's snake_case names, shared by every
// transport, the OpenAPI document and the dashboard's form), the domain results
// (camelCase, Dates) and the REST views' schemas (the OpenAPI document's).
import { z } from "zod";
import { connectionArgs } from "@/lib/domain/pagination";
import { EVENT_TYPES, type EventType } from "@/lib/webhooks/events";

const isoTime = z.string().meta({ format: "date-time", example: "2026-11-22T18:04:05.000Z" });

export const eventKind = z.enum(EVENT_TYPES).meta({ id: "WebhookEventKind", description: "A webhook event kind." });

export const registerWebhookInput = z
  .strictObject({
    url: z.url("must be an absolute URL").max(2048, "at most 2048 characters").meta({
      description: "HTTPS URL resolving to public addresses only; checked at registration and at every send.",
      example: "https://hooks.example.com/sma",
    }),
    events: z
      .array(eventKind)
      .min(1, "at least one event kind")
      .transform((kinds) => [...new Set(kinds)])
      .meta({ description: "Event kinds to receive (non-empty; duplicates are ignored)." }),
    batch_impressions: z.boolean().default(false).meta({
      description: "When true, impression.served events arrive in batches (up to 100, at most 5 s after the oldest).",
    }),
  })
  .meta({ id: "RegisterWebhookInput" });
export type RegisterWebhookInput = z.input<typeof registerWebhookInput>;
/** registerWebhookEndpoint's input as parsed (`batch_impressions` may be left out by internal callers: false). */
export type NewWebhookEndpoint = Omit<z.output<typeof registerWebhookInput>, "batch_impressions"> & {
  batch_impressions?: boolean;
};

/** listWebhookEndpoints takes nothing (its query string is ignored). */
export const listWebhookEndpointsInput = z.object({});

/** One endpoint of the caller's (path `{id}`): deactivateWebhookEndpoint, sendWebhookTestEvent and GraphQL's lookup by id. Any text: what is not ours is 404. */
export const webhookEndpointIdInput = z.object({ id: z.string() });

/**
 * sendWebhookTestEvent's input: the endpoint (path `{id}`) and, optionally, which of its
 * subscribed event types to send a sample of (default conversion.recorded, as before the choice).
 */
export const sendWebhookTestEventInput = z.strictObject({
  id: z.string(),
  event_type: eventKind.optional().meta({
    description: "Which event type to send a sample of: one the endpoint subscribes to. Omitted: conversion.recorded.",
  }),
});
export type SendWebhookTestEventInput = z.output<typeof sendWebhookTestEventInput>;

/**
 * updateWebhookEndpoint's input: the endpoint (path `{id}`) and the whole new list of event kinds it
 * receives (docs/decisions/1242). Only the events change: the URL and the secret stay as registered
 * (a new URL is a new endpoint), so any other field is refused.
 */
export const updateWebhookEndpointInput = z.strictObject({
  id: z.string(),
  events: z
    .array(eventKind)
    .min(1, "at least one event kind")
    .superRefine((kinds, context) => {
      kinds.forEach((kind, index) => {
        if (kinds.indexOf(kind) !== index)
          context.addIssue({ code: "custom", path: [index], message: `${kind} is listed twice: name each kind once` });
      });
    })
    .meta({
      description:
        "Every event kind the endpoint receives from now on (non-empty, each kind once): it replaces the list.",
    }),
});
export type UpdateWebhookEndpointInput = z.output<typeof updateWebhookEndpointInput>;

/** GraphQL's endpoint list: a Relay connection, newest first. */
export const listWebhookEndpointsByCursorInput = connectionArgs;

export const webhookEndpoint = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(eventKind),
    is_active: z.boolean(),
    batch_impressions: z.boolean(),
    failure_count: z.number().int().meta({ description: "Consecutive failed delivery attempts; a success resets it." }),
    last_delivered_at: isoTime.nullable().meta({ description: "Time of the last successful delivery." }),
    created_at: isoTime,
    deactivated_at: isoTime.nullable(),
    deactivated_reason: z.string().nullable().meta({
      description:
        "Why the endpoint is inactive: deactivated through the API, answered 410 Gone, or failed for 5 days.",
    }),
  })
  .meta({ id: "WebhookEndpoint", description: "A webhook endpoint. The secret is never shown after registration." });
export type WebhookEndpointView = z.infer<typeof webhookEndpoint>;

/** An endpoint as the domain answers it (never with its secret). */
export type WebhookEndpoint = {
  id: string;
  url: string;
  events: EventType[];
  isActive: boolean;
  batchImpressions: boolean;
  failureCount: number;
  lastDeliveredAt: Date | null;
  createdAt: Date;
  deactivatedAt: Date | null;
  deactivatedReason: string | null;
};

export const registeredWebhookEndpoint = webhookEndpoint
  .extend({
    secret: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({
        description: "32 random bytes, hex-encoded: the HMAC-SHA256 key of X-Service-Signature. Shown once only.",
      }),
    warning: z.string(),
  })
  .meta({ id: "RegisteredWebhookEndpoint" });
export type RegisteredWebhookEndpointView = z.infer<typeof registeredWebhookEndpoint>;

/** registerWebhookEndpoint's result: the endpoint with its secret, shown this once. */
export type RegisteredWebhookEndpoint = WebhookEndpoint & { secret: string; warning: string };

export const webhookEndpointList = z
  .object({ endpoints: z.array(webhookEndpoint) })
  .meta({ id: "WebhookEndpointList" });
export type WebhookEndpointListView = z.infer<typeof webhookEndpointList>;

export const webhookDeactivation = z
  .object({ deactivated: z.boolean(), id: z.uuid() })
  .meta({ id: "WebhookDeactivation" });
export type WebhookDeactivationView = z.infer<typeof webhookDeactivation>;

export const webhookTestResult = z
  .object({
    success: z.boolean().meta({ description: "The endpoint answered 2xx." }),
    status_code: z
      .number()
      .int()
      .meta({ description: "HTTP status of the answer; 0 when none came (refused, network error, timeout)." }),
    duration_ms: z.number().int(),
    message: z.string(),
  })
  .meta({ id: "WebhookTestResult" });
export type WebhookTestResultView = z.infer<typeof webhookTestResult>;

/** sendWebhookTestEvent's result: what the endpoint answered. */
export type WebhookTestResult = { success: boolean; statusCode: number; durationMs: number; message: string };

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivering", "succeeded", "failed", "cancelled"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliveryAttempt = z
  .object({
    attempt: z.number().int().meta({ description: "1 for the first attempt." }),
    status_code: z.number().int().nullable().meta({ description: "null when no answer came." }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    attempted_at: isoTime,
  })
  .meta({ id: "WebhookDeliveryAttempt" });

export const webhookDelivery = z
  .object({
    id: z.string().meta({ example: "whd_4Fq9X2mLkP0aZr7TnB3cYd" }),
    event_id: z.string().meta({ description: "The payload's id and X-Service-Event-Id (a batch has its own id)." }),
    event_type: eventKind,
    batch: z.boolean(),
    item_count: z.number().int().meta({ description: "Events carried: 1, or the impressions in a batch." }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({
      description:
        "pending: waiting for its next attempt; delivering: an attempt is under way; succeeded; failed: every attempt failed; cancelled: the endpoint was deactivated.",
    }),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: isoTime
      .nullable()
      .meta({ description: "When the next automatic attempt is due; null when none is scheduled." }),
    created_at: isoTime,
    delivered_at: isoTime.nullable(),
    attempt_log: z.array(webhookDeliveryAttempt).meta({ description: "Every attempt, newest first." }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryView = z.infer<typeof webhookDelivery>;

export type WebhookDeliveryAttempt = {
  /** 1 for the first attempt */
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attemptedAt: Date;
};

/** A delivery as the domain answers it, with the endpoint it belongs to. */
export type WebhookDelivery = {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: EventType;
  batch: boolean;
  itemCount: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** only while pending */
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
  /** newest first */
  attemptLog: WebhookDeliveryAttempt[];
};

const deliveryStatusFilter = z.enum(WEBHOOK_DELIVERY_STATUSES).optional();

/** The delivery log of endpoint `id` (listCampaigns's paging). */
export const listWebhookDeliveriesInput = z.object({
  id: z.string(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: deliveryStatusFilter,
});
export type ListWebhookDeliveriesInput = z.output<typeof listWebhookDeliveriesInput>;

/** GraphQL's delivery log of endpoint `id`: a Relay connection, newest first, optionally by status. */
export const listWebhookDeliveriesByCursorInput = connectionArgs.safeExtend({
  id: z.string(),
  status: deliveryStatusFilter,
});
export type ListWebhookDeliveriesByCursorInput = z.output<typeof listWebhookDeliveriesByCursorInput>;

/** One delivery of endpoint `id`, sent again now. */
export const retryWebhookDeliveryInput = z.object({ id: z.string(), delivery_id: z.string() });

export type WebhookDeliveryPage = {
  deliveries: WebhookDelivery[];
  pagination: { page: number; perPage: number; total: number };
};

export const webhookDeliveryList = z
  .object({
    deliveries: z.array(webhookDelivery).meta({ description: "Newest first." }),
    pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: "WebhookDeliveryList" });
export type WebhookDeliveryListView = z.infer<typeof webhookDeliveryList>;
