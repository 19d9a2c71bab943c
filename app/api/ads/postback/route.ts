// GET /api/ads/postback: E16, record a conversion (query form, for attribution partners' URL macros)
// POST /api/ads/postback: E17, the same with a JSON body
// No token: the unguessable click_id bound to campaign_id is the credential (docs/api.md).
import { POSTBACK_QUERY } from "@/lib/domain/conversions/conversions.schemas";
import { recordConversion } from "@/lib/domain/conversions/record-conversion";
import { bodyLimitFor } from "@/lib/http/body-limits";
import { clientIp } from "@/lib/http/client-ip";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { queryObject } from "@/lib/http/query";
import { limitFailures } from "@/lib/rate-limit";

export const dynamic = "force-dynamic";

/** Unknown click ids are counted per IP (guessing is refused after 60 a minute); valid postbacks are not. */
const guarded = (request: Request, input: () => Promise<unknown>) =>
  limitFailures("postback_miss", clientIp(request), ["click_not_found"], async () => recordConversion(await input()));

export const GET = defineRoute({ auth: "none" }, async ({ url, request }) =>
  jsonResponse(await guarded(request, async () => queryObject(url, POSTBACK_QUERY))),
);

export const POST = defineRoute(
  { auth: "none", maxBodyBytes: bodyLimitFor("/api/ads/postback") },
  async ({ body, request }) => jsonResponse(await guarded(request, body)),
);
