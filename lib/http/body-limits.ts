// How many bytes of request body each endpoint reads (docs/decisions/0901; the REST
// surface's entries name theirs, lib/http/rest-surface.ts). Past
// the limit the answer is 413 payload_too_large, decided from Content-Length
// before reading when the client sent one, otherwise by counting while reading;
// nothing past the limit is kept in memory. The OpenAPI document states each
// operation's limit (x-body-limit-bytes) from this table, and the live fuzz test
// checks the app against the document.
import { AppError } from "@/lib/errors";

/** Hot paths, the public postback and the token endpoint: their bodies are a few short fields. */
export const SMALL_BODY_LIMIT = 4 * 1024;
/** Every other JSON endpoint (a campaign with its creative is under 10 KiB). */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** POST /mcp: JSON-RPC wrapping a tool call (the same inputs as the REST bodies, plus the envelope). */
export const MCP_BODY_LIMIT = 64 * 1024;
/** POST /api/graphql: an operation (a dashboard page's query is a few KiB) with its variables. */
export const GRAPHQL_BODY_LIMIT = 64 * 1024;
/** POST /api/delivery/moments: up to 10,000 user ids (about 40 bytes each as realistic ids go; 128 at most). */
export const MOMENT_BODY_LIMIT = 1024 * 1024;

/** The body limit of an entry of the REST surface (lib/http/rest-surface.ts states each one that is not the default). */
export function bodyLimitOf(entry: { bodyLimit?: number }): number {
  return entry.bodyLimit ?? DEFAULT_BODY_LIMIT;
}

/** The body limit of a path outside the REST surface (/mcp, /oauth/*). */
export function bodyLimitFor(path: string): number {
  return path === "/mcp" ? MCP_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

export function payloadTooLarge(limit: number): AppError {
  return new AppError("payload_too_large", {
    detail: `The request body is larger than this endpoint accepts (${limit} bytes).`,
  });
}

/** The declared Content-Length, or null when absent or not a plain decimal number. */
export function declaredLength(value: string | null | undefined): number | null {
  if (value == null || !/^\s*\d{1,15}\s*$/.test(value)) return null;
  return Number(value);
}
