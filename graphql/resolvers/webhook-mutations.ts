// Webhook writes: register (E13), test (E15), deactivate (E14), redeliver.
// Test sends and redeliveries count against REST's webhook_send limit.
import { deactivateWebhook } from "@/lib/domain/webhooks/deactivate-webhook";
import { registerWebhook } from "@/lib/domain/webhooks/register-webhook";
import { retryWebhookDelivery } from "@/lib/domain/webhooks/retry-webhook-delivery";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import type { RegisterWebhookInput } from "@/lib/domain/webhooks/webhooks.schemas";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize, toRestShape } from "../camel-case";
import { notFound, restIdOf } from "../global-id";
import { payload, rateLimit, scoped } from "../guard";
import { loadWebhookEndpoint } from "./webhooks";

export const webhookMutationResolvers: Resolvers = {
  Mutation: {
    registerWebhookEndpoint: (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      return payload(async () => {
        const { secret, warning, ...endpoint } = await registerWebhook(
          actor,
          toRestShape(input) as RegisterWebhookInput,
          { clock: context.clock },
        );
        return { webhookEndpoint: camelize(endpoint), secret, warning };
      });
    },
    testWebhookEndpoint: async (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      await rateLimit(actor, "webhook_send");
      const restId = restIdOf(input.id, "WebhookEndpoint");
      return payload(async () => ({ result: camelize(await sendTestEvent(actor, restId)) }));
    },
    deactivateWebhookEndpoint: (_, { input }, context) => {
      const { actor, loaders } = scoped(context, "campaigns:write");
      const restId = restIdOf(input.id, "WebhookEndpoint");
      return payload(async () => {
        await deactivateWebhook(actor, restId, { clock: context.clock });
        loaders.webhookEndpoint.clear(restId);
        return { webhookEndpoint: await loadWebhookEndpoint(context, restId) };
      });
    },
    redeliverWebhookDelivery: async (_, { input }, context) => {
      const { actor, loaders } = scoped(context, "campaigns:write");
      await rateLimit(actor, "webhook_send");
      const restId = restIdOf(input.id, "WebhookDelivery");
      const delivery = await loaders.webhookDelivery.load(restId);
      if (!delivery) throw notFound(input.id, "webhook delivery");
      return payload(async () => {
        const after = await retryWebhookDelivery(actor, delivery.endpointId, restId);
        loaders.webhookDelivery.clear(restId);
        return { delivery: { ...camelize(after), endpointId: delivery.endpointId } };
      });
    },
  },
};
