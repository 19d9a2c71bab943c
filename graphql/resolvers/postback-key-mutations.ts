// Postback keys: create (the key returned once) and revoke, with the scope of
// their REST twins (campaigns:write): an integration may rotate its partners'
// keys with a token, unlike API clients (docs/decisions/0504).
import { POSTBACK_KEY_WARNING } from "@/lib/domain/postback-keys/postback-keys.schemas";
import { createPostbackKey } from "@/lib/domain/postback-keys/create-postback-key";
import { revokePostbackKey } from "@/lib/domain/postback-keys/revoke-postback-key";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize } from "../camel-case";
import { restIdOf } from "../global-id";
import { payload, scoped } from "../guard";

export const postbackKeyMutationResolvers: Resolvers = {
  Mutation: {
    createPostbackKey: (_, __, context) => {
      const { actor } = scoped(context, "campaigns:write");
      return payload(async () => {
        const { key, ...created } = await createPostbackKey(actor, { clock: context.clock });
        return {
          postbackKey: camelize({ ...created, last_used_at: null, revoked_at: null }),
          key,
          warning: POSTBACK_KEY_WARNING,
        };
      });
    },
    revokePostbackKey: (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      const restId = restIdOf(input.id, "PostbackKey");
      return payload(async () => ({
        postbackKey: camelize(await revokePostbackKey(actor, restId, { clock: context.clock })),
      }));
    },
  },
};
