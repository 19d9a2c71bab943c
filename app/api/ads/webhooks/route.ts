// GET /api/ads/webhooks: E12, list endpoints (no secrets)
// POST /api/ads/webhooks: E13, register an endpoint (201, secret shown once)
import { listWebhooks } from "@/lib/domain/webhooks/list-webhooks";
import { registerWebhook } from "@/lib/domain/webhooks/register-webhook";
import type { RegisterWebhookInput } from "@/lib/domain/webhooks/webhooks.schemas";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "token", scope: "campaigns:read" }, async ({ actor }) =>
  jsonResponse(await listWebhooks(actor)),
);

export const POST = defineRoute({ auth: "token", scope: "campaigns:write" }, async ({ actor, body }) =>
  jsonResponse(await registerWebhook(actor, (await body()) as RegisterWebhookInput), { status: 201 }),
);
