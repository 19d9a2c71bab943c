// GET /api/ads/moment-types: listMomentTypes, public, cached for an hour
import { listMomentTypes } from "@/lib/domain/moment-types/list-moment-types";
import { jsonResponse } from "@/lib/http/define-route";
import { restOperation } from "@/lib/http/rest-operation";
import { momentTypeView } from "@/lib/http/views/catalog";

export const dynamic = "force-dynamic";

export const GET = restOperation(listMomentTypes, {
  respond: (types) => jsonResponse(types.map(momentTypeView), { headers: { "cache-control": "public, max-age=3600" } }),
});
