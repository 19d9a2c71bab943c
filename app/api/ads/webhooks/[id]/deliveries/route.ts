// GET /api/ads/webhooks/{id}/deliveries: the endpoint's delivery log
import { listWebhookDeliveries } from "@/lib/domain/webhooks/list-webhook-deliveries";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { PAGED_LIST_QUERY, queryObject } from "@/lib/http/query";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  { auth: "token", scope: "campaigns:read", params: ["id"] },
  async ({ actor, params, url }) =>
    jsonResponse(await listWebhookDeliveries(actor, params.id, queryObject(url, PAGED_LIST_QUERY))),
);
