// GET /api/ads/postback-keys: the advertiser's postback keys (never the keys themselves)
// POST /api/ads/postback-keys: a new key (201, the key shown once); from then on every
// postback for the advertiser's campaigns must carry an active key (docs/postbacks.md)
import { createPostbackKey } from "@/lib/domain/postback-keys/create-postback-key";
import { listPostbackKeys } from "@/lib/domain/postback-keys/list-postback-keys";
import { defineRoute, jsonResponse } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ auth: "token", scope: "campaigns:read" }, async ({ actor }) =>
  jsonResponse(await listPostbackKeys(actor)),
);

/** A retry with the same Idempotency-Key gets the first answer without the key: it is stored in no table. */
const withheldKey = (body: string) => JSON.stringify({ ...(JSON.parse(body) as object), key: null });

// no body: a key has nothing to choose (a body sent is not read)
export const POST = defineRoute(
  { auth: "token", scope: "campaigns:write", replayBody: withheldKey },
  async ({ actor }) => jsonResponse(await createPostbackKey(actor), { status: 201 }),
);
