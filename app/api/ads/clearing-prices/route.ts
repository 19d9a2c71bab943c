// GET /api/ads/clearing-prices: E3, any valid token, cached for 15 minutes
import { getCachedClearingPrices } from "@/lib/domain/clearing-prices/get-clearing-prices";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

// the same for every advertiser, but it needs a token: browsers may keep it, shared caches may not
export const GET = defineRoute({ auth: "token" }, async () =>
  jsonResponse(await getCachedClearingPrices(), { headers: { "cache-control": "private, max-age=900" } }),
);
