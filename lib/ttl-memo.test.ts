import { describe, expect, it } from "vitest";
import { fixedClock } from "./clock";
import { keyedTtlMemo, ttlMemo } from "./ttl-memo";

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

describe("keyedTtlMemo", () => {
  it("keeps a value per key for the window, forgets failures, deleted keys and the oldest beyond the cap", async () => {
    const calls: string[] = [];
    const memo = keyedTtlMemo<string>(1000, 2);
    const compute = (key: string) => async (nowMs: number) => {
      calls.push(key);
      if (key === "bad") throw new Error("no answer");
      return `${key}@${nowMs}`;
    };
    const get = (key: string, at: number) => memo.get(key, compute(key), fixedClock(at));
    expect(await Promise.all([get("a", 0), get("a", 0)])).toEqual(["a@0", "a@0"]);
    expect(await get("a", 999)).toBe("a@0");
    expect(await get("a", 1000)).toBe("a@1000");
    await expect(get("bad", 1000)).rejects.toThrow("no answer");
    await expect(get("bad", 1001)).rejects.toThrow("no answer");
    expect(calls).toEqual(["a", "a", "bad", "bad"]);
    expect(await get("b", 1000)).toBe("b@1000");
    // a third key drops the oldest computed ("a")
    expect(await get("c", 1000)).toBe("c@1000");
    expect(await get("b", 1001)).toBe("b@1000");
    expect(await get("a", 1001)).toBe("a@1001");
    memo.delete("a");
    expect(await get("a", 1002)).toBe("a@1002");
    memo.deleteWhere((key) => key !== "a");
    expect(await get("c", 1003)).toBe("c@1003");
    // a clock that went back recomputes
    expect(await get("c", 500)).toBe("c@500");
    // the computation is given the key: one module-level function can serve every key
    const echo = async (nowMs: number, key: string) => `${key}#${nowMs}`;
    expect(await memo.get("d", echo, fixedClock(600))).toBe("d#600");
  });
});
