// The create form's values to CreateApiClientInput: scopes from lib/auth/scopes.ts
// ("campaigns:read") in GraphQL's capitals (CAMPAIGNS_READ).
import { SCOPES, type Scope } from "@/lib/auth/scopes";

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "campaigns:read": "Read campaigns, creatives and webhooks",
  "campaigns:write": "Create and change campaigns, variants and webhooks",
  "reporting:read": "Read reports, time series and creative performance",
};

export type ScopeKey = "CAMPAIGNS_READ" | "CAMPAIGNS_WRITE" | "REPORTING_READ";

/** campaigns:read -> CAMPAIGNS_READ */
export function scopeKey(scope: Scope): ScopeKey {
  return scope.toUpperCase().replace(":", "_") as ScopeKey;
}

/** CAMPAIGNS_READ -> campaigns:read */
export function scopeName(key: string): string {
  return key.toLowerCase().replace("_", ":");
}

export const SCOPE_OPTIONS = SCOPES.map((scope) => ({
  value: scopeKey(scope),
  name: scope,
  description: SCOPE_DESCRIPTIONS[scope],
}));

export function createApiClientInput(values: { name: string; scopes: readonly string[] }) {
  return {
    name: values.name.trim(),
    scopes: SCOPE_OPTIONS.map((option) => option.value).filter((value) => values.scopes.includes(value)),
  };
}
