import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES } from "../api-values.ts";
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
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
    page: z.number().int().min(1).optional(),
    per_page: z.number().int().min(1).max(100).optional().describe("1-100 (default 20)."),
  },
  output: {
    deliveries: z.array(z.looseObject({ id: z.string(), event_type: z.string(), status: z.string() })),
    pagination: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  },
  operations: ["listWebhookDeliveries"],
  run: async ({ webhook_id, ...query }, { api }) =>
    api.read("listWebhookDeliveries", { path: { id: webhook_id }, query }),
});
