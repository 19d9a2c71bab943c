// The REST views of the postback key operations (snake_case, instants as ISO
// 8601 text), as the OpenAPI document's schemas describe them
// (lib/domain/postback-keys/postback-keys.schemas.ts).
import type {
  CreatedPostbackKey,
  CreatedPostbackKeyView,
  PostbackKey,
  PostbackKeyListView,
  PostbackKeyView,
} from "@/lib/domain/postback-keys/postback-keys.schemas";

export function toPostbackKeyView(key: PostbackKey): PostbackKeyView {
  return {
    id: key.id,
    name: key.name,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

export function toPostbackKeyListView(keys: readonly PostbackKey[]): PostbackKeyListView {
  return { postback_keys: keys.map(toPostbackKeyView) };
}

/** The key once, with its id and creation time (a new key has not been used or revoked: nothing else to say). */
export function toCreatedPostbackKeyView(created: CreatedPostbackKey): CreatedPostbackKeyView {
  return {
    id: created.postbackKey.id,
    key: created.key,
    name: created.postbackKey.name,
    created_at: created.postbackKey.createdAt.toISOString(),
  };
}
