// The MCP SDK's OAuthServerProvider over our grants (docs/decisions/1312): the
// SDK's handlers validate each request and call these; the state lives in the
// database (lib/auth/oauth/grants.ts), the clients in lib/auth/oauth/clients.ts.
import type { OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import { InvalidTokenError as OAuthInvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { env } from "@/lib/env";
import { InvalidTokenError, mcpAudience, verifyAccessToken } from "../tokens";
import { oauthClientsStore, type ClientStoreOptions } from "./clients";
import {
  challengeForCode,
  consentPath,
  exchangeCode,
  exchangeRefreshToken,
  revokeGrantToken,
  startAuthorization,
} from "./grants";

export function oauthProvider(options: ClientStoreOptions = {}): OAuthServerProvider {
  return {
    clientsStore: oauthClientsStore(options),
    async authorize(client, params, res) {
      const id = await startAuthorization(client, params, options);
      // the user answers on the dashboard's consent page, signed in (signing in first if need be)
      res.redirect(302, `${env().PUBLIC_BASE_URL}${consentPath(id)}`);
    },
    challengeForAuthorizationCode: (client, code) => challengeForCode(client, code),
    exchangeAuthorizationCode: (client, code, _verifier, redirectUri, resource) =>
      exchangeCode(client, code, redirectUri, resource, options),
    exchangeRefreshToken: (client, refreshToken, scopes, resource) =>
      exchangeRefreshToken(client, refreshToken, scopes, resource, options),
    async verifyAccessToken(token) {
      // the SDK's bearer middleware is not used (/mcp verifies with lib/auth/actor.ts); kept truthful anyway
      try {
        const claims = await verifyAccessToken(token, { clock: options.clock, audiences: [mcpAudience()] });
        return {
          token,
          clientId: claims.clientId,
          scopes: claims.scopes,
          resource: new URL(mcpAudience()),
          extra: { advertiserId: claims.advertiserId, grantId: claims.grant?.grantId },
        };
      } catch (error) {
        if (error instanceof InvalidTokenError) throw new OAuthInvalidTokenError(error.message);
        throw error;
      }
    },
    revokeToken: (client, request) => revokeGrantToken(client, request.token, options),
  };
}
