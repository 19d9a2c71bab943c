import type { ZodOpenApiPathsObject } from "zod-openapi";
import { postbackInput, postbackQuery, postbackResult } from "@/lib/domain/conversions/conversions.schemas";
import { problemResponses } from "../common";

const RULES =
  "The click must belong to campaign_id (else 404 click_not_found). One conversion per click: a click that already converted, " +
  "or an idempotency_key already used for this campaign, answers 200 already_recorded and records nothing. A conversion more than " +
  "7 x 24 hours after the click is refused (422 attribution_window_expired). A recorded conversion emits conversion.recorded and, " +
  "when the campaign has a postback_url, is forwarded there as a GET. Partner templates: docs/postbacks.md.";

export const conversionsPaths: ZodOpenApiPathsObject = {
  "/api/ads/postback": {
    get: {
      operationId: "recordConversionQuery",
      summary: "Record a conversion, query form (E16)",
      description: `For attribution partners' URL macros. No token: the unguessable click_id bound to campaign_id is the credential. ${RULES}`,
      tags: ["Conversions"],
      security: [],
      requestParams: { query: postbackQuery },
      responses: {
        "200": {
          description: "recorded or already_recorded",
          content: { "application/json": { schema: postbackResult } },
        },
        ...problemResponses("click_not_found", "validation_failed", "attribution_window_expired", "rate_limited"),
      },
    },
    post: {
      operationId: "recordConversion",
      summary: "Record a conversion, JSON form (E17)",
      description: `The JSON equivalent of E16; unknown fields are refused. ${RULES}`,
      tags: ["Conversions"],
      security: [],
      requestBody: { required: true, content: { "application/json": { schema: postbackInput } } },
      responses: {
        "200": {
          description: "recorded or already_recorded",
          content: { "application/json": { schema: postbackResult } },
        },
        ...problemResponses(
          "bad_request",
          "click_not_found",
          "validation_failed",
          "attribution_window_expired",
          "rate_limited",
        ),
      },
    },
  },
};
