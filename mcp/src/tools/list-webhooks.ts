import { z } from "zod";
import { defineTool } from "../tool.ts";

export const listWebhooks = defineTool({
  name: "list_webhooks",
  title: "List webhook endpoints",
  description:
    "The advertiser's webhook endpoints: URL, event kinds, whether active, batching of impression events, consecutive " +
    "failures and the last successful delivery. Secrets are never shown again after registration.",
  input: {},
  output: {
    endpoints: z.array(
      z.looseObject({
        id: z.string(),
        url: z.string(),
        events: z.array(z.string()),
        is_active: z.boolean(),
        failure_count: z.number(),
      }),
    ),
  },
  operations: ["listWebhookEndpoints"],
  run: async (_args, { api }) => api.read("listWebhookEndpoints"),
});
