import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { webhookId, writeOutcome } from "./shapes.ts";

export const deactivateWebhook = defineTool({
  name: "deactivate_webhook",
  title: "Deactivate a webhook endpoint",
  description:
    "Stops all deliveries to a webhook endpoint for good: it cannot be re-activated (register a new one instead). Pending " +
    "deliveries are cancelled. Deactivating an inactive endpoint changes nothing.",
  input: { webhook_id: webhookId, idempotency_key: idempotencyKey },
  output: { ...writeOutcome, result: z.looseObject({ deactivated: z.boolean(), id: z.string() }).optional() },
  scopes: ["campaigns:write"],
  write: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: async ({ webhook_id, idempotency_key }, { api }) => {
    const { result, replayed } = await api.deactivateWebhook(webhook_id, { idempotencyKey: idempotency_key });
    return { status: "completed", replayed, result };
  },
});
