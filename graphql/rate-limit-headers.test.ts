// One set of rate-limit headers per GraphQL response (docs/decisions/1416):
// refusals before allowed counts, the longest Retry-After among refusals, the
// fewest remaining among allowed counts, each set taken whole.
import { describe, expect, it } from "vitest";
import { showRateLimit } from "./rate-limit-headers";

const allowed = (remaining: number, limit = 60) => ({
  "RateLimit-Limit": String(limit),
  "RateLimit-Remaining": String(remaining),
  "RateLimit-Reset": "40",
});
const refused = (wait: number, limit = 60) => ({
  "RateLimit-Limit": String(limit),
  "RateLimit-Remaining": "0",
  "RateLimit-Reset": String(wait),
  "Retry-After": String(wait),
});

function shown(...counts: Record<string, string>[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const count of counts) showRateLimit(headers, count);
  return headers;
}

describe("showRateLimit", () => {
  it("shows the tightest of the allowed counts", () => {
    expect(shown(allowed(59), allowed(12, 30), allowed(40))).toEqual(allowed(12, 30));
  });

  it("shows a refusal over any allowed count, before or after it", () => {
    expect(shown(allowed(0), refused(20, 30))).toEqual(refused(20, 30));
    expect(shown(refused(20, 30), allowed(0))).toEqual(refused(20, 30));
  });

  it("shows the refusal with the longest Retry-After, whole, in either order", () => {
    expect(shown(refused(5), refused(48, 30))).toEqual(refused(48, 30));
    expect(shown(refused(48, 30), refused(5))).toEqual(refused(48, 30));
  });
});
