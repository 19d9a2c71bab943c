// Values recomputed at most once per `ttlMs` of the injected clock; concurrent
// callers share one computation, and a failed computation is not kept.
// `ttlMemo` holds one value; `keyedTtlMemo` one per key, at most `maxEntries`
// (the oldest computed is dropped first).
import { systemClock, type Clock } from "@/lib/clock";

export type TtlMemo<T> = { get(clock?: Clock): Promise<T>; clear(): void };

export type KeyedTtlMemo<T> = {
  /**
   * the value for `key`, computed by `compute` (given the instant, epoch ms, and the key:
   * a module-level function serves, no closure per call) when missing or stale
   */
  get(key: string, compute: (nowMs: number, key: string) => Promise<T>, clock?: Clock): Promise<T>;
  delete(key: string): void;
  /** forgets every key that `matches` */
  deleteWhere(matches: (key: string) => boolean): void;
  clear(): void;
};

export function keyedTtlMemo<T>(ttlMs: number, maxEntries: number): KeyedTtlMemo<T> {
  const entries = new Map<string, { computedAtMs: number; value: Promise<T> }>();
  return {
    get(key, compute, clock = systemClock) {
      const nowMs = clock();
      const cached = entries.get(key);
      // a clock that went back recomputes too
      if (cached && nowMs - cached.computedAtMs < ttlMs && nowMs >= cached.computedAtMs) return cached.value;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const entry = { computedAtMs: nowMs, value: compute(nowMs, key) };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(matches) {
      for (const key of entries.keys()) if (matches(key)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}

/** `compute` gets the instant (epoch ms) the value is computed for. */
export function ttlMemo<T>(ttlMs: number, compute: (nowMs: number) => Promise<T>): TtlMemo<T> {
  const memo = keyedTtlMemo<T>(ttlMs, 1);
  return {
    get: (clock = systemClock) => memo.get("", compute, clock),
    clear: () => memo.clear(),
  };
}
