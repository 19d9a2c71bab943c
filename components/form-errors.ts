// Errors on form fields, keyed the way the GraphQL input names them
// ("bidCpmUsd", "creative.iconUrl", "momentTypes", "scopes"), from either the
// shared zod schema (REST's snake_case paths) or a mutation's userErrors; "_form"
// for an error of the whole input. Every dashboard form uses these.
import type { z } from "zod";

function camel(segment: string): string {
  return segment.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The first issue of each field, keyed by its path without list indexes. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key =
      issue.path
        .filter((part) => typeof part === "string")
        .map((part) => camel(part as string))
        .join(".") || "_form";
    out[key] ??= capitalize(issue.message);
  }
  return out;
}

/** userErrors -> the same keys (the input argument and list indexes dropped). */
export function userFieldErrors(
  userErrors: readonly { field?: readonly string[] | null; message: string }[] | null | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of userErrors ?? []) {
    const key =
      (error.field ?? [])
        .filter((part) => part !== "input" && !/^\d+$/.test(part))
        .map(camel)
        .join(".") || "_form";
    out[key] ??= capitalize(error.message);
  }
  return out;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
