// The viewer: its advertiser, scopes and credential, the signed-in user (a
// session only); the advertiser's email and API clients (campaigns:read,
// docs/decisions/1109), postback keys and today's summary.
import { listApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { listPostbackKeyConnection } from "@/lib/domain/postback-keys/postback-key-connections";
import { getSessionUser } from "@/lib/domain/users/get-session-user";
import { topCampaigns } from "@/lib/domain/reporting/get-advertiser-today";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize } from "../camel-case";
import { connection } from "../connection";
import { toGlobalId } from "../global-id";
import { authenticated, scoped } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const viewerResolvers: Resolvers = {
  Query: {
    viewer: (_, __, context) => ({ actor: authenticated(context).actor }),
  },
  Viewer: {
    advertiser: async (_, __, context) => camelize(await authenticated(context).loaders.advertiser()),
    scopes: (parent) => [...parent.actor.scopes],
    credential: (parent) => parent.actor.via,
    clientId: (parent) => parent.actor.clientId ?? null,
    user: async (parent) => {
      const { via, userId } = parent.actor;
      const user = via === "session" && userId ? await getSessionUser(userId) : null;
      return user ? { email: user.email, name: user.name } : null;
    },
  },
  Advertiser: {
    id: (parent) => toGlobalId("Advertiser", parent.id),
    restId: (parent) => parent.id,
    // account details, like the API clients and webhook endpoints: not for a reporting-only token
    email: (parent, _, context) => {
      scoped(context, "campaigns:read");
      return parent.email;
    },
    // the advertiser is the caller's own (a viewer's): the operations list the actor's
    apiClients: operationResolver(listApiClients, async (_, args, context) =>
      connection(await runOperation(listApiClients, context, args), (client) => client),
    ),
    postbackKeys: operationResolver(listPostbackKeyConnection, async (_, args, context) =>
      connection(await runOperation(listPostbackKeyConnection, context, args), (key) => key),
    ),
    today: async (_, __, context) => scoped(context, "reporting:read").loaders.today(),
  },
  ApiClient: {
    id: (parent) => toGlobalId("ApiClient", parent.id),
    restId: (parent) => parent.id,
  },
  PostbackKey: {
    id: (parent) => toGlobalId("PostbackKey", parent.id),
    restId: (parent) => parent.id,
  },
  AdvertiserToday: {
    date: (parent) => parent.date,
    asOf: (parent) => parent.as_of,
    impressions: (parent) => parent.impressions,
    clicks: (parent) => parent.clicks,
    ctr: (parent) => parent.ctr,
    conversions: (parent) => parent.conversions,
    spendUsd: (parent) => parent.spend_usd,
    activeDailyBudgetUsd: (parent) => parent.active_daily_budget_usd,
    activeCampaigns: (parent) => parent.active_campaigns,
    topCampaigns: (parent, args, context) => {
      scoped(context, "campaigns:read");
      return topCampaigns(parent, args.by ?? "spend", args.first ?? 5).map(({ sums: _sums, ...day }) => camelize(day));
    },
  },
  CampaignDay: {
    campaign: async (parent, _, context) => {
      const campaign = await scoped(context, "campaigns:read").loaders.campaign.load(parent.campaignId);
      if (!campaign) throw new Error(`campaign ${parent.campaignId} of today's summary not found`);
      return campaign;
    },
  },
};
