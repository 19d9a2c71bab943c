// GET /api/ads/campaigns/{id}: E6; PATCH: E7 update; DELETE: cancel
import { cancelCampaign } from "@/lib/domain/campaigns/cancel-campaign";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const GET = defineRoute<{ auth: "token"; scope: "campaigns:read" }, Params>(
  { auth: "token", scope: "campaigns:read" },
  async ({ actor, params }) => jsonResponse(await getCampaign(actor, params.id)),
);

export const PATCH = defineRoute<{ auth: "token"; scope: "campaigns:write" }, Params>(
  { auth: "token", scope: "campaigns:write" },
  async ({ actor, params, body }) => jsonResponse(await updateCampaign(actor, params.id, await body())),
);

export const DELETE = defineRoute<{ auth: "token"; scope: "campaigns:write" }, Params>(
  { auth: "token", scope: "campaigns:write" },
  async ({ actor, params }) => jsonResponse(await cancelCampaign(actor, params.id)),
);
