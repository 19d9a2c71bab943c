// The webhook dispatcher: a loop that fans out the outbox, makes impression
// batches, and keeps up to `maxInFlight` delivery requests going (at most
// `maxInFlightPerEndpoint` to one endpoint, and at most `maxInFlight` more
// answered but not yet recorded), sleeping briefly when idle. Every
// step claims its rows atomically, so any number of app instances (or
// `npm run worker` processes) may run it against one database.
import { setTimeout as sleep } from "node:timers/promises";
import { HOUR_MS } from "@/lib/clock";
import {
  claimDueWebhookDeliveries,
  recordAttempt,
  recordSuccesses,
  sendClaimedDelivery,
  type ClaimedWebhookDelivery,
} from "./attempts";
import { flushDueBatches } from "./batches";
import { dispatchContext, LostClaimError, type DispatchContext } from "./context";
import { fanOutEvents } from "./fan-out";
import { pruneWebhookData } from "./prune";
import type { SendOutcome } from "./send";

/** Successes recorded in one transaction: at most this many... */
const GROUP_MAX = 32;
/** ...waiting at most this long for others to join. */
const GROUP_WAIT_MS = 5;

/** the reason a round's wait is cancelled with (a shared value: no DOMException built per round) */
const ROUND_OVER = new Error("dispatcher round over");

export type DispatcherOptions = Partial<DispatchContext> & {
  maxInFlight?: number;
  maxInFlightPerEndpoint?: number;
  /** sleep when a round found nothing to do */
  idleMs?: number;
  /** how often old outbox rows and finished deliveries are deleted */
  pruneEveryMs?: number;
  /** waits `ms` or until `signal` aborts, whichever comes first (tests inject one that returns at once) */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
};

function realWait(ms: number, signal: AbortSignal): Promise<void> {
  return sleep(ms, undefined, { signal }).catch(() => undefined);
}

export class WebhookDispatcher {
  readonly context: DispatchContext;
  readonly #maxInFlight: number;
  readonly #perEndpoint: number;
  readonly #idleMs: number;
  readonly #pruneEveryMs: number;
  readonly #wait: (ms: number, signal: AbortSignal) => Promise<void>;
  /** attempts whose request is under way: what the slot limits count */
  readonly #sending = new Map<string, { endpointId: string; sent: Promise<void> }>();
  /** attempts not finished yet (sending, or answered and waiting for their outcome's record) */
  readonly #inFlight = new Map<string, Promise<void>>();
  #nextPruneMs = 0;
  /** until when fan-out and batching are skipped (they found nothing while attempts were in flight) */
  #quietUntilMs = 0;
  /** successes waiting for the next group commit of attempt outcomes */
  #successes: {
    item: { delivery: ClaimedWebhookDelivery; outcome: SendOutcome };
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  #groupTimer: NodeJS.Timeout | null = null;
  #recording: Promise<void> | null = null;
  /** consecutive rounds with a failed step (database down...): wait longer, log less */
  #failedRounds = 0;
  #roundFailed = false;
  /**
   * The last round may have left work it could start now: fan-out or batching
   * found some, or the claim filled every free slot. False when the claim came
   * back short (what is due belongs to endpoints at their limit, or nothing
   * is): the next claim waits for attempts to finish instead of finding nothing.
   */
  #moreNow = false;

  constructor(options: DispatcherOptions = {}) {
    const { maxInFlight, maxInFlightPerEndpoint, idleMs, pruneEveryMs, wait, ...context } = options;
    this.context = dispatchContext(context);
    this.#maxInFlight = maxInFlight ?? 32;
    this.#perEndpoint = maxInFlightPerEndpoint ?? 4;
    this.#idleMs = idleMs ?? 250;
    this.#pruneEveryMs = pruneEveryMs ?? HOUR_MS;
    this.#wait = wait ?? realWait;
  }

