// The columns of a postback key row that make its domain object (PostbackKey): never the hash.
export const postbackKeySelect = { id: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;
