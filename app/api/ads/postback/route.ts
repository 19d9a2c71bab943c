// GET /api/ads/postback: recordConversionQuery, record a conversion (query form, for attribution partners' URL macros)
// POST /api/ads/postback: recordConversion, the same with a JSON body
// No token: the advertiser's postback key once it has an active one (recordConversionQuery: the postback_key query
// parameter; recordConversion: the X-Postback-Key header or that parameter), before that the unguessable click_id
// bound to campaign_id (docs/api.md, docs/decisions/0504). The operations count unknown click ids and
// missing, wrong or revoked keys per client address (lib/domain/conversions/record-conversion.ts).
import { postbackInput, POSTBACK_KEY_QUERY, POSTBACK_QUERY } from "@/lib/domain/conversions/conversions.schemas";
import { recordConversion, recordConversionQuery } from "@/lib/domain/conversions/record-conversion";
import {
  POSTBACK_KEY_HEADER,
  POSTBACK_KEY_PARAMETER,
  presentedPostbackKey,
} from "@/lib/domain/postback-keys/postback-keys.schemas";
import { parseInput } from "@/lib/errors";
import { bodyLimitFor } from "@/lib/http/body-limits";
import { queryObject } from "@/lib/http/query";
import { restOperation } from "@/lib/http/rest-operation";

export const dynamic = "force-dynamic";

/**
 * The key as sent, as the operation's postback_key: the query parameter (refused when
 * repeated) or the header, blank ones absent, both given only if equal (422 otherwise).
 */
function presentedKey(request: Request, url: URL): { postback_key?: string } {
  const header = request.headers.get(POSTBACK_KEY_HEADER)?.trim();
  const key = parseInput(presentedPostbackKey, {
    ...queryObject(url, POSTBACK_KEY_QUERY),
    ...(header ? { [POSTBACK_KEY_HEADER]: header } : {}),
  });
  return key === null ? {} : { [POSTBACK_KEY_PARAMETER]: key };
}

export const GET = restOperation(recordConversionQuery, {
  input: ({ request, url }) => ({ ...queryObject(url, POSTBACK_QUERY), ...presentedKey(request, url) }),
});

export const POST = restOperation(recordConversion, {
  maxBodyBytes: bodyLimitFor("/api/ads/postback"),
  input: async ({ request, url, body }) => {
    const fields = await body();
    if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return fields;
    // the key never travels in the body: a body naming it is refused as any unknown field of recordConversion's body
    if (Object.hasOwn(fields, POSTBACK_KEY_PARAMETER)) parseInput(postbackInput, fields);
    return { ...fields, ...presentedKey(request, url) };
  },
});