  /**
   * Requests that may start now: at most maxInFlight under way, and at most as many
   * again answered but not yet recorded (back-pressure when records fall behind, as
   * when a receiver fails fast and each failure is its own transaction).
   */
  #freeSlots(): number {
    return Math.max(0, Math.min(this.#maxInFlight - this.#sending.size, 2 * this.#maxInFlight - this.#inFlight.size));
  }

  /** One round: fan out, batch, start attempts for free slots. Returns the amount of work found. */
  async tick(): Promise<number> {
    this.#roundFailed = false;
    this.#moreNow = false;
    let work = 0;
    // fan-out and batching found nothing last time: look again after the idle period, not
    // on every round that only refills delivery slots (new events wait no longer than idle)
    const now0 = this.context.now();
    if (now0 >= this.#quietUntilMs) {
      const found =
        (await this.#step("fan-out", () => fanOutEvents(this.context))) +
        (await this.#step("batches", () => flushDueBatches(this.context)));
      if (found === 0 && this.#sending.size > 0) this.#quietUntilMs = now0 + this.#idleMs;
      if (found > 0) this.#moreNow = true;
      work += found;
    }
    work += await this.#step("deliveries", async () => {
      const busy = new Map<string, number>();
      for (const { endpointId } of this.#sending.values()) busy.set(endpointId, (busy.get(endpointId) ?? 0) + 1);
      const free = this.#freeSlots();
      const claimed = await claimDueWebhookDeliveries(this.context, free, this.#perEndpoint, busy);
      if (free > 0 && claimed.length === free) this.#moreNow = true;
      for (const delivery of claimed) this.#start(delivery);
      return claimed.length;
    });
    const now = this.context.now();
    if (now >= this.#nextPruneMs) {
      this.#nextPruneMs = now + this.#pruneEveryMs;
      await this.#step("prune", () => pruneWebhookData(this.context));
    }
    this.#failedRounds = this.#roundFailed ? this.#failedRounds + 1 : 0;
    return work;
  }

  /**
   * Rounds until nothing is left to do now (in-flight attempts awaited): what
   * tests use with an injected clock. Batches not yet due and retries not yet
   * due stay for a later call.
   */
  async drain(maxRounds = 1000): Promise<void> {
    for (let round = 0; round < maxRounds; round++) {
      const work = await this.tick();
      const settled = await this.#settleAll();
      if (work === 0 && settled === 0) return;
    }
    throw new Error("webhook dispatcher did not settle");
  }

  /** Runs until `signal` aborts, then waits for attempts in flight (their results are recorded). */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.tick();
      if (signal.aborted) break;
      if (this.#moreNow && this.#freeSlots() > 0 && this.#failedRounds === 0) continue;
      // idle, every slot taken, nothing more to start now, or failing: wait for the
      // idle period (longer after failures, up to 10 s) or finished attempts
      const waitMs = this.#failedRounds
        ? Math.min(10_000, this.#idleMs * 2 ** Math.min(this.#failedRounds, 6))
        : this.#idleMs;
      // claim again once half of the attempts under way have finished: one claim (a
      // sorted read of the due deliveries, a transaction) per group, not one per
      // finished attempt, also when the per-endpoint limit is what holds the rest back
      const refill = Math.max(1, Math.floor(this.#sending.size / 2));
      // or, with nothing under way but records behind (no free slot), once one is recorded
      const finished = this.#sending.size
        ? settled(
            [...this.#sending.values()].map((entry) => entry.sent),
            refill,
          )
        : this.#inFlight.size
          ? settled([...this.#inFlight.values()], 1)
          : undefined;
      // the wait's timer is cancelled when a finished attempt wins the race
      const round = new AbortController();
      const stopRound = () => round.abort(ROUND_OVER);
      signal.addEventListener("abort", stopRound, { once: true });
      try {
        await Promise.race([this.#wait(waitMs, round.signal), ...(finished ? [finished] : [])]);
      } finally {
        signal.removeEventListener("abort", stopRound);
        round.abort(ROUND_OVER);
      }
    }
    await this.#settleAll();
  }

  /**
   * Sends, then records: the slot is free as soon as the answer is in (the row
   * stays claimed until its outcome is recorded, so no other claim takes it).
   */
  #start(delivery: ClaimedWebhookDelivery): void {
    const outcome = sendClaimedDelivery(this.context, delivery);
    const sent = outcome.then(
      () => undefined,
      () => undefined,
    );
    this.#sending.set(delivery.id, { endpointId: delivery.endpointId, sent });
    void sent.finally(() => this.#sending.delete(delivery.id));
    const done = this.#record(delivery, outcome)
      .catch((error: unknown) =>
        this.context.log.error({ err: error, deliveryId: delivery.id }, "webhook attempt failed to record"),
      )
      .finally(() => this.#inFlight.delete(delivery.id));
    this.#inFlight.set(delivery.id, done);
  }

  /**
   * A failure is recorded at once, a success with the others that finish
   * within GROUP_WAIT_MS (or as soon as GROUP_MAX wait): on SQLite each
   * transaction blocks the event loop, one per success would cap the dispatcher
   * at a few hundred a second.
   */
  async #record(delivery: ClaimedWebhookDelivery, sending: Promise<SendOutcome | null>): Promise<void> {
    const outcome = await sending;
    if (!outcome) return;
    if (!outcome.ok) return recordAttempt(this.context, delivery, outcome);
    return new Promise<void>((resolve, reject) => {
      this.#successes.push({ item: { delivery, outcome }, resolve, reject });
      if (this.#successes.length >= GROUP_MAX) this.#flushSuccesses();
      else this.#groupTimer ??= setTimeout(() => this.#flushSuccesses(), GROUP_WAIT_MS);
    });
  }

  /**
   * One group commit of the waiting successes (one at a time; what arrives meanwhile
   * goes in the next). If it fails, its deliveries stay claimed and are sent again
   * after the lease (at least once).
   */
  #flushSuccesses(): void {
    if (this.#groupTimer) clearTimeout(this.#groupTimer);
    this.#groupTimer = null;
    if (this.#recording || this.#successes.length === 0) return;
    const group = this.#successes;
    this.#successes = [];
    this.#recording = recordSuccesses(
      this.context,
      group.map((entry) => entry.item),
    )
      .then(
        () => group.forEach((entry) => entry.resolve()),
        (error: unknown) => group.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        this.#recording = null;
        if (this.#successes.length) this.#flushSuccesses();
      });
  }

  async #settleAll(): Promise<number> {
    const pending = [...this.#inFlight.values()];
    await Promise.all(pending);
    return pending.length;
  }

  async #step(name: string, run: () => Promise<number>): Promise<number> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof LostClaimError) {
        this.context.log.warn({ step: name, reason: error.message }, "webhook claim taken over by another instance");
        return 1;
      }
      this.#roundFailed = true;
      // once per streak at error level; repeats while the fault lasts at debug
      if (this.#failedRounds === 0)
        this.context.log.error({ err: error, step: name }, "webhook dispatcher step failed");
      else
        this.context.log.debug(
          { err: error, step: name, failedRounds: this.#failedRounds },
          "webhook dispatcher step failed again",
        );
      return 0;
    }
  }
}

/** Resolves once `count` of `promises` have settled (or all of them, if fewer). */
function settled(promises: readonly Promise<unknown>[], count: number): Promise<void> {
  const needed = Math.min(count, promises.length);
  let seen = 0;
  return new Promise((resolve) => {
    for (const promise of promises)
      void promise.finally(() => {
        if (++seen >= needed) resolve();
      });
  });
}
