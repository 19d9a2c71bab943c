// GET /.well-known/adagents.json: E18 agent discovery manifest (AdCP)
import { buildAdagentsDocument } from "@/lib/domain/discovery/adagents";
import { env } from "@/lib/env";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "none" }, async () =>
  jsonResponse(buildAdagentsDocument(env().PUBLIC_BASE_URL), { headers: { "cache-control": "public, max-age=3600" } }),
);
