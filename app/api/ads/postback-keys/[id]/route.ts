// DELETE /api/ads/postback-keys/{id}: revoke a postback key (idempotent); postbacks carrying it are refused
import { revokePostbackKey } from "@/lib/domain/postback-keys/revoke-postback-key";
import { restOperation } from "@/lib/http/rest-operation";
import { toPostbackKeyView } from "@/lib/http/views/postback-keys";

export const dynamic = "force-dynamic";

export const DELETE = restOperation(revokePostbackKey, { params: ["id"], view: toPostbackKeyView });
