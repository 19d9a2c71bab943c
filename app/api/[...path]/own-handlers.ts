// The handlers of the REST surface's entries that no operation serves (lib/http/rest-surface.ts,
// `serve: "route"`), by their OpenAPI operationId: the token endpoint (E1), next-auth's session
// endpoints for the dashboard, and GraphQL.
import { handleGraphqlRequest } from "@/graphql/http";
import { checkOwnHandlers, type OwnHandlers } from "@/lib/http/rest-router";
import { dashboardAuth } from "./dashboard-auth";
import { obtainAccessToken } from "./token-endpoint";

export const OWN_HANDLERS: OwnHandlers = {
  dashboardAuthGet: dashboardAuth,
  dashboardAuthPost: dashboardAuth,
  obtainAccessToken,
  graphql: handleGraphqlRequest,
  graphqlGet: handleGraphqlRequest,
};
checkOwnHandlers(OWN_HANDLERS);
