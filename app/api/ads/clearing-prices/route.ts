// GET /api/ads/clearing-prices: getClearingPrices, any valid token, cached for 15 minutes
import { getClearingPrices } from "@/lib/domain/clearing-prices/get-clearing-prices";
import { jsonResponse } from "@/lib/http/define-route";
import { restOperation } from "@/lib/http/rest-operation";
import { clearingPricesView } from "@/lib/http/views/catalog";

export const dynamic = "force-dynamic";

// the same for every advertiser, but it needs a token: browsers may keep it, shared caches may not
export const GET = restOperation(getClearingPrices, {
  respond: (prices) =>
    jsonResponse(clearingPricesView(prices), { headers: { "cache-control": "private, max-age=900" } }),
});
