// Inputs and outputs of the webhook operations (E12-E15, the delivery log and
// manual retry), shared by the REST routes, the OpenAPI document and later
// GraphQL, MCP and the dashboard.
import { z } from "zod";
import { EVENT_TYPES } from "@/lib/webhooks/events";

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

export const webhookEndpointView = z
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
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

export const registeredWebhookView = webhookEndpointView
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
export type RegisteredWebhookView = z.infer<typeof registeredWebhookView>;

export const webhookListView = z
  .object({ endpoints: z.array(webhookEndpointView) })
  .meta({ id: "WebhookEndpointList" });
export type WebhookListView = z.infer<typeof webhookListView>;

export const webhookDeactivationView = z
  .object({ deactivated: z.boolean(), id: z.uuid() })
  .meta({ id: "WebhookDeactivation" });
export type WebhookDeactivationView = z.infer<typeof webhookDeactivationView>;

export const webhookTestResultView = z
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
export type WebhookTestResultView = z.infer<typeof webhookTestResultView>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivering", "succeeded", "failed", "cancelled"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptView = z
  .object({
    attempt: z.number().int().meta({ description: "1 for the first attempt." }),
    status_code: z.number().int().nullable().meta({ description: "null when no answer came." }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    attempted_at: isoTime,
  })
  .meta({ id: "WebhookDeliveryAttempt" });

export const webhookDeliveryView = z
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
    attempt_log: z.array(webhookAttemptView).meta({ description: "Every attempt, newest first." }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const listWebhookDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type ListWebhookDeliveriesQuery = z.input<typeof listWebhookDeliveriesQuery>;

export const webhookDeliveryListView = z
  .object({
    deliveries: z.array(webhookDeliveryView).meta({ description: "Newest first." }),
    pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: "WebhookDeliveryList" });
export type WebhookDeliveryListView = z.infer<typeof webhookDeliveryListView>;
