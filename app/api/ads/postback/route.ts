// GET /api/ads/postback: E16, record a conversion (query form, for attribution partners' URL macros)
// POST /api/ads/postback: E17, the same with a JSON body
// No token: the unguessable click_id bound to campaign_id is the credential (API.md).
import { coercePostbackQuery } from "@/lib/domain/conversions/conversions.schemas";
import { recordConversion } from "@/lib/domain/conversions/record-conversion";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "none" }, async ({ url }) =>
  jsonResponse(await recordConversion(coercePostbackQuery(url.searchParams))),
);

export const POST = defineRoute({ auth: "none" }, async ({ body }) => jsonResponse(await recordConversion(await body())));
