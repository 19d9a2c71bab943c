// E14: deactivate an endpoint. Delivery stops at once: scheduled retries are
// cancelled and waiting batch items dropped in the same transaction. Repeating
// it answers the same; nothing re-activates an endpoint.
import type { Actor } from "@/lib/auth/actor";
import { systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { deactivateEndpoint } from "@/lib/webhooks/deactivate";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";
import type { WebhookDeactivationView } from "./webhooks.schemas";

export const DEACTIVATED_BY_API = "Deactivated through the API.";

export async function deactivateWebhook(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<WebhookDeactivationView> {
  const endpoint = await getWebhookEndpointOrThrow(actor, id);
  await deactivateEndpoint(db(), endpoint.id, DEACTIVATED_BY_API, (options.clock ?? systemClock)());
  return { deactivated: true, id: endpoint.id };
}
