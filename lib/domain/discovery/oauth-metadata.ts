// OAuth discovery for agents (docs/decisions/1305): RFC 9728 metadata for the
// protected resources (the REST API at the origin, the MCP endpoint at /mcp)
// names this service as their authorization server; its RFC 8414 metadata
// names the token endpoint (E1, client credentials) and the JWKS.
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
    token_endpoint: `${baseUrl}/api/auth/token`,
    jwks_uri: `${baseUrl}/.well-known/jwks.json`,
    grant_types_supported: ["client_credentials"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    response_types_supported: [],
    scopes_supported: [...SCOPES],
    service_documentation: `${baseUrl}/docs/api`,
  };
}
