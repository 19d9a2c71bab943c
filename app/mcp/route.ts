// POST /mcp: the remote MCP server (Streamable HTTP, stateless, JSON
// responses; docs/decisions/1302). The caller's Bearer token (E1) decides the
// advertiser and, through its scopes, which tools are listed and callable. The
// tools are the package's registry (mcp/src), calling this app's REST routes
// in-process with the same token. Other methods answer 405 (no SSE stream,
// no sessions).
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { actorFromRequest, type Actor } from "@/lib/auth/actor";
import { mcpUrl } from "@/lib/domain/discovery/adagents";
import { protectedResourceMetadataUrl } from "@/lib/domain/discovery/oauth-metadata";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { bodyLimitFor } from "@/lib/http/body-limits";
import { defineRoute } from "@/lib/http/define-route";
import { parseJsonRpcRequest } from "@/lib/http/json-rpc";
import { createSmaMcpServer } from "@/mcp/src/registry";
import { createRestClient } from "@/mcp/src/rest-client";
import { inProcessFetch } from "./in-process-fetch";

export const dynamic = "force-dynamic";

/** The actor of the request, or 401 whose WWW-Authenticate points to this resource's RFC 9728 metadata. */
async function mcpActor(request: Request, baseUrl: string): Promise<Actor> {
  try {
    return await actorFromRequest(request);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "unauthorized") throw error;
    const metadata = protectedResourceMetadataUrl(baseUrl, "/mcp");
    const challenge = request.headers.has("authorization")
      ? `Bearer realm="sma", error="invalid_token", resource_metadata="${metadata}"`
      : `Bearer realm="sma", resource_metadata="${metadata}"`;
    throw new AppError("unauthorized", { detail: error.detail, headers: { "WWW-Authenticate": challenge } });
  }
}

export const POST = defineRoute(
  { auth: "none", maxBodyBytes: bodyLimitFor("/mcp") },
  async ({ request, body, log }) => {
    const baseUrl = env().PUBLIC_BASE_URL;
    const actor = await mcpActor(request, baseUrl);
    const message = parseJsonRpcRequest(await body());
    const authorization = request.headers.get("authorization")!;
    const api = createRestClient({
      baseUrl,
      authorization: async () => authorization,
      fetch: inProcessFetch(request.headers),
    });
    const server = createSmaMcpServer({
      api,
      scopes: actor.scopes,
      agentUrl: mcpUrl(baseUrl),
      onUnexpectedError: (error, tool) => log.error({ err: error, tool }, "mcp tool failed"),
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, {
        parsedBody: message,
        authInfo: {
          token: authorization.replace(/^Bearer\s+/i, ""),
          clientId: actor.clientId ?? "",
          scopes: [...actor.scopes],
          extra: { advertiserId: actor.advertiserId },
        },
      });
    } finally {
      await server.close();
    }
  },
);
