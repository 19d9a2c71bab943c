// GET /api/ads/campaigns: E4 list; POST /api/ads/campaigns: E5 create
// (?validate_only=true: every check and the estimates, nothing written)
import { createCampaign, previewCampaign } from "@/lib/domain/campaigns/create-campaign";
import { validateOnlyQuery } from "@/lib/domain/campaigns/campaigns.schemas";
import { listCampaigns } from "@/lib/domain/campaigns/list-campaigns";
import { parseInput } from "@/lib/errors";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { PAGED_LIST_QUERY, queryObject } from "@/lib/http/query";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "token", scope: "campaigns:read" }, async ({ actor, url }) =>
  jsonResponse(await listCampaigns(actor, queryObject(url, PAGED_LIST_QUERY))),
);

export const POST = defineRoute({ auth: "token", scope: "campaigns:write" }, async ({ actor, url, body }) => {
  const { validate_only } = parseInput(validateOnlyQuery, queryObject(url));
  if (validate_only === "true") return jsonResponse(await previewCampaign(actor, await body()));
  return jsonResponse(await createCampaign(actor, await body()), { status: 201 });
});
