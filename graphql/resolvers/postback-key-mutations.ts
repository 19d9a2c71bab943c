// Postback keys: create (the key returned once) and revoke, with the scope of
// their REST twins (campaigns:write): an integration may rotate its partners'
// keys with a token, unlike API clients (docs/decisions/0504).
import { createPostbackKey } from "@/lib/domain/postback-keys/create-postback-key";
import { POSTBACK_KEY_WARNING } from "@/lib/domain/postback-keys/postback-keys.schemas";
import { renamePostbackKey } from "@/lib/domain/postback-keys/rename-postback-key";
import { revokePostbackKey } from "@/lib/domain/postback-keys/revoke-postback-key";
import type { Resolvers } from "../__generated__/resolvers-types";
import { restIdOf } from "../global-id";
import { payload } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const postbackKeyMutationResolvers: Resolvers = {
  Mutation: {
    createPostbackKey: operationResolver(createPostbackKey, (_, { input }, context) =>
      payload(async () => ({
        ...(await runOperation(createPostbackKey, context, {}, input?.name == null ? {} : { name: input.name })),
        warning: POSTBACK_KEY_WARNING,
      })),
    ),
    renamePostbackKey: operationResolver(renamePostbackKey, (_, { input }, context) => {
      const restId = restIdOf(input.id, "PostbackKey");
      return payload(async () => ({
        postbackKey: await runOperation(renamePostbackKey, context, {}, { id: restId, name: input.name ?? null }),
      }));
    }),
    revokePostbackKey: operationResolver(revokePostbackKey, (_, { input }, context) => {
      const restId = restIdOf(input.id, "PostbackKey");
      return payload(async () => ({
        postbackKey: await runOperation(revokePostbackKey, context, {}, { id: restId }),
      }));
    }),
  },
};
