// GET /api/ads/webhooks: listWebhookEndpoints, list endpoints (no secrets)
// POST /api/ads/webhooks: registerWebhookEndpoint, register an endpoint (201, secret shown once)
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhooks";
import { registerWebhookEndpoint } from "@/lib/webhooks/register-webhook";
import { restOperation } from "@/lib/http/rest-operation";
import { registeredWebhookEndpointView, webhookEndpointListView } from "@/lib/http/views/webhooks";

export const dynamic = "force-dynamic";

export const GET = restOperation(listWebhookEndpoints, { view: webhookEndpointListView });

export const POST = restOperation(registerWebhookEndpoint, { view: registeredWebhookEndpointView, status: 201 });
