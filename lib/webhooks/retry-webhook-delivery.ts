// Manual redelivery of one delivery (a missed event, or one that used all its
// attempts): one attempt now, the same body and event id as before, freshly
// signed; answered with the delivery as it stands afterwards. It counts like
// any attempt (failure_count, last_delivered_at, the retry schedule).
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { attemptWebhookDelivery, claimWebhookDelivery } from "@/lib/webhooks/attempts";
import { dispatchContext, type DispatchContext } from "@/lib/webhooks/context";
import { getWebhookEndpointOrThrow } from "./get-webhook-endpoint";
import { webhookDeliveryInclude, webhookDeliveryOf } from "./list-webhook-deliveries";
import { retryWebhookDeliveryInput, type WebhookDelivery, webhookDelivery } from "./webhooks.schemas";

/** An outbound request on demand: counts against the advertiser's webhook sends (shared with sendWebhookTestEvent). */
export const retryWebhookDelivery = defineOperation({
  name: "retryWebhookDelivery",
  access: "campaigns:write",
  write: true,
  // an endpoint found gone (410) is deactivated by the dispatcher's rule, which records it as the system
  history: { none: "a resend changes no setting; only the delivery log" },
  idempotent: true,
  rateLimit: "webhook_send",
  input: retryWebhookDeliveryInput,
  output: webhookDelivery,
  run: (actor, input, { clock }) => redeliverWebhookDelivery(actor, input.id, input.delivery_id, { now: clock }),
});

export async function redeliverWebhookDelivery(
  actor: Actor,
  endpointId: string,
  deliveryId: string,
  options: Partial<DispatchContext> = {},
): Promise<WebhookDelivery> {
  const endpoint = await getWebhookEndpointOrThrow(actor, endpointId);
  const delivery = await db().webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId: endpoint.id },
    select: { id: true },
  });
  if (!delivery) throw new AppError("not_found", { detail: "No delivery with this id for this endpoint." });
  if (!endpoint.isActive) {
    throw new AppError("conflict", { detail: "This endpoint is deactivated: nothing is sent to it any more." });
  }
  const context = dispatchContext(options);
  const claimed = await claimWebhookDelivery(context, delivery.id, endpoint.id);
  if (!claimed)
    throw new AppError("conflict", {
      detail: "An attempt of this delivery is under way; look at the delivery log in a few seconds.",
    });
  await attemptWebhookDelivery(context, claimed);
  const row = await db().webhookDelivery.findUniqueOrThrow({
    where: { id: delivery.id },
    include: webhookDeliveryInclude,
  });
  return webhookDeliveryOf(row);
}
