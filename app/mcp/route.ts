// POST /mcp: the remote MCP server (Streamable HTTP, stateless, JSON
// responses; docs/decisions/1302). The caller's Bearer token (the token endpoint's, or an OAuth
// grant's issued for this resource, docs/decisions/1312) decides the advertiser
// and, through its scopes, which tools are listed and callable. The
// tools are the package's registry (mcp/src), calling this app's REST routes
// in-process with the same token. Other methods answer 405 (no SSE stream,
// no sessions). A browser's Origin other than the service's own is refused 403
// before anything else (the MCP transport spec's DNS-rebinding protection,
// docs/decisions/1308); requests without Origin (agents, curl) pass.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { actorFromRequest, asMcpCall, type Actor } from "@/lib/auth/actor";
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

/**
 * 403 origin_not_allowed for a request carrying an Origin other than PUBLIC_BASE_URL's.
 * Checked here rather than with the SDK transport's allowedOrigins (deprecated in SDK 1.32
 * for "external middleware"), so the refusal comes first, whatever the token, and is
 * problem+json as every other refusal of the route.
 */
function refuseForeignOrigin(request: Request, baseUrl: string): void {
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const own = new URL(baseUrl).origin;
  if (origin === own) return;
  throw new AppError("origin_not_allowed", {
    detail: `/mcp accepts browser requests from ${own} only; agents and other clients send no Origin header.`,
  });
}

/**
 * The actor of the request, or 401 whose WWW-Authenticate points to this resource's RFC 9728
 * metadata. Tokens for this API (the token endpoint) and for this resource (an OAuth grant's, RFC 8707) pass;
 * a token issued for any other audience is refused.
 */
async function mcpActor(request: Request, baseUrl: string): Promise<Actor> {
  try {
    return await actorFromRequest(request, { audience: "mcp" });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "unauthorized") throw error;
    const metadata = protectedResourceMetadataUrl(baseUrl, "/mcp");
    const challenge = request.headers.has("authorization")
      ? `Bearer realm="sma", error="invalid_token", resource_metadata="${metadata}"`
      : `Bearer realm="sma", resource_metadata="${metadata}"`;
    throw new AppError("unauthorized", { detail: error.detail, headers: { "WWW-Authenticate": challenge } });
  }
}

/**
 * The request as the SDK transport takes it: a client that accepts JSON but does not list text/event-stream
 * (AdCP's storyboard runner sends its raw HTTP probes so) is answered in JSON, which is all this stateless
 * endpoint ever sends, rather than 406. A client that accepts neither is still refused.
 */
function jsonAccepting(request: Request): Request {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("text/event-stream") || !/application\/json|\*\/\*|^$/.test(accept)) return request;
  const headers = new Headers(request.headers);
  headers.set("accept", "application/json, text/event-stream");
  // the body was read already (the transport takes it parsed): the copy carries none
  return new Request(request.url, { method: request.method, headers });
}

export const POST = defineRoute(
  { auth: "none", maxBodyBytes: bodyLimitFor("/mcp") },
  async ({ request, body, log }) => {
    const baseUrl = env().PUBLIC_BASE_URL;
    refuseForeignOrigin(request, baseUrl);
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
    const token = authorization.replace(/^Bearer\s+/i, "");
    try {
      // the tools' in-process REST calls carry this token: the REST guard accepts its /mcp audience there only
      return await asMcpCall(token, () =>
        transport.handleRequest(jsonAccepting(request), {
          parsedBody: message,
          authInfo: {
            token,
            clientId: actor.clientId ?? "",
            scopes: [...actor.scopes],
            extra: { advertiserId: actor.advertiserId },
          },
        }),
      );
    } finally {
      await server.close();
    }
  },
);
