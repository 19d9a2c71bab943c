import { z } from "zod";
import {
  registerWebhookInput,
  sendWebhookTestEventInput,
  updateWebhookEndpointInput,
  WEBHOOK_DELIVERY_STATUSES,
} from "@/lib/webhooks/webhooks.schemas";
import type { OperationDoc } from "../common";

const endpointId = z.object({ id: z.uuid().meta({ description: "Webhook endpoint id" }) });
const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });

const DELIVERY_RULES =
  'Each delivery is a POST of `{id, type, created_at, data}` (a batch: `{id, type: "impression.served", created_at, batch: true, data: [...]}`) ' +
  "with headers `X-Service-Event-Id`, `X-Service-Timestamp` (Unix seconds) and `X-Service-Signature: sha256=<hex>`, the HMAC-SHA256 " +
  "keyed with the secret over `<timestamp>.<raw body>`. Attempts at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h " +
  "after each failure (±20 % jitter), 10 s timeout, redirects not followed. An endpoint that answers 410 Gone, or whose attempts have all " +
  "failed for 5 days, is deactivated. Order: none across deliveries (several are in flight at once, retries come later): order by " +
  "`created_at` and the data's own timestamps. Inside a batch the items are in serving order, and each batch holds the next run of " +
  "impressions, but two batches may arrive in either order.";

export const webhooksDocs = {
  listWebhookEndpoints: {
    summary: "List webhook endpoints (E12)",
    description:
      "Every endpoint of the advertiser, newest first, deactivated ones included (`is_active: false`). Secrets are never shown.",
    tags: ["Webhooks"],
    returns: "The endpoints",
  },
  registerWebhookEndpoint: {
    summary: "Register a webhook endpoint (E13)",
    description:
      "The URL must be HTTPS and resolve to public addresses only (checked now without connecting, and again at every send); " +
      "otherwise 422 with an error on `url`, the same message whether the host does not resolve or resolves to a " +
      "non-public address. The 32-byte hex `secret` is returned in this response only. At most 20 active " +
      `endpoints per advertiser (409). ${DELIVERY_RULES}`,
    tags: ["Webhooks"],
    requestBody: { required: true, content: json(registerWebhookInput) },
    returns: "Registered; store the secret now",
    errors: ["bad_request", "conflict", "validation_failed"],
  },
  updateWebhookEndpoint: {
    summary: "Change a webhook endpoint's events",
    description:
      "Replaces the event kinds the endpoint receives with `events` (non-empty, each kind once; an unknown or repeated " +
      "kind is 422 on `events[<index>]`, an empty list 422 on `events`). Only the events change: the URL and the secret " +
      "stay as registered (register a new endpoint for another URL; any other field is 422). Events fanned out from now " +
      "on follow the new list; deliveries already made for earlier events keep their retries. The same list again changes " +
      "nothing. 409 for a deactivated endpoint; another advertiser's endpoint is 404. Editors and admins (the role binds " +
      "a token's principal too).",
    tags: ["Webhooks"],
    requestParams: { path: endpointId },
    requestBody: { required: true, content: json(updateWebhookEndpointInput.omit({ id: true })) },
    returns: "The endpoint with its new events",
    errors: ["bad_request", "not_found", "conflict", "validation_failed"],
  },
  deactivateWebhookEndpoint: {
    summary: "Deactivate a webhook endpoint (E14)",
    description:
      "Delivery stops at once: scheduled retries are cancelled. Idempotent (repeating it answers the same). A deactivated endpoint " +
      "cannot be re-activated; it stays in the list with `is_active: false`.",
    tags: ["Webhooks"],
    requestParams: { path: endpointId },
    returns: "Deactivated",
    errors: ["not_found"],
  },
  sendWebhookTestEvent: {
    summary: "Send a test event (E15)",
    description:
      "Sends a signed test event now, signed as every delivery, and reports the answer. The body is optional: " +
      "`event_type` chooses which of the endpoint's subscribed event types to send a sample of (another is 422 on " +
      "`event_type`); without it, `conversion.recorded`. Sample data validates against the type's schema and names " +
      'nothing real (ids marked `test`, campaign `cmp_test`; a conversion is `event_type` custom, `event_name` "webhook.test"). ' +
      "A failing receiver is still 200 with `success: false`. Changes neither `failure_count` nor " +
      "`last_delivered_at`. 409 for a deactivated endpoint.",
    tags: ["Webhooks"],
    requestParams: { path: endpointId },
    requestBody: { required: false, content: json(sendWebhookTestEventInput.omit({ id: true })) },
    returns: "What the endpoint answered",
    errors: ["bad_request", "not_found", "conflict", "validation_failed"],
  },
  listWebhookDeliveries: {
    summary: "Delivery log of an endpoint",
    description:
      "Deliveries of the last 30 days, newest first, each with every attempt (status code, duration, error) and its next " +
      "automatic attempt.",
    tags: ["Webhooks"],
    requestParams: {
      path: endpointId,
      query: z.object({
        page: z.number().int().min(1).optional().meta({ description: "Default 1" }),
        per_page: z.number().int().min(1).max(100).optional().meta({ description: "Default 20" }),
        status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
      }),
    },
    returns: "A page of deliveries",
    errors: ["not_found", "validation_failed"],
  },
  retryWebhookDelivery: {
    summary: "Redeliver one delivery now",
    description:
      "One attempt now with the same body and event id (receivers dedupe on it), freshly signed, whatever the delivery's state " +
      "(a succeeded one is sent again). It counts like any attempt. 409 when the endpoint is deactivated or an attempt is under way.",
    tags: ["Webhooks"],
    requestParams: {
      path: endpointId.extend({ delivery_id: z.string().meta({ description: "Delivery id (whd_...)" }) }),
    },
    returns: "The delivery after the attempt",
    errors: ["not_found", "conflict"],
  },
} satisfies Record<string, OperationDoc>;
