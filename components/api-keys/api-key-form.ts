// The create form's values to CreateApiClientInput: scopes from lib/auth/scopes.ts
// ("campaigns:read") in GraphQL's capitals (CAMPAIGNS_READ), checked by the API's
// own schema (createApiClientInput of lib/domain/api-clients) before sending.
import type { Scope as ScopeKey } from "@/graphql/__generated__/client/graphql";
import { SCOPE_DESCRIPTIONS, SCOPES, type Scope } from "@/lib/auth/scopes";
import { createApiClientInput } from "@/lib/domain/api-clients/api-clients.schemas";
import { zodFieldErrors } from "@/components/form-errors";

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

/** The mutation's input: the name trimmed, the chosen scopes in catalog order. */
export function apiKeyInput(values: { name: string; scopes: readonly string[] }) {
  return {
    name: values.name.trim(),
    scopes: SCOPE_OPTIONS.map((option) => option.value).filter((value) => values.scopes.includes(value)),
  };
}

/** The shared schema's refusals of that input, keyed by field ({} when it passes). */
export function apiKeyErrors(input: ReturnType<typeof apiKeyInput>): Record<string, string> {
  const result = createApiClientInput.safeParse({ name: input.name, scopes: input.scopes.map(scopeName) });
  return result.success ? {} : zodFieldErrors(result.error);
}
