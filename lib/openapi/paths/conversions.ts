import {
  postbackInput,
  postbackKeyHeader,
  postbackKeyQuery,
  postbackQuery,
} from "@/lib/domain/conversions/conversions.schemas";
import type { OperationDoc } from "../common";

const CREDENTIAL =
  "No token. Once the campaign's advertiser has an active postback key (POST /api/ads/postback-keys), the postback must " +
  "carry one (401 postback_key_required without it, 401 invalid_postback_key for a wrong, revoked or other advertiser's " +
  "key; checked before the click, nothing recorded); before that, the unguessable click_id bound to campaign_id is the " +
  "credential. Missing or wrong keys count, with unknown click ids, against the postback misses per client address (429).";

const RULES =
  "The click must belong to campaign_id (else 404 click_not_found). One conversion per click: a click that already converted, " +
  "or an idempotency_key already used for this campaign, answers 200 already_recorded and records nothing. A conversion more than " +
  "7 x 24 hours after the click is refused (422 attribution_window_expired). A recorded conversion emits conversion.recorded and, " +
  "when the campaign has a postback_url, is forwarded there as a GET. Partner templates: docs/postbacks.md.";

export const conversionsDocs = {
  recordConversionQuery: {
    summary: "Record a conversion, query form (E16)",
    description: `For attribution partners' URL macros; the key goes in the postback_key query parameter. ${CREDENTIAL} ${RULES}`,
    tags: ["Conversions"],
    requestParams: { query: postbackQuery },
    returns: "recorded or already_recorded",
    errors: [
      "postback_key_required",
      "invalid_postback_key",
      "click_not_found",
      "validation_failed",
      "attribution_window_expired",
    ],
  },
  recordConversion: {
    summary: "Record a conversion, JSON form (E17)",
    description: `The JSON equivalent of E16; unknown fields are refused. The key goes in the X-Postback-Key header (or the postback_key query parameter; both given must be equal). ${CREDENTIAL} ${RULES}`,
    tags: ["Conversions"],
    requestParams: { header: postbackKeyHeader, query: postbackKeyQuery },
    requestBody: { required: true, content: { "application/json": { schema: postbackInput } } },
    returns: "recorded or already_recorded",
    errors: [
      "bad_request",
      "postback_key_required",
      "invalid_postback_key",
      "click_not_found",
      "validation_failed",
      "attribution_window_expired",
    ],
  },
} satisfies Record<string, OperationDoc>;
