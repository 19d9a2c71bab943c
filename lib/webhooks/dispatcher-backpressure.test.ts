// The dispatcher's slots: a slot frees when the answer is in, but answered
// attempts whose outcome is not recorded yet count too (at most maxInFlight more),
// so a receiver that fails fast cannot pile up unrecorded attempts while each
// failure waits for its own transaction. The attempt steps are replaced by fakes
// whose records the test releases by hand.
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import type { ClaimedWebhookDelivery } from "./attempts";

const state = vi.hoisted(() => ({
  claimed: 0,
  recorded: 0,
  maxUnrecorded: 0,
  limits: [] as number[],
  releases: [] as (() => void)[],
}));

vi.mock("./attempts", () => ({
  claimDueWebhookDeliveries: async (_context: unknown, limit: number) => {
    // without back-pressure the loop would claim forever on microtasks alone: fail the step instead
    if (state.claimed > 1000) throw new Error("runaway claims");
    state.limits.push(limit);
    return Array.from({ length: limit }, () => {
      const id = `whd_${state.claimed++}`;
      return { id, endpointId: `ep_${state.claimed % 16}`, token: "t", attempts: 0 } as ClaimedWebhookDelivery;
    });
  },
  // every send fails at once (a 500), so each outcome is recorded by itself
  sendClaimedDelivery: async () => ({ ok: false, statusCode: 500, durationMs: 1, error: "HTTP 500", gone: false }),
  recordAttempt: () => {
    state.maxUnrecorded = Math.max(state.maxUnrecorded, state.claimed - state.recorded);
    return new Promise<void>((resolve) =>
      state.releases.push(() => {
        state.recorded++;
        resolve();
      }),
    );
  },
  recordSuccesses: async () => {},
}));
vi.mock("./fan-out", () => ({ fanOutEvents: async () => 0 }));
vi.mock("./batches", () => ({ flushDueBatches: async () => 0 }));
vi.mock("./prune", () => ({ pruneWebhookData: async () => 0 }));

const { WebhookDispatcher } = await import("./dispatcher");

afterEach(() => {
  Object.assign(state, { claimed: 0, recorded: 0, maxUnrecorded: 0, limits: [], releases: [] });
});

describe("WebhookDispatcher slots", () => {
  it("claims no more while maxInFlight answered attempts wait for their records, and again once they are recorded", async () => {
    const controller = new AbortController();
    let rounds = 0;
    const wait = async () => {
      rounds++;
      // the records are slow: release them only after a few rounds found no free slot
      if (rounds === 3) for (const release of state.releases.splice(0)) release();
      if (rounds >= 6) controller.abort();
    };
    const dispatcher = new WebhookDispatcher({
      db: {} as Db,
      log: pino({ level: "silent" }),
      maxInFlight: 8,
      idleMs: 10,
      wait,
      now: () => 0,
    });
    const running = dispatcher.run(controller.signal);
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(6));
    for (const release of state.releases.splice(0)) release();
    await running;

    // 8 requests at a time, and never more than 8 more answered but unrecorded
    expect(Math.max(...state.limits)).toBe(8);
    expect(state.maxUnrecorded).toBeLessThanOrEqual(16);
    // before the first release: exactly 16 claimed (8 sent, answered, then 8 more)
    expect(state.limits.slice(0, 2)).toEqual([8, 8]);
    // after the release the dispatcher claimed again
    expect(state.claimed).toBeGreaterThan(16);
    expect(state.recorded).toBe(state.claimed);
  });
});
