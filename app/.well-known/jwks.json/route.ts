// GET /.well-known/jwks.json: public keys that verify access tokens
import { jwks } from "@/lib/auth/signing-keys";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "none" }, async () =>
  jsonResponse(await jwks(), { headers: { "cache-control": "public, max-age=300" } }),
);
