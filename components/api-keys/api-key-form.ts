// The create form's values to CreateApiClientInput: scopes from lib/auth/scopes.ts
// (campaigns:read) in GraphQL's capitals (CAMPAIGNS_READ), checked by the API's
// own schema (createApiClientInput of lib/domain/api-clients) before sending.
import { z } from "zod";
import type { CreateApiClientInput, Scope as ScopeKey } from "@/graphql/__generated__/client/graphql";
import { SCOPE_DESCRIPTIONS, SCOPES, type Scope } from "@/lib/auth/scopes";
import { createApiClientInput } from "@/lib/domain/api-clients/api-clients.schemas";
import type { SummaryField } from "@/components/forms/use-error-summary";

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

/** The form as typed: the name, the ticked scopes (their REST names). */
export type ApiKeyValues = { name: string; scopes: string[] };

export const API_KEY_DEFAULTS: ApiKeyValues = { name: "", scopes: [] };

/** The fields in their order on the page (the error summary's links). */
export const API_KEY_FIELDS: readonly SummaryField[] = [
  { name: "name", id: "api-key-name" },
  { name: "scopes", id: "api-key-scopes" },
];

/** The form's values as the API parses them: the name trimmed, the scopes in catalog order. */
export const apiKeyFormSchema = z.preprocess((values: unknown) => {
  const { name, scopes } = values as ApiKeyValues;
  const ticked = Array.isArray(scopes) ? scopes : [];
  return { name: String(name ?? "").trim(), scopes: SCOPES.filter((scope) => ticked.includes(scope)) };
}, createApiClientInput);

/** The input as the API checked it. */
export type ApiKeyInput = z.output<typeof createApiClientInput>;

/** The checked input as the mutation's. */
export function apiKeyInput(input: ApiKeyInput): CreateApiClientInput {
  return { name: input.name, scopes: input.scopes.map(scopeKey) };
}
