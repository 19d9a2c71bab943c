// sendWebhookTestEvent: send a signed conversion.recorded test event now and report what the
// endpoint answered. A failing receiver is a result (success false), not an
// error; the endpoint's failure_count and last_delivered_at are left alone.
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { testConversionBody } from "@/lib/webhooks/payloads";
import { sendWebhook } from "@/lib/webhooks/send";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";
import { webhookEndpointIdInput, type WebhookTestResult, webhookTestResult } from "./webhooks.schemas";

/** sendWebhookTestEvent: an outbound request on demand, so it counts against the advertiser's webhook sends (shared with redeliveries). */
export const sendWebhookTestEvent = defineOperation({
  name: "sendWebhookTestEvent",
  access: "campaigns:write",
  write: true,
  history: { none: "a test send changes nothing: no delivery, no counter, no setting" },
  idempotent: true,
  rateLimit: "webhook_send",
  input: webhookEndpointIdInput,
  output: webhookTestResult,
  run: (actor, input, { clock }) => sendTestEvent(actor, input.id, { clock }),
});

export async function sendTestEvent(
  actor: Actor,
  id: string,
  options: { allowHosts?: readonly string[]; timeoutMs?: number; clock?: Clock } = {},
): Promise<WebhookTestResult> {
  const endpoint = await getWebhookEndpointOrThrow(actor, id);
  if (!endpoint.isActive) {
    throw new AppError("conflict", {
      detail: "This endpoint is deactivated: nothing is sent to it any more. Register a new endpoint.",
    });
  }
  const nowMs = (options.clock ?? systemClock)();
  const test = testConversionBody(nowMs);
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
      ? `Test event ${test.id} accepted: the endpoint answered ${outcome.statusCode} in ${outcome.durationMs} ms.`
      : `Test event ${test.id} not accepted: ${outcome.error}.`,
  };
}
