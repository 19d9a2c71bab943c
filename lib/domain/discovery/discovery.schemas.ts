// The AdCP adagents.json manifest (inline variant): which agent may sell which
// properties. Only the fields we publish are modelled; AdCP allows more.
import { z } from "zod";

export const adagentsDocument = z
  .object({
    $schema: z.string().meta({ description: "The AdCP JSON schema this manifest follows." }),
    contact: z.object({ name: z.string(), domain: z.string() }),
    properties: z.array(
      z.object({
        property_id: z.string().regex(/^[a-z0-9_]+$/),
        property_type: z.literal("mobile_app"),
        name: z.string(),
        identifiers: z.array(z.object({ type: z.literal("network_id"), value: z.string() })).min(1),
        tags: z.array(z.string()),
        publisher_domain: z.string(),
      }),
    ),
    tags: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
    authorized_agents: z.array(
      z.object({
        url: z.url().meta({ description: "The sales agent: this service's MCP endpoint ({base}/mcp)." }),
        authorized_for: z.string().min(1).max(500),
        authorization_type: z.literal("property_ids"),
        property_ids: z.array(z.string()).min(1),
        delegation_type: z.literal("direct"),
      }),
    ),
    last_updated: z.iso.datetime(),
  })
  .meta({
    id: "AdAgents",
    description:
      "AdCP adagents.json (inline variant): the properties this service sells and the agent authorized to sell them.",
  });
export type AdagentsDocument = z.infer<typeof adagentsDocument>;

/** RFC 9728 protected resource metadata. */
export const protectedResourceMetadata = z
  .object({
    resource: z
      .url()
      .meta({ description: "The protected resource: the API's origin, or its MCP endpoint {base}/mcp." }),
    authorization_servers: z
      .array(z.url())
      .meta({ description: "Issuers of the accepted tokens; their RFC 8414 metadata names the token endpoint." }),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.literal("header")),
    resource_name: z.string(),
    resource_documentation: z.url(),
  })
  .meta({ id: "ProtectedResourceMetadata", description: "OAuth 2.0 Protected Resource Metadata (RFC 9728)." });
export type ProtectedResourceMetadata = z.infer<typeof protectedResourceMetadata>;

/** RFC 8414 authorization server metadata. */
export const authorizationServerMetadata = z
  .object({
    issuer: z.url().meta({ description: "This service: the iss of its tokens and of its authorization responses." }),
    authorization_endpoint: z
      .url()
      .meta({ description: "Where the user approves an application (authorization code with PKCE S256)." }),
    token_endpoint: z.url().meta({
      description:
        "Authorization code, refresh token (rotating) and client credentials grants. POST /api/auth/token (E1) answers client credentials too.",
    }),
    registration_endpoint: z.url().meta({ description: "RFC 7591 dynamic registration (public clients only)." }),
    revocation_endpoint: z.url().meta({ description: "RFC 7009: revoking a token revokes its connected app." }),
    jwks_uri: z.url(),
    response_types_supported: z.array(z.literal("code")),
    response_modes_supported: z.array(z.literal("query")),
    grant_types_supported: z.array(z.enum(["authorization_code", "refresh_token", "client_credentials"])),
    code_challenge_methods_supported: z.array(z.literal("S256")),
    token_endpoint_auth_methods_supported: z.array(z.enum(["none", "client_secret_post", "client_secret_basic"])),
    revocation_endpoint_auth_methods_supported: z.array(z.literal("none")),
    client_id_metadata_document_supported: z
      .literal(true)
      .meta({ description: "A client_id may be the https URL of the client's metadata document." }),
    authorization_response_iss_parameter_supported: z.literal(true).meta({ description: "RFC 9207." }),
    scopes_supported: z.array(z.string()),
    service_documentation: z.url(),
  })
  .meta({ id: "AuthorizationServerMetadata", description: "OAuth 2.0 Authorization Server Metadata (RFC 8414)." });
export type AuthorizationServerMetadata = z.infer<typeof authorizationServerMetadata>;
