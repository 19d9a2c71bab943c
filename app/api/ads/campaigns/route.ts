// GET /api/ads/campaigns: listCampaigns list; POST /api/ads/campaigns: createCampaign create
// (?validate_only=true: every check and the estimates, nothing written)
import { createCampaign, previewCampaignCreate } from "@/lib/domain/campaigns/create-campaign";
import { listCampaigns } from "@/lib/domain/campaigns/list-campaigns";
import { PAGED_LIST_QUERY } from "@/lib/http/query";
import { restOperation, withValidateOnly } from "@/lib/http/rest-operation";
import { campaignCreatedView, campaignCreatePreviewView, campaignListView } from "@/lib/http/views/campaigns";
import { checkValidateOnly } from "@/lib/http/validate-only";

export const dynamic = "force-dynamic";

export const GET = restOperation(listCampaigns, { query: PAGED_LIST_QUERY, view: campaignListView });

export const POST = withValidateOnly(
  restOperation(createCampaign, { check: checkValidateOnly, view: campaignCreatedView, status: 201 }),
  restOperation(previewCampaignCreate, { check: checkValidateOnly, view: campaignCreatePreviewView }),
);
