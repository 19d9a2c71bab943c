import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { completedWrite, webhookId, writeOutcome } from "./shapes.ts";

export const deactivateWebhook = defineTool({
  name: "deactivate_webhook",
  title: "Deactivate a webhook endpoint",
  description:
    "Stops all deliveries to a webhook endpoint for good: it cannot be re-activated (register a new one instead). Pending " +
    "deliveries are cancelled. Deactivating an inactive endpoint changes nothing.",
  input: { webhook_id: webhookId, idempotency_key: idempotencyKey },
  output: { ...writeOutcome, result: z.looseObject({ deactivated: z.boolean(), id: z.string() }).optional() },
  operations: ["deactivateWebhookEndpoint"],
  destructive: true,
  run: async ({ webhook_id, idempotency_key }, { api }) =>
    completedWrite(
      "result",
      await api.write("deactivateWebhookEndpoint", { path: { id: webhook_id } }, { idempotencyKey: idempotency_key }),
    ),
});
