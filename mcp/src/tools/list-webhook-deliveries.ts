import { z } from "zod";
import { defineTool } from "../tool.ts";
import { webhookId } from "./shapes.ts";

export const listWebhookDeliveries = defineTool({
  name: "list_webhook_deliveries",
  title: "Webhook delivery log",
  description:
    "The delivery log of one webhook endpoint, newest first: each event sent (or batch of impressions), its status " +
    "(pending, delivering, succeeded, failed, cancelled), attempts with HTTP status and duration, and the next retry. " +
    "Use it to diagnose a receiver that misses events.",
  input: {
    webhook_id: webhookId,
    status: z.enum(["pending", "delivering", "succeeded", "failed", "cancelled"]).optional(),
    page: z.number().int().min(1).optional(),
    per_page: z.number().int().min(1).max(100).optional().describe("1-100 (default 20)."),
  },
  output: {
    deliveries: z.array(z.looseObject({ id: z.string(), event_type: z.string(), status: z.string() })),
    pagination: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  },
  scopes: ["campaigns:read"],
  write: false,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  run: async ({ webhook_id, ...query }, { api }) => api.listWebhookDeliveries(webhook_id, query),
});
