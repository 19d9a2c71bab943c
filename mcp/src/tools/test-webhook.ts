import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { completedWrite, webhookId, writeOutcome } from "./shapes.ts";

export const testWebhook = defineTool({
  name: "test_webhook",
  title: "Send a test event",
  description:
    "Sends a signed test conversion.recorded event to a webhook endpoint now and reports whether it answered 2xx, its HTTP " +
    "status (0 when it did not answer) and the time taken. Does not count as a failure or a delivery.",
  input: { webhook_id: webhookId, idempotency_key: idempotencyKey },
  output: {
    ...writeOutcome,
    result: z
      .looseObject({ success: z.boolean(), status_code: z.number(), duration_ms: z.number(), message: z.string() })
      .optional(),
  },
  operations: ["sendWebhookTestEvent"],
  openWorld: true,
  run: async ({ webhook_id, idempotency_key }, { api }) =>
    completedWrite(
      "result",
      await api.write("sendWebhookTestEvent", { path: { id: webhook_id } }, { idempotencyKey: idempotency_key }),
    ),
});
