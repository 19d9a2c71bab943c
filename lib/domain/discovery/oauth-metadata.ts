// OAuth discovery for agents (docs/decisions/1305, 1312): RFC 9728 metadata for
// the protected resources (the REST API at the origin, the MCP endpoint at /mcp)
// names this service as their authorization server; its RFC 8414 metadata names
// the authorization-code flow's endpoints (authorize, token, RFC 7591
// registration, RFC 7009 revocation: lib/server/oauth-routes.ts), PKCE S256,
// client ID metadata documents, and the JWKS. The token endpoint also answers
// client credentials, as the token endpoint (POST /api/auth/token) does.
import { SCOPES } from "@/lib/auth/scopes";
import type { AuthorizationServerMetadata, ProtectedResourceMetadata } from "./discovery.schemas";

export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";

/** Where a client finds the metadata of `resource` (RFC 9728 §3.1: the path goes after the well-known suffix). */
export function protectedResourceMetadataUrl(baseUrl: string, resourcePath = ""): string {
  return `${baseUrl}${PROTECTED_RESOURCE_PATH}${resourcePath}`;
}

export function buildProtectedResourceMetadata(baseUrl: string, resourcePath = ""): ProtectedResourceMetadata {
  return {
    resource: `${baseUrl}${resourcePath}`,
    authorization_servers: [baseUrl],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: resourcePath === "/mcp" ? "Sports Moment Ads MCP server" : "Sports Moment Ads API",
    resource_documentation: `${baseUrl}/docs/api`,
  };
}

export function buildAuthorizationServerMetadata(baseUrl: string): AuthorizationServerMetadata {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    registration_endpoint: `${baseUrl}/oauth/register`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    jwks_uri: `${baseUrl}/.well-known/jwks.json`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
    revocation_endpoint_auth_methods_supported: ["none"],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    scopes_supported: [...SCOPES],
    service_documentation: `${baseUrl}/docs/api`,
  };
}
