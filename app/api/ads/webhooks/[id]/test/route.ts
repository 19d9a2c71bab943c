// POST /api/ads/webhooks/{id}/test: sendWebhookTestEvent, send a signed test conversion.recorded now
import { sendWebhookTestEvent } from "@/lib/webhooks/send-test-event";
import { restOperation } from "@/lib/http/rest-operation";
import { webhookTestResultView } from "@/lib/http/views/webhooks";

export const dynamic = "force-dynamic";

// the path is the whole input: no body is read
export const POST = restOperation(sendWebhookTestEvent, {
  params: ["id"],
  input: ({ params }) => params,
  view: webhookTestResultView,
});
