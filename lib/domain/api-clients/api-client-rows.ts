// An API client row as the domain answers it, and the selection that never reads the secret's hash.
import { isScope, splitScopes } from "@/lib/auth/scopes";
import type { ApiClient } from "./api-clients.schemas";

export const apiClientSelect = {
  id: true,
  name: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

type ApiClientRow = {
  id: string;
  name: string;
  scopes: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export function toApiClient(row: ApiClientRow): ApiClient {
  return {
    id: row.id,
    name: row.name,
    // the column holds the scopes as OAuth writes them ("a b c"); one no longer known is not shown
    scopes: splitScopes(row.scopes).filter(isScope),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  };
}
