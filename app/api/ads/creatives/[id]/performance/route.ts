// GET /api/ads/creatives/{id}/performance: E11, a creative's delivered results and traffic share
import { getCreativePerformance } from "@/lib/domain/reporting/get-creative-performance";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "token", scope: "reporting:read", params: ["id"] }, async ({ actor, params }) =>
  jsonResponse(await getCreativePerformance(actor, params.id)),
);
