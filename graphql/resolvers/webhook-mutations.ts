// Webhook writes: register (registerWebhookEndpoint), change the events (updateWebhookEndpoint), test (sendWebhookTestEvent), deactivate (deactivateWebhookEndpoint), redeliver, each
// running its operation (test sends and redeliveries count against the
// webhook_send limit REST's twins count against).
import { deactivateWebhookEndpoint } from "@/lib/webhooks/deactivate-webhook";
import { registerWebhookEndpoint } from "@/lib/webhooks/register-webhook";
import { retryWebhookDelivery } from "@/lib/webhooks/retry-webhook-delivery";
import { sendWebhookTestEvent } from "@/lib/webhooks/send-test-event";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-webhook";
import { authorize } from "@/lib/operations/invoke";
import type { Resolvers } from "../__generated__/resolvers-types";
import { toRestShape } from "../camel-case";
import { notFound, restIdOf } from "../global-id";
import { authenticated, payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const webhookMutationResolvers: Resolvers = {
  Mutation: {
    registerWebhookEndpoint: operationResolver(registerWebhookEndpoint, (_, { input }, context) =>
      payload(async () => {
        // the input as given: an explicit null is refused by the schema, not taken for "absent"
        const body = toRestShape(input) as Record<string, unknown>;
        const { secret, warning, ...webhookEndpoint } = await runOperation(registerWebhookEndpoint, context, {}, body);
        return { webhookEndpoint, secret, warning };
      }),
    ),
    updateWebhookEndpoint: operationResolver(updateWebhookEndpoint, (_, { input }, context) => {
      const restId = restIdOf(input.id, "WebhookEndpoint");
      return payload(async () => {
        const webhookEndpoint = await runOperation(
          updateWebhookEndpoint,
          context,
          { events: input.events },
          {
            id: restId,
          },
        );
        // later fields of the request read the endpoint as it is now
        authenticated(context).loaders.webhookEndpoint.clear(restId).prime(restId, webhookEndpoint);
        return { webhookEndpoint };
      });
    }),
    testWebhookEndpoint: operationResolver(sendWebhookTestEvent, (_, { input }, context) => {
      const restId = restIdOf(input.id, "WebhookEndpoint");
      return payload(async () => ({
        result: await runOperation(sendWebhookTestEvent, context, { eventType: input.eventType }, { id: restId }),
      }));
    }),
    deactivateWebhookEndpoint: operationResolver(deactivateWebhookEndpoint, (_, { input }, context) => {
      const restId = restIdOf(input.id, "WebhookEndpoint");
      return payload(async () => {
        const webhookEndpoint = await runOperation(deactivateWebhookEndpoint, context, {}, { id: restId });
        // later fields of the request read the endpoint as it is now
        authenticated(context).loaders.webhookEndpoint.clear(restId).prime(restId, webhookEndpoint);
        return { webhookEndpoint };
      });
    }),
    redeliverWebhookDelivery: operationResolver(retryWebhookDelivery, async (_, { input }, context) => {
      // GraphQL names a delivery alone; the operation takes it with its endpoint, as REST's path
      // does: the delivery is looked up first, by a caller the operation admits
      authorize(retryWebhookDelivery, context.actor);
      const restId = restIdOf(input.id, "WebhookDelivery");
      const { loaders } = authenticated(context);
      const delivery = await loaders.webhookDelivery.load(restId);
      if (!delivery) throw notFound(input.id, "webhook delivery");
      return payload(async () => {
        const after = await runOperation(
          retryWebhookDelivery,
          context,
          {},
          { id: delivery.endpointId, delivery_id: restId },
        );
        loaders.webhookDelivery.clear(restId).prime(restId, after);
        return { delivery: after };
      });
    }),
  },
};
