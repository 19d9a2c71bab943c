// GET /api/ads/webhooks/{id}/deliveries: the endpoint's delivery log
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";
import { PAGED_LIST_QUERY } from "@/lib/http/query";
import { restOperation } from "@/lib/http/rest-operation";
import { webhookDeliveryListView } from "@/lib/http/views/webhooks";

export const dynamic = "force-dynamic";

export const GET = restOperation(listWebhookDeliveries, {
  params: ["id"],
  query: PAGED_LIST_QUERY,
  view: webhookDeliveryListView,
});
