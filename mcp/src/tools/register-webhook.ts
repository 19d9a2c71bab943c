import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { WEBHOOK_EVENT_TYPES } from "../api-values.ts";
import { completedWrite, writeOutcome } from "./shapes.ts";

export const registerWebhook = defineTool({
  name: "register_webhook",
  title: "Register a webhook endpoint",
  description:
    "Registers an HTTPS endpoint (public addresses only) to receive signed events. The answer carries the signing secret " +
    "ONCE: store it now (X-Service-Signature is HMAC-SHA256 of '<X-Service-Timestamp>.<raw body>' with that secret). " +
    "batch_impressions sends impression.served in batches of up to 100 (at most 5 s late).",
  input: {
    url: z.string().describe("HTTPS URL of the receiver."),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).describe("Event kinds to receive."),
    batch_impressions: z.boolean().optional(),
    idempotency_key: idempotencyKey,
  },
  output: {
    ...writeOutcome,
    endpoint: z.looseObject({ id: z.string(), secret: z.string(), warning: z.string() }).optional(),
  },
  operations: ["registerWebhookEndpoint"],
  openWorld: true,
  run: async ({ idempotency_key, ...body }, { api }) =>
    completedWrite(
      "endpoint",
      await api.write("registerWebhookEndpoint", { body }, { idempotencyKey: idempotency_key }),
    ),
});
