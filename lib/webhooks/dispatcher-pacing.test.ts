// The dispatcher's pacing, with the attempt steps replaced by fakes that each
// test sets (state.claim, state.send, state.record; by default every step finds
// nothing, and the loop waits the idle period):
// - back-pressure: a slot frees when the answer is in, but answered attempts
//   whose outcome is not recorded yet count too (at most maxInFlight more), so
//   a receiver that fails fast cannot pile up unrecorded attempts while each
//   failure waits for its own transaction;
// - claims when the per-endpoint limit, not the slots, holds deliveries back
//   (fewer busy endpoints than maxInFlight / per-endpoint limit, as with one
//   advertiser's backlog): no claim again at once after a short claim (it would
//   find nothing: a transaction per round for no delivery), nor one per
//   finished attempt, but one when half of the attempts under way have finished.
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import type { ClaimedWebhookDelivery } from "./attempts";
import type { SendOutcome } from "./send";

type Claim = (limit: number, perEndpoint: number, busy: ReadonlyMap<string, number>) => ClaimedWebhookDelivery[];

const state = vi.hoisted(() => ({
  claim: (() => []) as Claim,
  send: (() => Promise.resolve(null)) as () => Promise<SendOutcome | null>,
  record: () => Promise.resolve(),
}));

vi.mock("./attempts", () => ({
  claimDueWebhookDeliveries: async (
    _context: unknown,
    limit: number,
    perEndpoint: number,
    busy: ReadonlyMap<string, number>,
  ) => state.claim(limit, perEndpoint, busy),
  sendClaimedDelivery: () => state.send(),
  recordAttempt: () => state.record(),
  recordSuccesses: async () => {},
}));
vi.mock("./fan-out", () => ({ fanOutEvents: async () => 0 }));
vi.mock("./batches", () => ({ flushDueBatches: async () => 0 }));
vi.mock("./prune", () => ({ pruneWebhookData: async () => 0 }));

const { WebhookDispatcher } = await import("./dispatcher");

const delivery = (id: string, endpointId: string) =>
  ({ id, endpointId, token: "t", attempts: 0 }) as ClaimedWebhookDelivery;

afterEach(() => {
  state.claim = () => [];
  state.send = () => Promise.resolve(null);
  state.record = () => Promise.resolve();
});

describe("WebhookDispatcher slots", () => {
  it("claims no more while maxInFlight answered attempts wait for their records, and again once they are recorded", async () => {
    let claimed = 0;
    let recorded = 0;
    let maxUnrecorded = 0;
    const limits: number[] = [];
    const releases: (() => void)[] = [];
    state.claim = (limit) => {
      // without back-pressure the loop would claim forever on microtasks alone: fail the step instead
      if (claimed > 1000) throw new Error("runaway claims");
      limits.push(limit);
      return Array.from({ length: limit }, () => delivery(`whd_${claimed++}`, `ep_${claimed % 16}`));
    };
    // every send fails at once (a 500), so each outcome is recorded by itself
    state.send = async () => ({ ok: false, statusCode: 500, durationMs: 1, error: "HTTP 500", gone: false });
    state.record = () => {
      maxUnrecorded = Math.max(maxUnrecorded, claimed - recorded);
      return new Promise<void>((resolve) =>
        releases.push(() => {
          recorded++;
          resolve();
        }),
      );
    };
    const controller = new AbortController();
    let rounds = 0;
    const wait = async () => {
      rounds++;
      // the records are slow: release them only after a few rounds found no free slot
      if (rounds === 3) for (const release of releases.splice(0)) release();
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
    for (const release of releases.splice(0)) release();
    await running;

    // 8 requests at a time, and never more than 8 more answered but unrecorded
    expect(Math.max(...limits)).toBe(8);
    expect(maxUnrecorded).toBeLessThanOrEqual(16);
    // before the first release: exactly 16 claimed (8 sent, answered, then 8 more)
    expect(limits.slice(0, 2)).toEqual([8, 8]);
    // after the release the dispatcher claimed again
    expect(claimed).toBeGreaterThan(16);
    expect(recorded).toBe(claimed);
  });
});

describe("WebhookDispatcher claims", () => {
  it("with one endpoint at its limit, claims once per half of the attempts under way, never for nothing", async () => {
    // 40 due deliveries of one endpoint
    let due = 40;
    let claimed = 0;
    /** claims made while deliveries were due, and what each returned */
    const claims: number[] = [];
    const answers: (() => void)[] = [];
    state.claim = (limit, perEndpoint, busy) => {
      if (claims.length > 1000) throw new Error("runaway claims");
      const take = Math.max(0, Math.min(limit, perEndpoint - (busy.get("ep_1") ?? 0), due));
      if (due > 0) claims.push(take);
      due -= take;
      return Array.from({ length: take }, () => delivery(`whd_${claimed++}`, "ep_1"));
    };
    state.send = () =>
      new Promise((resolve) =>
        answers.push(() => resolve({ ok: true, statusCode: 200, durationMs: 1, error: null, gone: false })),
      );
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
    while (claimed < 40 || answers.length > 0) {
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(0));
      answers.shift()!();
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    }
    controller.abort();
    await running;

    expect(claimed).toBe(40);
    // the first claim fills the endpoint's 4, then one claim of 2 per 2 answers
    expect(claims[0]).toBe(4);
    expect(claims.slice(1).every((taken) => taken === 2)).toBe(true);
    expect(claims.length).toBe(19);
  });
});

describe("WebhookDispatcher idle", () => {
  it("waits the plain idle period when rounds succeed with nothing to do", async () => {
    const controller = new AbortController();
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
      if (waits.length >= 3) controller.abort();
    };
    const lines: { level: number }[] = [];
    const log = pino(
      { level: "debug" },
      { write: (line: string) => lines.push(JSON.parse(line) as { level: number }) },
    );
    const dispatcher = new WebhookDispatcher({ db: {} as Db, log, idleMs: 250, wait, now: () => 0 });
    await dispatcher.run(controller.signal);
    expect(waits).toEqual([250, 250, 250]);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });
});
