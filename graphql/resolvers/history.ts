// The change history (docs/decisions/1008): Advertiser.changes (the viewer's
// advertiser) and Campaign.changes, both running listChangesByCursor with
// GET /api/ads/changes's filters; a campaign's connection fixes campaign_id.
import { listChangesByCursor } from "@/lib/history/list-changes";
import type { Resolvers } from "../__generated__/resolvers-types";
import { connection } from "../connection";
import { operationResolver, runOperation } from "../operation";

export const historyResolvers: Resolvers = {
  Advertiser: {
    // the advertiser is the caller's own (a viewer's): the operation lists the actor's
    changes: operationResolver(listChangesByCursor, async (_, args, context) =>
      connection(await runOperation(listChangesByCursor, context, args), (change) => change),
    ),
  },
  Campaign: {
    changes: operationResolver(listChangesByCursor, async (parent, args, context) =>
      connection(
        await runOperation(listChangesByCursor, context, args, { campaign_id: parent.id }),
        (change) => change,
      ),
    ),
  },
  ChangeActor: {
    email: (actor) => (actor.type === "user" ? actor.handle : null),
    clientId: (actor) => (actor.type === "api_client" || actor.type === "oauth_app" ? actor.handle : null),
  },
  ChangeUser: {
    email: (user) => user.handle,
  },
  Change: {
    fields: (parent) =>
      Object.entries(parent.fields).map(([field, { from, to }]) => ({
        field,
        from: JSON.stringify(from),
        to: JSON.stringify(to),
      })),
  },
};
