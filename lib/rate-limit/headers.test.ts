// One set of rate-limit headers per response (docs/decisions/1416): refusals
// before allowed counts, the longest Retry-After among refusals, the fewest
// remaining among allowed counts, each set taken whole; and the per-request
// collector the counts are recorded into (docs/decisions/1419).
import { setImmediate as tick } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { collectRateLimits, recordRateLimit, showRateLimit } from "./headers";

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

describe("collectRateLimits", () => {
  it("shows what is recorded inside it, awaited deep or not, by the same rule, and keeps it when the run throws", async () => {
    const headers: Record<string, string> = {};
    const failure = new Error("after the counts");
    await expect(
      collectRateLimits(headers, async () => {
        recordRateLimit(allowed(59));
        await tick();
        await Promise.resolve().then(() => recordRateLimit(allowed(12, 30)));
        recordRateLimit(allowed(40));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(headers).toEqual(allowed(12, 30));
  });

  it("answers what the run answers", async () => {
    expect(await collectRateLimits({}, async () => 42)).toBe(42);
  });

  it("records nothing outside a collector", async () => {
    const headers: Record<string, string> = {};
    recordRateLimit(refused(9));
    await collectRateLimits(headers, async () => undefined);
    recordRateLimit(refused(9));
    expect(headers).toEqual({});
  });

  it("gives concurrent runs their own headers, whatever the interleaving", async () => {
    const first: Record<string, string> = {};
    const second: Record<string, string> = {};
    await Promise.all([
      collectRateLimits(first, async () => {
        recordRateLimit(allowed(59));
        await tick();
        await tick();
        recordRateLimit(allowed(58));
      }),
      collectRateLimits(second, async () => {
        await tick();
        recordRateLimit(refused(7, 30));
        await tick();
      }),
    ]);
    expect(first).toEqual(allowed(58));
    expect(second).toEqual(refused(7, 30));
  });

  it("keeps a nested run's counts out of the outer one's, and the outer's out of the nested one", async () => {
    const outer: Record<string, string> = {};
    const inner: Record<string, string> = {};
    await collectRateLimits(outer, async () => {
      recordRateLimit(allowed(40));
      await collectRateLimits(inner, async () => {
        await tick();
        recordRateLimit(refused(20));
      });
      recordRateLimit(allowed(39));
    });
    expect(outer).toEqual(allowed(39));
    expect(inner).toEqual(refused(20));
  });
});
