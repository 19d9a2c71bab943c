// The dispatcher's claim pacing when the per-endpoint limit, not the slots,
// holds deliveries back (fewer busy endpoints than maxInFlight / per-endpoint
// limit, the common case of one advertiser's backlog). The loop must not claim
// again at once after a short claim (it would find nothing: a transaction per
// round for no delivery), nor claim once per finished attempt: it claims when
// half of the attempts under way have finished. The attempt steps are fakes;
// the test answers the requests one at a time.
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import type { ClaimedWebhookDelivery } from "./attempts";

const state = vi.hoisted(() => ({
  /** due deliveries of the one endpoint not claimed yet */
  due: 0,
  claimed: 0,
  /** claims made while deliveries were due, and what each returned */
  claims: [] as number[],
  answers: [] as (() => void)[],
}));

vi.mock("./attempts", () => ({
  claimDueWebhookDeliveries: async (
    _context: unknown,
    limit: number,
    perEndpoint: number,
    busy: ReadonlyMap<string, number>,
  ) => {
    if (state.claims.length > 1000) throw new Error("runaway claims");
    const take = Math.min(limit, perEndpoint - (busy.get("ep_1") ?? 0), state.due);
    if (state.due > 0) state.claims.push(Math.max(0, take));
    return Array.from({ length: Math.max(0, take) }, () => {
      state.due--;
      return { id: `whd_${state.claimed++}`, endpointId: "ep_1", token: "t", attempts: 0 } as ClaimedWebhookDelivery;
    });
  },
  sendClaimedDelivery: () =>
    new Promise((resolve) =>
      state.answers.push(() => resolve({ ok: true, statusCode: 200, durationMs: 1, error: null, gone: false })),
    ),
  recordAttempt: async () => {},
  recordSuccesses: async () => {},
}));
vi.mock("./fan-out", () => ({ fanOutEvents: async () => 0 }));
vi.mock("./batches", () => ({ flushDueBatches: async () => 0 }));
vi.mock("./prune", () => ({ pruneWebhookData: async () => 0 }));

const { WebhookDispatcher } = await import("./dispatcher");

afterEach(() => {
  Object.assign(state, { due: 0, claimed: 0, claims: [], answers: [] });
});

describe("WebhookDispatcher claims", () => {
  it("with one endpoint at its limit, claims once per half of the attempts under way, never for nothing", async () => {
    state.due = 40;
    const controller = new AbortController();
    const dispatcher = new WebhookDispatcher({
      db: {} as Db,
      log: pino({ level: "silent" }),
      maxInFlight: 32,
      maxInFlightPerEndpoint: 4,
      // the idle timer never fires: only finished attempts wake the loop
      wait: (_ms, signal) => new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve())),
      now: () => 0,
    });
    const running = dispatcher.run(controller.signal);
    // answer the requests one at a time, oldest first, letting the loop run between answers
    while (state.claimed < 40 || state.answers.length > 0) {
      await vi.waitFor(() => expect(state.answers.length).toBeGreaterThan(0));
      state.answers.shift()!();
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    }
    controller.abort();
    await running;

    expect(state.claimed).toBe(40);
    // the first claim fills the endpoint's 4, then one claim of 2 per 2 answers
    expect(state.claims[0]).toBe(4);
    expect(state.claims.slice(1).every((taken) => taken === 2)).toBe(true);
    expect(state.claims.length).toBe(19);
  });
});
