// GET /api/ads/moment-types: E2, public, cached for an hour
import { listMomentTypes } from "@/lib/domain/moment-types/list-moment-types";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "none" }, async () =>
  jsonResponse(await listMomentTypes(), { headers: { "cache-control": "public, max-age=3600" } }),
);
