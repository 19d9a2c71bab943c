// The Apollo Server: one per process, started once and kept on globalThis so
// that Next's separately bundled routes and the custom server share it.
// CSRF prevention on, batching off, persisted queries off, no landing page (its
// default loads from a CDN; GraphiQL is served locally in development,
// app/graphiql), introspection for authenticated callers only
// (graphql/limit-plugins.ts), errors rendered by graphql/errors.ts.
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import type { Logger } from "pino";
import { logger } from "@/lib/log";
import { typeDefs } from "./__generated__/type-defs";
import type { GraphqlContext } from "./context";
import { errorsPlugin, formatError } from "./errors";
import { ENUMS } from "./enums";
import { armor, limitsPlugin, parseOptions } from "./limit-plugins";
import { nulGuardPlugin } from "./nul-guard";
import { accountMutationResolvers } from "./resolvers/account-mutations";
import { notificationResolvers } from "./resolvers/notifications";
import { memberResolvers } from "./resolvers/members";
import { connectedAppResolvers } from "./resolvers/connected-apps";
import { billingResolvers } from "./resolvers/billing";
import { historyResolvers } from "./resolvers/history";
import { automationResolvers } from "./resolvers/automation";
import { apiClientMutationResolvers } from "./resolvers/api-client-mutations";
import { campaignMutationResolvers } from "./resolvers/campaign-mutations";
import { campaignResolvers } from "./resolvers/campaigns";
import { catalogResolvers } from "./resolvers/catalog";
import { nodeResolvers } from "./resolvers/node";
import { postbackKeyMutationResolvers } from "./resolvers/postback-key-mutations";
import { viewerResolvers } from "./resolvers/viewer";
import { webhookMutationResolvers } from "./resolvers/webhook-mutations";
import { webhookResolvers } from "./resolvers/webhooks";
import { scalarResolvers } from "./scalars";

function apolloLogger(log: Logger) {
  return {
    debug: (message: string) => log.debug(message),
    info: (message: string) => log.info(message),
    warn: (message: string) => log.warn(message),
    error: (message: string) => log.error(message),
  };
}

/** Every resolver map of the schema (the catalog test walks them). */
export const RESOLVERS = [
  scalarResolvers,
  ENUMS,
  nodeResolvers,
  catalogResolvers,
  viewerResolvers,
  campaignResolvers,
  campaignMutationResolvers,
  webhookResolvers,
  webhookMutationResolvers,
  apiClientMutationResolvers,
  postbackKeyMutationResolvers,
  accountMutationResolvers,
  connectedAppResolvers,
  billingResolvers,
  historyResolvers,
  memberResolvers,
  notificationResolvers,
  automationResolvers,
];

export function createGraphqlServer(): ApolloServer<GraphqlContext> {
  const protection = armor();
  return new ApolloServer<GraphqlContext>({
    typeDefs,
    resolvers: RESOLVERS,
    validationRules: protection.validationRules,
    plugins: [
      ...protection.plugins,
      nulGuardPlugin,
      limitsPlugin,
      errorsPlugin,
      ApolloServerPluginLandingPageDisabled(),
    ],
    formatError,
    introspection: true,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    persistedQueries: false,
    includeStacktraceInErrorResponses: false,
    hideSchemaDetailsFromClientErrors: true,
    parseOptions,
    logger: apolloLogger(logger().child({ component: "graphql" })),
  });
}

const holder = globalThis as unknown as {
  __smaGraphql?: { server: ApolloServer<GraphqlContext>; started: Promise<void> };
};

/** The process's started server. */
export async function graphqlServer(): Promise<ApolloServer<GraphqlContext>> {
  if (!holder.__smaGraphql) {
    const server = createGraphqlServer();
    holder.__smaGraphql = { server, started: server.start() };
  }
  await holder.__smaGraphql.started;
  return holder.__smaGraphql.server;
}
