// GET /.well-known/oauth-protected-resource/mcp: RFC 9728 metadata of the MCP endpoint
// (named by the WWW-Authenticate header of a 401 from /mcp)
import { buildProtectedResourceMetadata } from "@/lib/domain/discovery/oauth-metadata";
import { env } from "@/lib/env";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "none" }, async () =>
  jsonResponse(buildProtectedResourceMetadata(env().PUBLIC_BASE_URL, "/mcp"), {
    headers: { "cache-control": "public, max-age=3600" },
  }),
);
