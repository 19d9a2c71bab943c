import { describe, expect, it } from "vitest";
import { ttlMemo } from "./ttl-memo";

describe("ttlMemo", () => {
  it("computes once per window, shares concurrent calls, forgets failures", async () => {
    let calls = 0;
    let fail = false;
    const memo = ttlMemo(1000, async (now) => {
      calls++;
      if (fail) throw new Error("db down");
      return now.getTime();
    });
    const t0 = new Date(10_000);
    const [a, b] = await Promise.all([memo.get(t0), memo.get(t0)]);
    expect([a, b, calls]).toEqual([10_000, 10_000, 1]);
    expect(await memo.get(new Date(10_999))).toBe(10_000);
    expect(await memo.get(new Date(11_000))).toBe(11_000);
    expect(calls).toBe(2);
    fail = true;
    await expect(memo.get(new Date(12_000))).rejects.toThrow("db down");
    fail = false;
    expect(await memo.get(new Date(12_001))).toBe(12_001);
    memo.clear();
    expect(await memo.get(new Date(12_002))).toBe(12_002);
  });
});
