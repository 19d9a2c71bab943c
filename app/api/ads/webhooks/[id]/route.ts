// DELETE /api/ads/webhooks/{id}: E14, deactivate an endpoint (idempotent)
import { deactivateWebhook } from "@/lib/domain/webhooks/deactivate-webhook";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const DELETE = defineRoute(
  { auth: "token", scope: "campaigns:write", params: ["id"] },
  async ({ actor, params }) => jsonResponse(await deactivateWebhook(actor, params.id)),
);
