// Publisher authentication for the delivery endpoints: `Authorization: Bearer
// <platform key>`. Positive lookups are cached for 30 s, so a revoked key stops
// working within 30 s and the hot path does not hash and query per request.
import { findPlatformKey } from "@/lib/auth/platform-keys";
import { AppError } from "@/lib/errors";

const CACHE_MS = 30_000;
const MAX_CACHED = 1000;
const cache = new Map<string, number>();

function unauthorized(detail: string): AppError {
  return new AppError("unauthorized", { detail, headers: { "WWW-Authenticate": 'Bearer realm="delivery"' } });
}

export async function requirePlatformKey(authorization: string | undefined, nowMs = Date.now()): Promise<void> {
  const match = authorization ? /^bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!match) throw unauthorized("Send the platform key as `Authorization: Bearer <key>`.");
  const key = match[1]!;
  const until = cache.get(key);
  if (until !== undefined && until > nowMs) return;
  const found = await findPlatformKey(key);
  if (!found) {
    cache.delete(key);
    throw unauthorized("Unknown or revoked platform key.");
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, nowMs + CACHE_MS);
}

export function clearPlatformKeyCache(): void {
  cache.clear();
}
