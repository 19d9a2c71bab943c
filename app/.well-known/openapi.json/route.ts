// GET /.well-known/openapi.json: E18, the OpenAPI 3.1 document generated from the zod schemas
import { env } from "@/lib/env";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { openApiDocument } from "@/lib/openapi/cached-document";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "none" }, async () =>
  jsonResponse(openApiDocument(env().PUBLIC_BASE_URL), {
    headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
  }),
);
