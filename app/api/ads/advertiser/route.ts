// GET /api/ads/advertiser: the caller's advertiser, its category and licensed regions read-only
// (the operator sets them; docs/api.md, "Jurisdictions")
import { getAdvertiser } from "@/lib/domain/advertisers/get-advertiser";
import { restOperation } from "@/lib/http/rest-operation";
import { advertiserView } from "@/lib/http/views/advertiser";

export const dynamic = "force-dynamic";

export const GET = restOperation(getAdvertiser, { view: advertiserView });
