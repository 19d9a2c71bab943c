// When a failed delivery is tried again (docs/api.md, after Standard Webhooks/Svix):
// attempts at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h
// after the previous failure, each delay spread by ±20 % so that a receiver
// coming back from an outage is not hit by every retry at the same instant.
// Ten attempts span about 3 days; an endpoint whose attempts have all failed for
// 5 days, or that answers 410 Gone, is deactivated.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before attempt n+2 after attempt n+1 failed (index 0: before the second attempt). */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
] as const;

/** The first attempt plus one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Each delay is multiplied by a factor drawn uniformly from [1 - JITTER, 1 + JITTER). */
export const JITTER = 0.2;

/** An endpoint whose attempts have all failed for this long is deactivated. */
export const DEACTIVATE_AFTER_FAILING_MS = 5 * 24 * HOUR;

/**
 * Milliseconds to wait after the `attemptsMade`-th attempt failed, or null when
 * the delivery has used all its attempts. `random` returns [0, 1) (injected in tests).
 */
export function webhookRetryDelayMs(attemptsMade: number, random: () => number): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1)
    throw new RangeError("attemptsMade must be a positive integer");
  const base = RETRY_DELAYS_MS[attemptsMade - 1];
  if (base === undefined) return null;
  const factor = 1 - JITTER + 2 * JITTER * random();
  return Math.round(base * factor);
}
