// GET /api/ads/campaigns/{id}: E6; PATCH: E7 update (?validate_only=true:
// every check, the changes and the estimates, nothing written); DELETE: cancel
import { validateOnlyQuery } from "@/lib/domain/campaigns/campaigns.schemas";
import { cancelCampaign } from "@/lib/domain/campaigns/cancel-campaign";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { previewCampaignUpdate, updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { parseInput } from "@/lib/errors";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { queryObject } from "@/lib/http/query";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "token", scope: "campaigns:read", params: ["id"] }, async ({ actor, params }) =>
  jsonResponse(await getCampaign(actor, params.id)),
);

export const PATCH = defineRoute(
  { auth: "token", scope: "campaigns:write", params: ["id"] },
  async ({ actor, params, url, body }) => {
    const { validate_only } = parseInput(validateOnlyQuery, queryObject(url));
    if (validate_only === "true") return jsonResponse(await previewCampaignUpdate(actor, params.id, await body()));
    return jsonResponse(await updateCampaign(actor, params.id, await body()));
  },
);

export const DELETE = defineRoute(
  { auth: "token", scope: "campaigns:write", params: ["id"] },
  async ({ actor, params }) => jsonResponse(await cancelCampaign(actor, params.id)),
);
