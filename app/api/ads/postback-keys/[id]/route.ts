// DELETE /api/ads/postback-keys/{id}: revoke a postback key (idempotent); postbacks carrying it are refused
import { revokePostbackKey } from "@/lib/domain/postback-keys/revoke-postback-key";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const DELETE = defineRoute(
  { auth: "token", scope: "campaigns:write", params: ["id"] },
  async ({ actor, params }) => jsonResponse(await revokePostbackKey(actor, params.id)),
);
