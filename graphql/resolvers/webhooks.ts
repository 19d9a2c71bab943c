// Webhook endpoints (listWebhookEndpoints) and their delivery logs. The endpoint list and one
// endpoint run listWebhookEndpoints's operations (campaigns:read); a mutation's payload carries
// its endpoint under campaigns:write; the delivery log runs its own operation
// (campaigns:read) wherever it is reached (docs/decisions/1107).
import { getWebhookEndpoint } from "@/lib/webhooks/get-webhook-endpoint";
import { listWebhookDeliveriesByCursor } from "@/lib/webhooks/list-webhook-deliveries";
import { listWebhookEndpointsByCursor } from "@/lib/webhooks/list-webhooks";
import { authorize } from "@/lib/operations/invoke";
import type { Resolvers } from "../__generated__/resolvers-types";
import { connection } from "../connection";
import type { GraphqlContext } from "../context";
import { notFound, restIdOf, toGlobalId } from "../global-id";
import { authenticated } from "../guard";
import type { WebhookDeliveryParent, WebhookEndpointParent } from "../mappers";
import { operationResolver, runOperation } from "../operation";

const same = <T>(value: T) => value;

/** The caller's endpoint, or NOT_FOUND; the field that reaches it checks the scope (read, or a mutation's write). */
export async function loadWebhookEndpoint(context: GraphqlContext, restId: string): Promise<WebhookEndpointParent> {
  const endpoint = await authenticated(context).loaders.webhookEndpoint.load(restId);
  if (!endpoint) throw notFound(restId, "webhook endpoint");
  return endpoint;
}

/**
 * The caller's endpoint as `getWebhookEndpoint` reads it, with its access, but through
 * the request's loader: every delivery of a page (and every id of `nodes`) reaches its
 * endpoint in one query.
 */
export function readWebhookEndpoint(context: GraphqlContext, restId: string): Promise<WebhookEndpointParent> {
  authorize(getWebhookEndpoint, context.actor);
  return loadWebhookEndpoint(context, restId);
}

/** The caller's delivery as the delivery log shows it, with the log's access, through the request's loader. */
export async function readWebhookDelivery(context: GraphqlContext, restId: string): Promise<WebhookDeliveryParent> {
  authorize(listWebhookDeliveriesByCursor, context.actor);
  const delivery = await authenticated(context).loaders.webhookDelivery.load(restId);
  if (!delivery) throw notFound(restId, "webhook delivery");
  return delivery;
}

export const webhookResolvers: Resolvers = {
  Query: {
    webhookEndpoints: operationResolver(listWebhookEndpointsByCursor, async (_, args, context) =>
      connection(await runOperation(listWebhookEndpointsByCursor, context, args), same),
    ),
    webhookEndpoint: operationResolver(getWebhookEndpoint, async (_, args, context) => {
      const restId = restIdOf(args.id, "WebhookEndpoint");
      const endpoint = await runOperation(getWebhookEndpoint, context, {}, { id: restId });
      authenticated(context).loaders.webhookEndpoint.prime(restId, endpoint);
      return endpoint;
    }),
  },
  WebhookEndpoint: {
    id: (parent) => toGlobalId("WebhookEndpoint", parent.id),
    restId: (parent) => parent.id,
    deliveries: operationResolver(listWebhookDeliveriesByCursor, async (parent, args, context) =>
      connection(await runOperation(listWebhookDeliveriesByCursor, context, args, { id: parent.id }), same),
    ),
  },
  WebhookDelivery: {
    id: (parent) => toGlobalId("WebhookDelivery", parent.id),
    restId: (parent) => parent.id,
    // another resource than the delivery (listWebhookEndpoints's): a redelivery's payload does not open it to a write-only token
    endpoint: (parent, _, context) => readWebhookEndpoint(context, parent.endpointId),
  },
};
