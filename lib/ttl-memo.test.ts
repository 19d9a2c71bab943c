import { describe, expect, it } from "vitest";
import { fixedClock } from "./clock";
import { ttlMemo } from "./ttl-memo";

describe("ttlMemo", () => {
  it("computes once per window, shares concurrent calls, forgets failures", async () => {
    let calls = 0;
    let fail = false;
    const memo = ttlMemo(1000, async (nowMs) => {
      calls++;
      if (fail) throw new Error("db down");
      return nowMs;
    });
    const t0 = fixedClock(10_000);
    const [a, b] = await Promise.all([memo.get(t0), memo.get(t0)]);
    expect([a, b, calls]).toEqual([10_000, 10_000, 1]);
    expect(await memo.get(fixedClock(10_999))).toBe(10_000);
    expect(await memo.get(fixedClock(11_000))).toBe(11_000);
    expect(calls).toBe(2);
    fail = true;
    await expect(memo.get(fixedClock(12_000))).rejects.toThrow("db down");
    fail = false;
    expect(await memo.get(fixedClock(12_001))).toBe(12_001);
    memo.clear();
    expect(await memo.get(fixedClock(12_002))).toBe(12_002);
  });

  it("computes again when the clock goes back", async () => {
    const memo = ttlMemo(1000, async (nowMs) => nowMs);
    expect(await memo.get(fixedClock(5_000))).toBe(5_000);
    expect(await memo.get(fixedClock(4_999))).toBe(4_999);
  });
});
