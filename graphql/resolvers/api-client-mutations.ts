// API clients: create (secret returned once) and revoke. The operations allow
// both to the dashboard session only (docs/decisions/1106).
import { createApiClient } from "@/lib/domain/api-clients/create-api-client";
import { revokeApiClient } from "@/lib/domain/api-clients/revoke-api-client";
import type { Resolvers } from "../__generated__/resolvers-types";
import { restIdOf } from "../global-id";
import { payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const apiClientMutationResolvers: Resolvers = {
  Mutation: {
    createApiClient: operationResolver(createApiClient, (_, { input }, context) =>
      payload(() => runOperation(createApiClient, context, input)),
    ),
    revokeApiClient: operationResolver(revokeApiClient, (_, { input }, context) => {
      const restId = restIdOf(input.id, "ApiClient");
      return payload(async () => ({ apiClient: await runOperation(revokeApiClient, context, {}, { id: restId }) }));
    }),
  },
};
