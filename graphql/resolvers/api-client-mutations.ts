// API clients: create (secret returned once) and revoke. The domain allows
// both to the dashboard session only (docs/decisions/1106).
import { createApiClient, revokeApiClient } from "@/lib/domain/api-clients/api-clients";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize } from "../camel-case";
import { restIdOf } from "../global-id";
import { authenticated, payload } from "../guard";

export const apiClientMutationResolvers: Resolvers = {
  Mutation: {
    createApiClient: (_, { input }, context) => {
      const { actor } = authenticated(context);
      return payload(async () => {
        const created = await createApiClient(actor, { name: input.name, scopes: input.scopes });
        return { apiClient: camelize(created.client), clientSecret: created.client_secret, warning: created.warning };
      });
    },
    revokeApiClient: (_, { input }, context) => {
      const { actor } = authenticated(context);
      const restId = restIdOf(input.id, "ApiClient");
      return payload(async () => ({
        apiClient: camelize(await revokeApiClient(actor, restId, { clock: context.clock })),
      }));
    },
  },
};
