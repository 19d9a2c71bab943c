// PATCH /api/ads/campaigns/{id}/variants/{variant_id}: pause a variant or resume it (docs/decisions/0307)
import { setVariantStatus } from "@/lib/domain/creatives/set-variant-status";
import { restOperation } from "@/lib/http/rest-operation";
import { campaignView } from "@/lib/http/views/campaigns";

export const dynamic = "force-dynamic";

export const PATCH = restOperation(setVariantStatus, { params: ["id", "variant_id"], view: campaignView });
