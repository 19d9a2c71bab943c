// Webhook endpoints (E12) and their delivery logs. The endpoint list and one
// endpoint need campaigns:read; a mutation's payload carries its endpoint
// under campaigns:write; the delivery log needs campaigns:read wherever it is
// reached (docs/decisions/1107).
import {
  listWebhookDeliveryConnection,
  listWebhookEndpointConnection,
} from "@/lib/domain/webhooks/webhook-connections";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize } from "../camel-case";
import { connection } from "../connection";
import type { GraphqlContext } from "../context";
import { notFound, restIdOf, toGlobalId } from "../global-id";
import { authenticated, scoped } from "../guard";
import type { WebhookEndpointParent } from "../mappers";

/** The caller's endpoint, or NOT_FOUND; the field that reaches it checks the scope (read, or a mutation's write). */
export async function loadWebhookEndpoint(context: GraphqlContext, restId: string): Promise<WebhookEndpointParent> {
  const endpoint = await authenticated(context).loaders.webhookEndpoint.load(restId);
  if (!endpoint) throw notFound(restId, "webhook endpoint");
  return endpoint;
}

export const webhookResolvers: Resolvers = {
  Query: {
    webhookEndpoints: async (_, args, context) => {
      const { actor } = scoped(context, "campaigns:read");
      return connection(await listWebhookEndpointConnection(actor, args), camelize);
    },
    webhookEndpoint: (_, args, context) => {
      scoped(context, "campaigns:read");
      return loadWebhookEndpoint(context, restIdOf(args.id, "WebhookEndpoint"));
    },
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
    // another resource than the delivery (E12's): a redelivery's payload does not open it to a write-only token
    endpoint: (parent, _, context) => {
      scoped(context, "campaigns:read");
      return loadWebhookEndpoint(context, parent.endpointId);
    },
  },
};
