// GET /api/ads/campaigns/{id}: getCampaign; PATCH: updateCampaign update (?validate_only=true:
// every check, the changes and the estimates, nothing written); DELETE: cancel
import { cancelCampaign } from "@/lib/domain/campaigns/cancel-campaign";
import { getCampaign } from "@/lib/domain/campaigns/get-campaign";
import { previewCampaignUpdate, updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { restOperation, withValidateOnly } from "@/lib/http/rest-operation";
import { campaignUpdatePreviewView, campaignView } from "@/lib/http/views/campaigns";
import { checkValidateOnly } from "@/lib/http/validate-only";

export const dynamic = "force-dynamic";

export const GET = restOperation(getCampaign, { params: ["id"], view: campaignView });

export const PATCH = withValidateOnly(
  restOperation(updateCampaign, { params: ["id"], check: checkValidateOnly, view: campaignView }),
  restOperation(previewCampaignUpdate, { params: ["id"], check: checkValidateOnly, view: campaignUpdatePreviewView }),
);

export const DELETE = restOperation(cancelCampaign, { params: ["id"], view: campaignView });
