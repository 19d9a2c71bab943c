// A postback key row's public shape, and the row selection that never reads the hash.
import type { PostbackKeyView } from "./postback-keys.schemas";

export type PostbackKeyRow = { id: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

export const postbackKeySelect = { id: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export function toPostbackKeyView(row: PostbackKeyRow): PostbackKeyView {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
