// The MCP endpoint and the OAuth discovery documents agents use to reach it.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { authorizationServerMetadata, protectedResourceMetadata } from "@/lib/domain/discovery/discovery.schemas";
import { jsonRpcRequest } from "@/lib/http/json-rpc";
import { oauth, problemResponses } from "../common";

const tags = ["Agents (MCP)"];

const jsonRpcResponse = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number(), z.null()]),
    result: z.looseObject({}).optional(),
    error: z.looseObject({ code: z.number(), message: z.string() }).optional(),
  })
  .meta({ id: "JsonRpcResponse" });

const metadata = (schema: z.ZodType, what: string) => ({
  description: what,
  content: { "application/json": { schema } },
});

export const mcpPaths: ZodOpenApiPathsObject = {
  "/mcp": {
    post: {
      operationId: "mcp",
      summary: "MCP server (Streamable HTTP)",
      description:
        "The Model Context Protocol endpoint for agents: the same tools as the npm package (campaigns, reports, webhooks and " +
        "AdCP 3.1 media-buy tasks such as get_products and create_media_buy). Stateless Streamable HTTP with JSON responses: " +
        "POST one JSON-RPC message (a batch, an empty one included, or anything but a request or notification is 400 " +
        "bad_request; a string holding U+0000 anywhere in it is 422 validation_failed, as on every endpoint) with " +
        "`Accept: application/json, text/event-stream`; no session, no SSE stream (other " +
        "methods answer 405). Authenticate with an access token from the token endpoint (`Authorization: Bearer …`); its " +
        "scopes decide which tools are listed and callable (campaigns:write for every write). Without a valid token the " +
        'answer is 401 with `WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource/mcp"` ' +
        "(RFC 9728). A request carrying an `Origin` header other than the service's own origin (a browser page of another " +
        "site, DNS rebinding) is 403 origin_not_allowed before anything else; requests without `Origin` are not affected. " +
        "Tool failures are results with `isError` and an AdCP `adcp_error` whose `details.code` is the API's " +
        "error code. Writes take an `idempotency_key`; changes that can raise spend return a preview until called with `confirm: true`.",
      tags,
      security: oauth(),
      requestBody: { required: true, content: { "application/json": { schema: jsonRpcRequest } } },
      responses: {
        "200": { description: "The JSON-RPC response", content: { "application/json": { schema: jsonRpcResponse } } },
        "202": { description: "A notification or response was accepted (no body)" },
        "406": {
          description: "The Accept header does not list application/json and text/event-stream",
          content: { "application/json": { schema: jsonRpcResponse } },
        },
        ...problemResponses("bad_request", "unauthorized", "origin_not_allowed", "validation_failed"),
      },
    },
  },
  "/.well-known/oauth-protected-resource": {
    get: {
      operationId: "getProtectedResourceMetadata",
      summary: "OAuth protected resource metadata of the API (RFC 9728)",
      description:
        "Names this service as the authorization server of its API; its RFC 8414 metadata names the token endpoint.",
      tags,
      security: [],
      responses: { "200": metadata(protectedResourceMetadata, "RFC 9728 metadata (resource: the API's origin)") },
    },
  },
  "/.well-known/oauth-protected-resource/mcp": {
    get: {
      operationId: "getMcpProtectedResourceMetadata",
      summary: "OAuth protected resource metadata of /mcp (RFC 9728)",
      description: "The document a 401 from /mcp points to (WWW-Authenticate resource_metadata).",
      tags,
      security: [],
      responses: { "200": metadata(protectedResourceMetadata, "RFC 9728 metadata (resource: {base}/mcp)") },
    },
  },
  "/.well-known/oauth-authorization-server": {
    get: {
      operationId: "getAuthorizationServerMetadata",
      summary: "OAuth authorization server metadata (RFC 8414)",
      description:
        "The authorization-code flow's endpoints (authorize with PKCE S256, token with rotating refresh tokens, RFC 7591 registration, RFC 7009 revocation), client ID metadata documents, the JWKS and the scopes. The token endpoint answers client credentials too.",
      tags,
      security: [],
      responses: { "200": metadata(authorizationServerMetadata, "RFC 8414 metadata") },
    },
  },
};
