// Publisher authentication for the delivery endpoints: `Authorization: Bearer
// <platform key>`. Positive lookups are cached for 30 s, so a revoked key stops
// working within 30 s and the hot path does not hash and query per request. A
// sandbox key (the demo simulator's) decides among sandbox campaigns only.
import { findPlatformKey } from "@/lib/auth/platform-keys";
import { systemClock, type Clock } from "@/lib/clock";
import { AppError } from "@/lib/errors";
import { keyedTtlMemo } from "@/lib/ttl-memo";

/** How long a process trusts a platform key it has seen: a revocation elsewhere takes effect within it. */
export const PLATFORM_KEY_CACHE_MS = 30_000;
const cache = keyedTtlMemo<Platform>(PLATFORM_KEY_CACHE_MS, 1000);

/** keyId: the platform key's id (per-key limits: lib/delivery/moment-concurrency.ts) */
export type Platform = { sandbox: boolean; keyId?: string };

function unauthorized(detail: string): AppError {
  return new AppError("unauthorized", { detail, headers: { "WWW-Authenticate": 'Bearer realm="delivery"' } });
}

/** A platform key's platform; an unknown or revoked key fails the computation, which is not kept. */
async function lookupPlatform(_nowMs: number, key: string): Promise<Platform> {
  const found = await findPlatformKey(key);
  if (!found) throw unauthorized("Unknown or revoked platform key.");
  return { sandbox: found.sandbox, keyId: found.id };
}

export async function requirePlatformKey(
  authorization: string | undefined,
  clock: Clock = systemClock,
): Promise<Platform> {
  const match = authorization ? /^bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!match) throw unauthorized("Send the platform key as `Authorization: Bearer <key>`.");
  return cache.get(match[1]!, lookupPlatform, clock);
}
