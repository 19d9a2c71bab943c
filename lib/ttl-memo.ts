// A value recomputed at most once per `ttlMs` of the injected clock; concurrent
// callers share one computation, and a failed computation is not kept.
export type TtlMemo<T> = { get(now?: Date): Promise<T>; clear(): void };

export function ttlMemo<T>(ttlMs: number, compute: (now: Date) => Promise<T>): TtlMemo<T> {
  let cached: { computedAtMs: number; value: Promise<T> } | undefined;
  return {
    get(now = new Date()) {
      if (!cached || now.getTime() - cached.computedAtMs >= ttlMs || now.getTime() < cached.computedAtMs) {
        const value = compute(now);
        const entry = { computedAtMs: now.getTime(), value };
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
