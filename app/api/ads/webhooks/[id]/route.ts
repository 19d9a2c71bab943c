// DELETE /api/ads/webhooks/{id}: deactivateWebhookEndpoint, deactivate an endpoint (idempotent)
import { deactivateWebhookEndpoint } from "@/lib/webhooks/deactivate-webhook";
import { restOperation } from "@/lib/http/rest-operation";
import { webhookDeactivationView } from "@/lib/http/views/webhooks";

export const dynamic = "force-dynamic";

// the path is the whole input: the query string is not read
export const DELETE = restOperation(deactivateWebhookEndpoint, {
  params: ["id"],
  input: ({ params }) => params,
  view: webhookDeactivationView,
});
