// POST /api/ads/webhooks/{id}/deliveries/{delivery_id}/retry: redeliver one delivery now
import { retryWebhookDelivery } from "@/lib/webhooks/retry-webhook-delivery";
import { restOperation } from "@/lib/http/rest-operation";
import { webhookDeliveryView } from "@/lib/http/views/webhooks";

export const dynamic = "force-dynamic";

// the path is the whole input: no body is read
export const POST = restOperation(retryWebhookDelivery, {
  params: ["id", "delivery_id"],
  input: ({ params }) => params,
  view: webhookDeliveryView,
});
