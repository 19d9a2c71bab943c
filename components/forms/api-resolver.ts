// react-hook-form's zod resolver over the API's own schema (forms check what the
// API checks, docs/decisions/1201), with every message in words for people
// (components/form-errors.ts): the one place the dashboard words a refusal.
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { humanError } from "@/components/form-errors";

function isLeaf(node: unknown): node is FieldError {
  return typeof node === "object" && node !== null && "type" in node && typeof node.type === "string";
}

/** The resolver's errors with each message in words for people, named by its path. */
export function humanErrors<T extends FieldValues>(errors: FieldErrors<T>, path: string[] = []): FieldErrors<T> {
  const out: Record<string, unknown> = Array.isArray(errors) ? ([] as unknown as Record<string, unknown>) : {};
  for (const [key, node] of Object.entries(errors)) {
    if (isLeaf(node)) {
      const field = [...path, key].filter((part) => !/^\d+$/.test(part)).join(".");
      out[key] = { ...node, message: node.message ? humanError(field, node.message) : node.message };
    } else if (typeof node === "object" && node !== null) {
      out[key] = humanErrors(node as FieldErrors<T>, [...path, key]);
    }
  }
  return out as FieldErrors<T>;
}

/**
 * zodResolver(schema), its messages in words for people. The schema takes the form's values
 * (strings as typed) and answers the API's input, so `handleSubmit` hands over what the API parses.
 */
export function apiResolver<Output, Values extends FieldValues = FieldValues>(
  schema: z.ZodType<Output, unknown>,
): Resolver<Values, unknown, Output> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (!Object.keys(result.errors).length) return result;
    return { values: {}, errors: humanErrors<Values>(result.errors as FieldErrors<Values>) };
  };
}
