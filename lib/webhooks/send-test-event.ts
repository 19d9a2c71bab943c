// sendWebhookTestEvent: send a signed test event now, a sample of the chosen event type (one the
// endpoint subscribes to; conversion.recorded by default), and report what the endpoint answered. A failing receiver is a result (success false), not an
// error; the endpoint's failure_count and last_delivered_at are left alone.
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { AppError, validationError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import type { EventType } from "@/lib/webhooks/events";
import { DEFAULT_TEST_EVENT_TYPE, testEventBody } from "@/lib/webhooks/payloads";
import { sendWebhook } from "@/lib/webhooks/send";
import { endpointEvents, getWebhookEndpointOrThrow } from "./get-webhook-endpoint";
import { sendWebhookTestEventInput, type WebhookTestResult, webhookTestResult } from "./webhooks.schemas";

/** sendWebhookTestEvent: an outbound request on demand, so it counts against the advertiser's webhook sends (shared with redeliveries). */
export const sendWebhookTestEvent = defineOperation({
  name: "sendWebhookTestEvent",
  access: "campaigns:write",
  write: true,
  history: { none: "a test send changes nothing: no delivery, no counter, no setting" },
  idempotent: true,
  rateLimit: "webhook_send",
  input: sendWebhookTestEventInput,
  output: webhookTestResult,
  run: (actor, input, { clock }) => sendTestEvent(actor, input.id, { clock, eventType: input.event_type }),
});

export async function sendTestEvent(
  actor: Actor,
  id: string,
  options: { allowHosts?: readonly string[]; timeoutMs?: number; clock?: Clock; eventType?: EventType } = {},
): Promise<WebhookTestResult> {
  const endpoint = await getWebhookEndpointOrThrow(actor, id);
  if (!endpoint.isActive) {
    throw new AppError("conflict", {
      detail: "This endpoint is deactivated: nothing is sent to it any more. Register a new endpoint.",
    });
  }
  const type = options.eventType ?? DEFAULT_TEST_EVENT_TYPE;
  // a chosen type must be one the endpoint receives (the default is sent whatever it subscribes to, as before)
  const subscribed = endpointEvents(endpoint.events);
  if (options.eventType !== undefined && !subscribed.includes(options.eventType)) {
    throw validationError([
      { path: "event_type", message: `must be one of the endpoint's events (${subscribed.join(", ")})` },
    ]);
  }
  const nowMs = (options.clock ?? systemClock)();
  const test = testEventBody(type, nowMs);
  const outcome = await sendWebhook(
    endpoint,
    { eventId: test.id, body: test.body },
    {
      nowMs,
      timeoutMs: options.timeoutMs,
      allowHosts: options.allowHosts,
    },
  );
  return {
    success: outcome.ok,
    statusCode: outcome.statusCode ?? 0,
    durationMs: outcome.durationMs,
    message: outcome.ok
      ? `Test event ${test.id} (${type}) accepted: the endpoint answered ${outcome.statusCode} in ${outcome.durationMs} ms.`
      : `Test event ${test.id} (${type}) not accepted: ${outcome.error}.`,
  };
}
