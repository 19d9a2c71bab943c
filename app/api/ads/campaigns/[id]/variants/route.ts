// POST /api/ads/campaigns/{id}/variants: E8 add a creative variant
import { addCreativeVariant } from "@/lib/domain/creatives/add-creative-variant";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const POST = defineRoute(
  { auth: "token", scope: "campaigns:write", params: ["id"] },
  async ({ actor, params, body }) =>
    jsonResponse(await addCreativeVariant(actor, params.id, await body()), { status: 201 }),
);
