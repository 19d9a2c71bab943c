import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "../api-values.ts";
import { defineTool, idempotencyKey } from "../tool.ts";
import { completedWrite, webhookId, writeOutcome } from "./shapes.ts";

export const testWebhook = defineTool({
  name: "test_webhook",
  title: "Send a test event",
  description:
    "Sends a signed test event to a webhook endpoint now (a sample of event_type, one the endpoint subscribes to; " +
    "conversion.recorded by default) and reports whether it answered 2xx, its HTTP status (0 when it did not answer) " +
    "and the time taken. Does not count as a failure or a delivery.",
  input: {
    webhook_id: webhookId,
    event_type: z
      .enum(WEBHOOK_EVENT_TYPES)
      .optional()
      .describe("Which event kind to send a sample of (one the endpoint receives); default conversion.recorded."),
    idempotency_key: idempotencyKey,
  },
  output: {
    ...writeOutcome,
    result: z
      .looseObject({ success: z.boolean(), status_code: z.number(), duration_ms: z.number(), message: z.string() })
      .optional(),
  },
  operations: ["sendWebhookTestEvent"],
  openWorld: true,
  run: async ({ webhook_id, event_type, idempotency_key }, { api }) =>
    completedWrite(
      "result",
      await api.write(
        "sendWebhookTestEvent",
        { path: { id: webhook_id }, ...(event_type === undefined ? {} : { body: { event_type } }) },
        { idempotencyKey: idempotency_key },
      ),
    ),
});
