// POST /api/ads/webhooks/{id}/test: E15, send a signed test conversion.recorded now
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const POST = defineRoute(
  { auth: "token", scope: "campaigns:write", rateLimit: "webhook_send", params: ["id"] },
  async ({ actor, params }) => jsonResponse(await sendTestEvent(actor, params.id)),
);
