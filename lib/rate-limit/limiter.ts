// The rate-limit policies (lib/rate-limit/policies.ts, one table), enforced with
// rate-limiter-flexible's Prisma store so that every app instance sharing the
// database shares the counters. A store fault falls back to an in-memory
// limiter rather than failing the request. Every count is also recorded for the
// current request's response headers (lib/rate-limit/headers.ts, docs/decisions/1419).
// A policy keyed by client address counts the address's bucket (an IPv6 /64,
// lib/http/client-ip.ts addressBucket), whichever caller passes the address.
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "@/lib/db/client";
import { AppError, type ErrorCode } from "@/lib/errors";
import { addressBucket } from "@/lib/http/client-ip";
import { recordRateLimit } from "@/lib/rate-limit/headers";
import { metrics } from "@/lib/observability/metrics";
import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from "@/lib/rate-limit/policies";

export { RATE_LIMIT_POLICIES, type RateLimitPolicy } from "@/lib/rate-limit/policies";

export type RateLimitOutcome = { allowed: boolean; headers: Record<string, string>; retryAfterSec: number };

const limiters = new Map<RateLimitPolicy, RateLimiterPrisma>();

function limiterFor(policy: RateLimitPolicy): RateLimiterPrisma {
  let limiter = limiters.get(policy);
  if (!limiter) {
    const { points, durationSec } = RATE_LIMIT_POLICIES[policy];
    limiter = new RateLimiterPrisma({
      storeClient: db(),
      tableName: "rateLimiterFlexible",
      keyPrefix: policy,
      points,
      duration: durationSec,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${policy}-insurance`, points, duration: durationSec }),
    });
    limiters.set(policy, limiter);
  }
  return limiter;
}

function headersFor(policy: RateLimitPolicy, res: RateLimiterRes, allowed: boolean): RateLimitOutcome {
  const { points } = RATE_LIMIT_POLICIES[policy];
  const resetSec = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(points),
    "RateLimit-Remaining": String(allowed ? res.remainingPoints : 0),
    "RateLimit-Reset": String(resetSec),
  };
  if (!allowed) headers["Retry-After"] = String(resetSec);
  return { allowed, headers, retryAfterSec: resetSec };
}

/** The counter's key: a client address's bucket for a policy keyed by address, else the key itself. */
function counterKey(policy: RateLimitPolicy, key: string): string {
  return RATE_LIMIT_POLICIES[policy].keyBy === "ip" ? addressBucket(key) : key;
}

async function consume(policy: RateLimitPolicy, key: string): Promise<RateLimitOutcome> {
  try {
    const res = await limiterFor(policy).consume(counterKey(policy, key), 1);
    return headersFor(policy, res, true);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      metrics().rateLimitRefusals[policy].inc();
      return headersFor(policy, rejection, false);
    }
    throw rejection;
  }
}

/**
 * Counts one request against `policy` for `key`; never throws for a limit, only
 * reports it, and records the outcome for the current request's RateLimit-*
 * headers (a no-op outside a transport's collector).
 */
export async function consumeRateLimit(policy: RateLimitPolicy, key: string): Promise<RateLimitOutcome> {
  const outcome = await consume(policy, key);
  recordRateLimit(outcome.headers);
  return outcome;
}

/**
 * Records `policy`'s current count for `key` in the response headers without
 * counting anything: for a request that reached a limited step but did not need
 * to spend from it (an icon check answered from memory, docs/decisions/0914).
 * A store fault records nothing.
 */
export async function peekRateLimit(policy: RateLimitPolicy, key: string): Promise<void> {
  const res = await limiterFor(policy)
    .get(key)
    .catch(() => undefined);
  if (res === undefined) return;
  const { points, durationSec } = RATE_LIMIT_POLICIES[policy];
  // no count in the window yet: all of it left, for a whole window from the next count
  recordRateLimit(headersFor(policy, res ?? new RateLimiterRes(points, durationSec * 1000, 0), true).headers);
}

/**
 * Counts only failures, safely under concurrency: every call is counted first
 * (refused with 429 once `key` has `points` in the window), and the count is
 * refunded unless the call fails with one of `codes`. Concurrent calls therefore
 * never admit more than `points` failures in a window; a valid call in flight
 * holds one point until it finishes. An allowed count is not recorded for the
 * response headers (it is usually refunded, so its Remaining would be wrong); a
 * refusal's headers travel on the thrown error.
 */
export async function limitFailures<T>(
  policy: RateLimitPolicy,
  key: string,
  codes: readonly ErrorCode[],
  run: () => Promise<T>,
): Promise<T> {
  const outcome = await consume(policy, key);
  if (!outcome.allowed) throw rateLimitedError(outcome, policy);
  let counted = false;
  try {
    const result = await run();
    return result;
  } catch (error) {
    counted = error instanceof AppError && codes.includes(error.code);
    throw error;
  } finally {
    if (!counted)
      await limiterFor(policy)
        .reward(counterKey(policy, key), 1)
        .catch(() => undefined);
  }
}

export function rateLimitedError(outcome: RateLimitOutcome, policy?: RateLimitPolicy): AppError {
  return new AppError("rate_limited", {
    detail: `Rate limit exceeded; retry after ${outcome.retryAfterSec} s.`,
    headers: outcome.headers,
    policy,
  });
}
