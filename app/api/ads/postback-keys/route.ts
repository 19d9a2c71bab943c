// GET /api/ads/postback-keys: the advertiser's postback keys (never the keys themselves)
// POST /api/ads/postback-keys: a new key (201, the key shown once); from then on every
// postback for the advertiser's campaigns must carry an active key (docs/postbacks.md)
import { createPostbackKey } from "@/lib/domain/postback-keys/create-postback-key";
import { listPostbackKeys } from "@/lib/domain/postback-keys/list-postback-keys";
import { restOperation } from "@/lib/http/rest-operation";
import { toCreatedPostbackKeyView, toPostbackKeyListView } from "@/lib/http/views/postback-keys";

export const dynamic = "force-dynamic";

export const GET = restOperation(listPostbackKeys, { view: toPostbackKeyListView });

// no body: a key has nothing to choose (a body sent is not read); a retry with the same
// Idempotency-Key gets the first answer without the key (the operation's storedForReplay)
export const POST = restOperation(createPostbackKey, {
  input: () => ({}),
  view: toCreatedPostbackKeyView,
  status: 201,
});
