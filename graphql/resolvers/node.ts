// node(id:) and nodes(ids:): any object by global id, with the access of the operation that reads it.
import { z } from "zod";
import { listApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { getCreative } from "@/lib/domain/creatives/get-creative";
import { listPostbackKeys } from "@/lib/domain/postback-keys/list-postback-keys";
import { AppError, parseInput } from "@/lib/errors";
import type { Resolvers, ResolversInterfaceTypes } from "../__generated__/resolvers-types";
import type { GraphqlContext } from "../context";
import { notFound, parseGlobalId, type NodeType } from "../global-id";
import { allowedAs, authenticated } from "../guard";
import { loadCampaign, loadCreative } from "./campaigns";
import { readWebhookDelivery, readWebhookEndpoint } from "./webhooks";

type NodeParent = ResolversInterfaceTypes<Record<string, never>>["Node"];
const TYPE = Symbol("graphql type");
type Tagged = NodeParent & { [TYPE]: NodeType };

const nodesArgs = z.object({ ids: z.array(z.string()).max(100, "at most 100 ids") });

async function load(context: GraphqlContext, type: NodeType, restId: string): Promise<NodeParent> {
  switch (type) {
    case "Campaign":
      allowedAs(context, getCampaign);
      return loadCampaign(context, restId);
    case "Creative":
      allowedAs(context, getCreative);
      return loadCreative(context, restId);
    case "WebhookEndpoint":
      return readWebhookEndpoint(context, restId);
    case "WebhookDelivery":
      return readWebhookDelivery(context, restId);
    case "ApiClient": {
      const client = await allowedAs(context, listApiClients).loaders.apiClient.load(restId);
      if (!client) throw notFound(restId, "API client");
      return client;
    }
    case "PostbackKey": {
      const key = await allowedAs(context, listPostbackKeys).loaders.postbackKey.load(restId);
      if (!key) throw notFound(restId, "postback key");
      return key;
    }
    case "Advertiser": {
      const { actor, loaders } = authenticated(context);
      if (restId !== actor.advertiserId) throw notFound(restId, "advertiser");
      return loaders.advertiser();
    }
  }
}

async function resolveNode(context: GraphqlContext, id: string): Promise<Tagged> {
  authenticated(context);
  const parsed = parseGlobalId(id);
  if (!parsed) throw notFound(id);
  const parent = await load(context, parsed.type, parsed.restId);
  return Object.assign(parent, { [TYPE]: parsed.type });
}

export const nodeResolvers: Resolvers = {
  Query: {
    node: (_, args, context) => resolveNode(context, args.id),
    nodes: async (_, args, context) => {
      const { ids } = parseInput(nodesArgs, args);
      // an id that names nothing is null in the list; any other error (scope, fault) fails the field
      return Promise.all(
        ids.map((id) =>
          resolveNode(context, id).catch((error: unknown) => {
            if (error instanceof AppError && error.code === "not_found") return null;
            throw error;
          }),
        ),
      );
    },
  },
  Node: {
    __resolveType: (parent) => (parent as Tagged)[TYPE],
  },
};
