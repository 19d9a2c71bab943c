// The rate-limit headers of a response (docs/decisions/1416, 1419). One request
// can count against several policies (a route's own, the icon check the domain
// makes, GraphQL's reports) and be refused by more than one, but its HTTP
// response carries one set of headers: a refusal's set wins over any count that
// was allowed, the refusal with the longest Retry-After wins over other refusals
// (waiting that long retries every refused count), and among allowed counts the
// tightest (fewest remaining) is shown. A set is always taken whole, so its
// numbers describe one policy.
//
// The transports (defineRoute, the GraphQL route) open a collector per request
// with `collectRateLimits`; `consumeRateLimit` records every count made inside it
// with `recordRateLimit`, however deep in the domain, so the response shows the
// counts of a successful call as well as a refusal's. Outside a collector (MCP
// tools' own code, the CLI, workers, server actions) recording does nothing.
import { AsyncLocalStorage } from "node:async_hooks";

function retryAfterOf(headers: Record<string, string>): number | undefined {
  const value = headers["Retry-After"];
  return value === undefined ? undefined : Number(value);
}

function shouldReplace(shown: Record<string, string>, candidate: Record<string, string>): boolean {
  const shownWait = retryAfterOf(shown);
  const candidateWait = retryAfterOf(candidate);
  if (candidateWait !== undefined) return shownWait === undefined || candidateWait > shownWait;
  if (shownWait !== undefined) return false;
  const shownRemaining = Number(shown["RateLimit-Remaining"] ?? Infinity);
  return Number(candidate["RateLimit-Remaining"]) <= shownRemaining;
}

/** Shows one count's headers (RateLimit-*, plus Retry-After when it was refused) in `shown` if they say more. */
export function showRateLimit(shown: Record<string, string>, headers: Record<string, string>): void {
  if (shouldReplace(shown, headers)) Object.assign(shown, headers);
}

const collector = new AsyncLocalStorage<Record<string, string>>();

/**
 * Runs `run` with `shown` as the request's collector: every count recorded
 * inside it (and in what it awaits) is shown in `shown`, by the rule above,
 * whether `run` succeeds or throws. A nested collector hides this one while it
 * runs; concurrent runs each have their own.
 */
export function collectRateLimits<T>(shown: Record<string, string>, run: () => Promise<T>): Promise<T> {
  return collector.run(shown, run);
}

/** Shows a count's headers in the current request's collector; nothing without one. */
export function recordRateLimit(headers: Record<string, string>): void {
  const shown = collector.getStore();
  if (shown) showRateLimit(shown, headers);
}
