// GET /api/ads/campaigns: E4 list; POST /api/ads/campaigns: E5 create
import { createCampaign } from "@/lib/domain/campaigns/create-campaign";
import { listCampaigns } from "@/lib/domain/campaigns/list-campaigns";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { queryObject } from "@/lib/http/query";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "token", scope: "campaigns:read" }, async ({ actor, url }) =>
  jsonResponse(await listCampaigns(actor, queryObject(url, ["page", "per_page"]))),
);

export const POST = defineRoute({ auth: "token", scope: "campaigns:write" }, async ({ actor, body }) =>
  jsonResponse(await createCampaign(actor, await body()), { status: 201 }),
);
