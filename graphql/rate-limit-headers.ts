// The rate-limit headers of a GraphQL response (docs/decisions/1416). One
// operation can count against several policies (reports, icon checks) and be
// refused by more than one, but its HTTP response carries one set of headers:
// a refusal's set wins over any count that was allowed, the refusal with the
// longest Retry-After wins over other refusals (waiting that long retries every
// refused field), and among allowed counts the tightest (fewest remaining) is
// shown. A set is always taken whole, so its numbers describe one policy.

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
