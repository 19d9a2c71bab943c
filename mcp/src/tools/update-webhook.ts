import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "../api-values.ts";
import { defineTool, idempotencyKey } from "../tool.ts";
import { completedWrite, webhookId, writeOutcome } from "./shapes.ts";

export const updateWebhook = defineTool({
  name: "update_webhook",
  title: "Change a webhook endpoint's events",
  description:
    "Replaces the event kinds a webhook endpoint receives with `events` (at least one, each kind once); events from now " +
    "on follow the new list, deliveries already made keep their retries. The URL and the signing secret stay as " +
    "registered (register a new endpoint for another URL). A deactivated endpoint cannot be changed.",
  input: {
    webhook_id: webhookId,
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .min(1)
      .describe("Every event kind the endpoint receives from now on (each once); it replaces the current list."),
    idempotency_key: idempotencyKey,
  },
  output: {
    ...writeOutcome,
    endpoint: z.looseObject({ id: z.string(), events: z.array(z.string()), is_active: z.boolean() }).optional(),
  },
  operations: ["updateWebhookEndpoint"],
  run: async ({ webhook_id, events, idempotency_key }, { api }) =>
    completedWrite(
      "endpoint",
      await api.write(
        "updateWebhookEndpoint",
        { path: { id: webhook_id }, body: { events } },
        { idempotencyKey: idempotency_key },
      ),
    ),
});
