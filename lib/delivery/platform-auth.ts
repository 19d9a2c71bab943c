// Publisher authentication for the delivery endpoints: `Authorization: Bearer
// <platform key>`. Positive lookups are cached for 30 s, so a revoked key stops
// working within 30 s and the hot path does not hash and query per request. A
// sandbox key (the demo simulator's) decides among sandbox campaigns only.
import { findPlatformKey } from "@/lib/auth/platform-keys";
import { AppError } from "@/lib/errors";

const CACHE_MS = 30_000;
const MAX_CACHED = 1000;
const cache = new Map<string, { until: number; platform: Platform }>();

export type Platform = { sandbox: boolean };

function unauthorized(detail: string): AppError {
  return new AppError("unauthorized", { detail, headers: { "WWW-Authenticate": 'Bearer realm="delivery"' } });
}

export async function requirePlatformKey(authorization: string | undefined, nowMs = Date.now()): Promise<Platform> {
  const match = authorization ? /^bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!match) throw unauthorized("Send the platform key as `Authorization: Bearer <key>`.");
  const key = match[1]!;
  const cached = cache.get(key);
  if (cached !== undefined && cached.until > nowMs) return cached.platform;
  const found = await findPlatformKey(key);
  if (!found) {
    cache.delete(key);
    throw unauthorized("Unknown or revoked platform key.");
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  const platform = { sandbox: found.sandbox };
  cache.set(key, { until: nowMs + CACHE_MS, platform });
  return platform;
}
