// POST /api/ads/webhooks/{id}/deliveries/{delivery_id}/retry: redeliver one delivery now
import { retryWebhookDelivery } from "@/lib/domain/webhooks/retry-webhook-delivery";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const POST = defineRoute(
  { auth: "token", scope: "campaigns:write", rateLimit: "webhook_send", params: ["id", "delivery_id"] },
  async ({ actor, params }) => jsonResponse(await retryWebhookDelivery(actor, params.id, params.delivery_id)),
);
