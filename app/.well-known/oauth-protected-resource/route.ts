// GET /.well-known/oauth-protected-resource: RFC 9728 metadata of the REST API
import { buildProtectedResourceMetadata } from "@/lib/domain/discovery/oauth-metadata";
import { env } from "@/lib/env";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "none" }, async () =>
  jsonResponse(buildProtectedResourceMetadata(env().PUBLIC_BASE_URL), {
    headers: { "cache-control": "public, max-age=3600" },
  }),
);
