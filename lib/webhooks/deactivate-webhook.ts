// deactivateWebhookEndpoint: deactivate an endpoint. Delivery stops at once: scheduled retries are
// cancelled and waiting batch items dropped in the same transaction. Repeating
// it answers the same; nothing re-activates an endpoint.
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { changeActorOf } from "@/lib/history/change-actor";
import { defineOperation } from "@/lib/operations/operation";
import { deactivateEndpoint } from "@/lib/webhooks/deactivate";
import { getWebhookEndpointOrThrow, webhookEndpointOf } from "./get-webhook-endpoint";
import { webhookEndpointIdInput, type WebhookEndpoint, webhookDeactivation } from "./webhooks.schemas";

export const DEACTIVATED_BY_API = "Deactivated through the API.";

/** deactivateWebhookEndpoint. */
export const deactivateWebhookEndpoint = defineOperation({
  name: "deactivateWebhookEndpoint",
  access: "campaigns:write",
  write: true,
  history: "webhook_endpoint",
  idempotent: true,
  input: webhookEndpointIdInput,
  output: webhookDeactivation,
  run: (actor, input, { clock }) => deactivateWebhook(actor, input.id, { clock }),
});

/** Deactivates the endpoint `id` (if it still is active) and answers it as it stands afterwards. */
export async function deactivateWebhook(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<WebhookEndpoint> {
  const endpoint = await getWebhookEndpointOrThrow(actor, id);
  await deactivateEndpoint(db(), endpoint.id, DEACTIVATED_BY_API, (options.clock ?? systemClock)(), {
    actor: await changeActorOf(actor),
    operation: deactivateWebhookEndpoint.name,
  });
  // read after the commit: nothing re-activates an endpoint, so it is inactive from here on
  const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id }, omit: { secret: true } });
  return webhookEndpointOf(row);
}
