// POST /api/ads/campaigns/{id}/duplicate: a new campaign with the source's settings and
// creatives, through createCampaign's rules (docs/decisions/0307)
import { duplicateCampaign } from "@/lib/domain/campaigns/duplicate-campaign";
import { restOperation } from "@/lib/http/rest-operation";
import { campaignView } from "@/lib/http/views/campaigns";

export const dynamic = "force-dynamic";

export const POST = restOperation(duplicateCampaign, { params: ["id"], view: campaignView, status: 201 });
