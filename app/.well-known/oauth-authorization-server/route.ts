// GET /.well-known/oauth-authorization-server: RFC 8414 metadata (token endpoint, JWKS)
import { buildAuthorizationServerMetadata } from "@/lib/domain/discovery/oauth-metadata";
import { env } from "@/lib/env";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "none" }, async () =>
  jsonResponse(buildAuthorizationServerMetadata(env().PUBLIC_BASE_URL), {
    headers: { "cache-control": "public, max-age=3600" },
  }),
);
