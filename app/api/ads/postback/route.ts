// GET /api/ads/postback: E16, record a conversion (query form, for attribution partners' URL macros)
// POST /api/ads/postback: E17, the same with a JSON body
// No token: the advertiser's postback key once it has an active one (E16: the postback_key query
// parameter; E17: the X-Postback-Key header or that parameter), before that the unguessable click_id
// bound to campaign_id (docs/api.md, docs/decisions/0504).
import { POSTBACK_KEY_QUERY, POSTBACK_QUERY } from "@/lib/domain/conversions/conversions.schemas";
import { recordConversion } from "@/lib/domain/conversions/record-conversion";
import { POSTBACK_KEY_HEADER } from "@/lib/domain/postback-keys/postback-keys.schemas";
import { bodyLimitFor } from "@/lib/http/body-limits";
import { clientIp } from "@/lib/http/client-ip";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";
import { queryObject } from "@/lib/http/query";
import { limitFailures } from "@/lib/rate-limit";

export const dynamic = "force-dynamic";

/**
 * Unknown click ids and missing, wrong or revoked postback keys are counted per IP (guessing either
 * is refused after 60 a minute); valid postbacks are not.
 */
const guarded = (request: Request, url: URL, input: () => Promise<unknown>) =>
  limitFailures(
    "postback_miss",
    clientIp(request),
    ["click_not_found", "postback_key_required", "invalid_postback_key"],
    async () => recordConversion(await input(), { credential: presentedKey(request, url) }),
  );

/** The key as sent: the query parameter (its values when repeated) and the header, blank ones absent. */
function presentedKey(request: Request, url: URL): Record<string, unknown> {
  const header = request.headers.get(POSTBACK_KEY_HEADER)?.trim();
  return { ...queryObject(url, POSTBACK_KEY_QUERY), ...(header ? { [POSTBACK_KEY_HEADER]: header } : {}) };
}

export const GET = defineRoute({ auth: "none" }, async ({ url, request }) =>
  jsonResponse(await guarded(request, url, async () => queryObject(url, POSTBACK_QUERY))),
);

export const POST = defineRoute(
  { auth: "none", maxBodyBytes: bodyLimitFor("/api/ads/postback") },
  async ({ body, url, request }) => jsonResponse(await guarded(request, url, body)),
);
