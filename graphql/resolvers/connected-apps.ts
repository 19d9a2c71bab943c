// Connected apps (OAuth grants to MCP clients, docs/decisions/1312): the list and
// the disconnect, each running its catalog operation (scope, session rule and
// input are the operation's).
import { listConnectedApps, revokeConnectedApp } from "@/lib/domain/connected-apps/connected-apps";
import type { Resolvers } from "../__generated__/resolvers-types";
import { payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const connectedAppResolvers: Resolvers = {
  Query: {
    connectedApps: operationResolver(listConnectedApps, (_, __, context) => runOperation(listConnectedApps, context)),
  },
  Mutation: {
    revokeConnectedApp: operationResolver(revokeConnectedApp, (_, { input }, context) =>
      payload(async () => ({ connectedApp: await runOperation(revokeConnectedApp, context, {}, { id: input.id }) })),
    ),
  },
};
