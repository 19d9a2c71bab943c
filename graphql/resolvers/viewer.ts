// The viewer: its advertiser, scopes and credential, the signed-in user (a
// session only); the advertiser's email and API clients (campaigns:read,
// docs/decisions/1109), postback keys and today's summary.
import { getAdvertiser, getViewer } from "@/lib/domain/advertisers/get-advertiser";
import { listApiClients } from "@/lib/domain/api-clients/list-api-clients";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { listCampaigns } from "@/lib/domain/campaigns/list-campaigns";
import { listPostbackKeyConnection } from "@/lib/domain/postback-keys/postback-key-connections";
import { getSessionUser } from "@/lib/domain/users/get-session-user";
import { getAdvertiserToday, topCampaigns } from "@/lib/domain/reporting/get-advertiser-today";
import type { Resolvers } from "../__generated__/resolvers-types";
import { connection } from "../connection";
import { toGlobalId } from "../global-id";
import { allowedAs, authenticated } from "../guard";
import { operationResolver, runOperation } from "../operation";

export const viewerResolvers: Resolvers = {
  Query: {
    viewer: operationResolver(getViewer, (_, __, context) => runOperation(getViewer, context)),
  },
  Viewer: {
    advertiser: (_, __, context) => authenticated(context).loaders.advertiser(),
    scopes: (parent) => [...parent.actor.scopes],
    credential: (parent) => parent.actor.via,
    clientId: (parent) => parent.actor.clientId ?? null,
    user: async (parent) => {
      const { via, userId, advertiserId } = parent.actor;
      const user = via === "session" && userId ? await getSessionUser(userId, advertiserId) : null;
      return user ? { email: user.email, name: user.name, timeZone: user.timeZone } : null;
    },
  },
  Advertiser: {
    id: (parent) => toGlobalId("Advertiser", parent.id),
    restId: (parent) => parent.id,
    // account details, like the API clients and webhook endpoints: not for a reporting-only token
    email: (parent, _, context) => {
      allowedAs(context, getAdvertiser);
      return parent.email;
    },
    // the advertiser is the caller's own (a viewer's): the operations list the actor's
    apiClients: operationResolver(listApiClients, async (_, args, context) =>
      connection(await runOperation(listApiClients, context, args), (client) => client),
    ),
    postbackKeys: operationResolver(listPostbackKeyConnection, async (_, args, context) =>
      connection(await runOperation(listPostbackKeyConnection, context, args), (key) => key),
    ),
    today: (_, __, context) => allowedAs(context, getAdvertiserToday).loaders.today(),
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
    spendUsd: (parent) => parent.spendMicros,
    activeDailyBudgetUsd: (parent) => parent.activeDailyBudgetMicros,
    topCampaigns: (parent, args, context) => {
      allowedAs(context, listCampaigns);
      return topCampaigns(parent, args.by ?? "spend", args.first ?? 5);
    },
  },
  CampaignDay: {
    spendUsd: (parent) => parent.spendMicros,
    campaign: async (parent, _, context) => {
      const campaign = await allowedAs(context, getCampaign).loaders.campaign.load(parent.campaignId);
      if (!campaign) throw new Error(`campaign ${parent.campaignId} of today's summary not found`);
      return campaign;
    },
  },
};
