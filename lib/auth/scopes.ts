// The scopes of API clients and tokens, with what each allows: the OpenAPI
// document's security scheme and the dashboard's API key form both show these
// words. No imports: the browser may load this file.
export const SCOPES = ["campaigns:read", "campaigns:write", "reporting:read"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "campaigns:read": "Read campaigns, creatives and webhook endpoints",
  "campaigns:write": "Create and change campaigns, creatives and webhook endpoints",
  "reporting:read": "Read reports, time series and creative performance",
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** "a b  c" -> ["a", "b", "c"] (deduplicated, order kept). */
export function splitScopes(value: string): string[] {
  return [...new Set(value.split(" ").filter(Boolean))];
}
