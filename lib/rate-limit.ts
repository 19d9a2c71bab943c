// Rate-limit policies in one table (Dub's pattern), enforced with
// rate-limiter-flexible's Prisma store so that every app instance sharing the
// database shares the counters. A store fault falls back to an in-memory
// limiter rather than failing the request.
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { db } from "@/lib/db/client";
import { AppError, type ErrorCode } from "@/lib/errors";

export const RATE_LIMIT_POLICIES = {
  /** E1: 10 token requests per minute per IP address (spec, Limits). */
  token: { points: 10, durationSec: 60, keyBy: "ip" },
  /** E9 and E10: 60 reports (performance or time series, one shared count) per minute per advertiser, across all its clients. */
  report: { points: 60, durationSec: 60, keyBy: "advertiser" },
  /** E5 and E8 (and their GraphQL twins): icon checks, each an outbound HEAD request, per advertiser. */
  icon_check: { points: 60, durationSec: 60, keyBy: "advertiser" },
  /** E15 test sends and manual webhook redeliveries make outbound requests on demand. */
  webhook_send: { points: 30, durationSec: 60, keyBy: "advertiser" },
  /** E16/E17: unknown click ids per IP (guessing click ids); a valid postback's count is refunded. */
  postback_miss: { points: 60, durationSec: 60, keyBy: "ip" },
  /** Dashboard sign-in: failed attempts per IP address (many accounts tried from one place). */
  sign_in_ip: { points: 30, durationSec: 900, keyBy: "ip" },
  /** Dashboard sign-in: failed attempts per account (one account guessed at from anywhere). */
  sign_in_account: { points: 5, durationSec: 900, keyBy: "account" },
  /**
   * Dashboard sign-in from a browser with a valid device cookie for the account: failed
   * attempts per account and device (key: email and the cookie's nonce), counted instead of
   * sign_in_account, so an attacker locking the account out of unknown browsers does not lock
   * out its owner's known ones (OWASP device cookies, docs/decisions/1418).
   */
  sign_in_device: { points: 5, durationSec: 900, keyBy: "device" },
  /**
   * Dashboard sign-up: every attempt per IP address, successful or not (accounts made without
   * bound, emails probed through "already exists"). 20 an hour: one office behind a NAT signs
   * up a handful of advertisers, and one e2e run makes 9 (18 with CI retries) from 127.0.0.1
   * (docs/decisions/1415).
   */
  sign_up_ip: { points: 20, durationSec: 3600, keyBy: "ip" },
} as const satisfies Record<
  string,
  { points: number; durationSec: number; keyBy: "ip" | "advertiser" | "account" | "device" }
>;

export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

/** The policies a request alone can key (its client address or its advertiser): the ones a route may name. */
export type RequestKeyedPolicy = {
  [P in RateLimitPolicy]: (typeof RATE_LIMIT_POLICIES)[P]["keyBy"] extends "ip" | "advertiser" ? P : never;
}[RateLimitPolicy];

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

/** Counts one request against `policy` for `key`; never throws for a limit, only reports it. */
export async function consumeRateLimit(policy: RateLimitPolicy, key: string): Promise<RateLimitOutcome> {
  try {
    const res = await limiterFor(policy).consume(key, 1);
    return headersFor(policy, res, true);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return headersFor(policy, rejection, false);
    throw rejection;
  }
}

/**
 * Counts only failures, safely under concurrency: every call is counted first
 * (refused with 429 once `key` has `points` in the window), and the count is
 * refunded unless the call fails with one of `codes`. Concurrent calls therefore
 * never admit more than `points` failures in a window; a valid call in flight
 * holds one point until it finishes.
 */
export async function limitFailures<T>(
  policy: RateLimitPolicy,
  key: string,
  codes: readonly ErrorCode[],
  run: () => Promise<T>,
): Promise<T> {
  const outcome = await consumeRateLimit(policy, key);
  if (!outcome.allowed) throw rateLimitedError(outcome);
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
        .reward(key, 1)
        .catch(() => undefined);
  }
}

export function rateLimitedError(outcome: RateLimitOutcome): AppError {
  return new AppError("rate_limited", {
    detail: `Rate limit exceeded; retry after ${outcome.retryAfterSec} s.`,
    headers: outcome.headers,
  });
}
