// U+0000 (NUL) in input text. PostgreSQL's text cannot hold it: a `%00` in an
// id or a `\u0000` in a name failed the query (SQLSTATE 22021) with a 500 there,
// while SQLite stored it. Every transport refuses it at its edge, on both
// databases alike (docs/decisions/1421): JSON bodies (REST, the hot routes,
// GraphQL, next-auth), query strings and forms (422 naming the field), paths
// (400, lib/server/request-edge.ts), GraphQL literals and variables
// (graphql/nul-guard.ts). A NUL that reaches PostgreSQL anyway is a 400, not a
// 500 (`isNulRefusedByDatabase` in lib/errors.ts).
import { AppError, issuePath, NUL_MESSAGE, validationError } from "@/lib/errors";

type Frame = { value: unknown; key: PropertyKey | undefined; parent: Frame | undefined };

/** Longer paths are cut (a deep body must not make a larger answer). */
const PATH_SHOWN = 200;

function pathOf(frame: Frame): string {
  const keys: PropertyKey[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) keys.push(at.key);
  const path = issuePath(keys.reverse());
  return path.length > PATH_SHOWN ? `${path.slice(0, PATH_SHOWN)}…` : path;
}

/**
 * The path (as field errors write it) of the first key or string holding U+0000 in a
 * parsed input, or undefined. Walked with a stack of its own, not by recursion: a
 * 64 KiB body can nest arrays 30,000 deep, past the call stack.
 */
export function nulPath(value: unknown): string | undefined {
  const stack: Frame[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (typeof current === "string") {
      if (current.includes("\0")) return pathOf(frame);
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    // pushed last to first, so that the first in document order is found first
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], key: index, parent: frame });
      continue;
    }
    const entries = Object.entries(current);
    for (const [key] of entries) if (key.includes("\0")) return pathOf({ value: key, key, parent: frame });
    for (let index = entries.length - 1; index >= 0; index--)
      stack.push({ value: entries[index]![1], key: entries[index]![0], parent: frame });
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
 * door answers such a path (lib/server/request-edge.ts) before a route sees it.
 */
export function refuseNulInPath(params: Readonly<Record<string, string>>): void {
  if (Object.values(params).some((value) => value.includes("\0")))
    throw new AppError("bad_request", { detail: "The path must not hold %00 (NUL)." });
}
