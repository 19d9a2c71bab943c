// A value recomputed at most once per `ttlMs` of the injected clock; concurrent
// callers share one computation, and a failed computation is not kept.
import { systemClock, type Clock } from "@/lib/clock";

export type TtlMemo<T> = { get(clock?: Clock): Promise<T>; clear(): void };

/** `compute` gets the instant (epoch ms) the value is computed for. */
export function ttlMemo<T>(ttlMs: number, compute: (nowMs: number) => Promise<T>): TtlMemo<T> {
  let cached: { computedAtMs: number; value: Promise<T> } | undefined;
  return {
    get(clock = systemClock) {
      const nowMs = clock();
      if (!cached || nowMs - cached.computedAtMs >= ttlMs || nowMs < cached.computedAtMs) {
        const value = compute(nowMs);
        const entry = { computedAtMs: nowMs, value };
        cached = entry;
        value.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.value;
    },
    clear() {
      cached = undefined;
    },
  };
}
