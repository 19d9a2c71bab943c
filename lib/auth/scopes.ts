export const SCOPES = ["campaigns:read", "campaigns:write", "reporting:read"] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** "a b  c" -> ["a", "b", "c"] (deduplicated, order kept). */
export function splitScopes(value: string): string[] {
  return [...new Set(value.split(" ").filter(Boolean))];
}
