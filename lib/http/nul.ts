// U+0000 (NUL) in input text. PostgreSQL's text cannot hold it: a `%00` in an
// id or a `\u0000` in a name failed the query (SQLSTATE 22021) with a 500 there,
// while SQLite stored it. Every transport refuses it at its edge, on both
// databases alike (docs/decisions/1421): JSON bodies (REST, the hot routes,
// GraphQL, next-auth), query strings and forms (422 naming the field), paths
// (400, lib/server/front-door.ts), GraphQL literals and variables
// (graphql/nul-guard.ts). A NUL that reaches PostgreSQL anyway is a 400, not a
// 500 (`isNulRefusedByDatabase` in lib/errors.ts).
import { AppError, issuePath, NUL_MESSAGE, validationError } from "@/lib/errors";

/** The path (as field errors write it) of the first key or string holding U+0000 in a parsed input, or undefined. */
export function nulPath(value: unknown, path: PropertyKey[] = []): string | undefined {
  if (typeof value === "string") return value.includes("\0") ? issuePath(path) : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = nulPath(value[index], [...path, index]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\0")) return issuePath([...path, key]);
    const found = nulPath(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Throws validation_failed (422) naming the field when a parsed input holds U+0000 anywhere, keys included. */
export function refuseNul(value: unknown): void {
  const path = nulPath(value);
  if (path !== undefined) throw validationError([{ path, message: NUL_MESSAGE }]);
}

/**
 * A request body's JSON: bad_request (400) when it is not JSON, validation_failed
 * (422) when a string or key holds U+0000 (unless `refuse` is false: GraphQL
 * refuses it in its own shape, graphql/nul-guard.ts). JSON can carry NUL only as
 * the escape `\u0000` (a raw control character is a syntax error), so bodies
 * without that text are not walked.
 */
export function parseJsonBody(text: string, { refuse = true }: { refuse?: boolean } = {}): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new AppError("bad_request", { detail: "The request body is not valid JSON." });
  }
  if (refuse && text.includes("\\u0000")) refuseNul(value);
  return value;
}

/**
 * bad_request (400) when a route's path segment holds U+0000, as the server's front
 * door answers such a path (lib/server/front-door.ts) before a route sees it.
 */
export function refuseNulInPath(params: Readonly<Record<string, string>>): void {
  if (Object.values(params).some((value) => value.includes("\0")))
    throw new AppError("bad_request", { detail: "The path must not hold %00 (NUL)." });
}
