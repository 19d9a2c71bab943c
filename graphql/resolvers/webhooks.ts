// Webhook endpoints (E12) and their delivery logs.
import {
  listWebhookDeliveryConnection,
  listWebhookEndpointConnection,
} from "@/lib/domain/webhooks/webhook-connections";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize } from "../camel-case";
import { connection } from "../connection";
import type { GraphqlContext } from "../context";
import { notFound, restIdOf, toGlobalId } from "../global-id";
import { scoped } from "../guard";
import type { WebhookEndpointParent } from "../mappers";

export async function loadWebhookEndpoint(context: GraphqlContext, restId: string): Promise<WebhookEndpointParent> {
  const endpoint = await scoped(context, "campaigns:read").loaders.webhookEndpoint.load(restId);
  if (!endpoint) throw notFound(restId, "webhook endpoint");
  return endpoint;
}

export const webhookResolvers: Resolvers = {
  Query: {
    webhookEndpoints: async (_, args, context) => {
      const { actor } = scoped(context, "campaigns:read");
      return connection(await listWebhookEndpointConnection(actor, args), camelize);
    },
    webhookEndpoint: (_, args, context) => loadWebhookEndpoint(context, restIdOf(args.id, "WebhookEndpoint")),
  },
  WebhookEndpoint: {
    id: (parent) => toGlobalId("WebhookEndpoint", parent.id),
    restId: (parent) => parent.id,
    deliveries: async (parent, args, context) => {
      const { actor } = scoped(context, "campaigns:read");
      const { status, ...page } = args;
      return connection(await listWebhookDeliveryConnection(actor, parent.id, { status }, page), camelize);
    },
  },
  WebhookDelivery: {
    id: (parent) => toGlobalId("WebhookDelivery", parent.id),
    restId: (parent) => parent.id,
    endpoint: (parent, _, context) => loadWebhookEndpoint(context, parent.endpointId),
  },
};
