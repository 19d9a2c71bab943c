// Group commit for the delivery hot path: decisions and clicks queue their rows
// and wait; whatever queued while the previous batch was being written goes
// into the next one, in one transaction (rows, counters, rollups, outbox). A
// 200 answer therefore always stands for a committed impression, and the cost
// of a commit is shared by every decision in the batch
// (docs/decisions/0402-delivery-writes.md).
import type { Logger } from "pino";
import { AppError } from "@/lib/errors";
import { utcDay } from "@/lib/domain/campaigns/pacing";
import {
  StoreBusyError,
  type AuctionRecord,
  type BatchResult,
  type ClickRecord,
  type DeliveryStore,
  type ImpressionRecord,
  type ImpressionVerdict,
  type MomentCommit,
  type MomentToOpen,
  type OpenedMoment,
  type WriteBatch,
} from "../records";

type Waiter<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
type PendingImpression = Waiter<ImpressionVerdict> & { record: ImpressionRecord };
type PendingClick = Waiter<boolean> & { record: ClickRecord };
/** A moment's rows: committed alone, whole, in one transaction. */
export type MomentRows = { impressions: ImpressionRecord[]; auctions: AuctionRecord[]; moment: MomentCommit };
type PendingMoment = Waiter<ImpressionVerdict[]> & { rows: MomentRows };

export type WriterOptions = {
  clock: () => number;
  log: Logger;
  /** called after each committed batch, before the waiters resume */
  onCommitted?: (result: BatchResult) => void;
  maxBatch?: number;
  /** give up on a busy database after this long (the decisions fail with 503) */
  busyTimeoutMs?: number;
};

export class DeliveryWriter {
  readonly #store: DeliveryStore;
  readonly #options: Required<Omit<WriterOptions, "onCommitted">> & Pick<WriterOptions, "onCommitted">;
  #impressions: PendingImpression[] = [];
  #clicks: PendingClick[] = [];
  #auctions: AuctionRecord[] = [];
  #moments: PendingMoment[] = [];
  /** a moment went last: the next run takes the queued single decisions first, so neither kind starves */
  #momentWentLast = false;
  #scheduled = false;
  #running: Promise<void> | null = null;
  #committing = false;
  #busySince = 0;
  /** number of committed batches (tests and stats) */
  batches = 0;

  constructor(store: DeliveryStore, options: WriterOptions) {
    this.#store = store;
    this.#options = { maxBatch: 1000, busyTimeoutMs: 5000, ...options };
  }

  submitImpression(record: ImpressionRecord): Promise<ImpressionVerdict> {
    return new Promise((resolve, reject) => {
      this.#impressions.push({ record, resolve, reject });
      this.#schedule(0);
    });
  }

  submitClick(record: ClickRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.#clicks.push({ record, resolve, reject });
      this.#schedule(0);
    });
  }

  /**
   * A moment fanned out to many users: its rows are committed in a transaction of
   * their own, never split, never joined with other decisions. Resolves with the
   * verdicts of the impressions, then of the rebids' replacements (BatchResult).
   */
  submitMoment(rows: MomentRows): Promise<ImpressionVerdict[]> {
    return new Promise((resolve, reject) => {
      this.#moments.push({ rows, resolve, reject });
      this.#schedule(0);
    });
  }

  /**
   * Begins a moment's transaction before its auctions run (DeliveryStore.openMoment),
   * only while no commit of this writer is under way: the caller submits the moment in the same turn
   * of the event loop, so no other batch of this instance can come between and wait
   * on the locks the moment holds. Undefined when busy or not supported.
   */
  openMoment(moment: MomentToOpen): OpenedMoment | undefined {
    if (!this.#store.openMoment || this.#committing || this.#retryTimer || this.pending > 0) return;
    return this.#store.openMoment(moment);
  }

  /** An auction without an impression: written with the next batch, nobody waits for it. */
  submitAuction(record: AuctionRecord): void {
    this.#auctions.push(record);
    this.#schedule(0);
  }

  get pending(): number {
    return this.#impressions.length + this.#clicks.length + this.#auctions.length + this.#moments.length;
  }

  /** Resolves once everything queued so far is written (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.pending > 0 || this.#running || this.#scheduled || this.#retryTimer) {
      if (this.#running) await this.#running;
      else await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  #schedule(delayMs: number): void {
    if (this.#scheduled || this.#running || this.#retryTimer) return;
    this.#scheduled = true;
    const run = () => {
      this.#scheduled = false;
      this.#running = this.#run().finally(() => {
        this.#running = null;
        if (this.pending > 0 && !this.#retryTimer) this.#schedule(0);
      });
    };
    // setImmediate: every request parsed in this turn of the event loop joins the batch
    // (waiting longer for bigger batches was measured: it costs more latency than it saves)
    if (delayMs === 0) setImmediate(run);
    else setTimeout(run, delayMs);
  }

  async #run(): Promise<void> {
    const singles = this.#impressions.length + this.#clicks.length + this.#auctions.length > 0;
    // a moment whose transaction is open holds its users' locks: it goes first (openMoment)
    const opened = this.#moments.findIndex((pending) => pending.rows.moment.opened);
    if (opened > 0) this.#moments.unshift(...this.#moments.splice(opened, 1));
    if (this.#moments.length && (opened >= 0 || !(singles && this.#momentWentLast))) {
      this.#momentWentLast = true;
      return this.#runMoment(this.#moments.shift()!);
    }
    this.#momentWentLast = false;
    const max = this.#options.maxBatch;
    const impressions = this.#impressions.splice(0, max);
    const clicks = this.#clicks.splice(0, max);
    const auctions = this.#auctions.splice(0, max * 2);
    if (!impressions.length && !clicks.length && !auctions.length) return;
    const nowMs = this.#options.clock();
    let result: BatchResult;
    try {
      result = await this.#commit({
        impressions: impressions.map((pending) => pending.record),
        clicks: clicks.map((pending) => pending.record),
        auctions,
        day: utcDay(nowMs),
        nowMs,
      });
    } catch (error) {
      if (
        error instanceof StoreBusyError &&
        (this.#busySince === 0 || nowMs - this.#busySince < this.#options.busyTimeoutMs)
      ) {
        if (this.#busySince === 0) this.#busySince = nowMs;
        // put the batch back in front and try again shortly
        this.#impressions.unshift(...impressions);
        this.#clicks.unshift(...clicks);
        this.#auctions.unshift(...auctions);
        this.#scheduleRetry();
        return;
      }
      this.#busySince = 0;
      this.#options.log.error(
        { err: error, impressions: impressions.length, clicks: clicks.length },
        "delivery batch failed",
      );
      const failure =
        error instanceof StoreBusyError
          ? new AppError("unavailable", { detail: "The database is busy; try again.", cause: error })
          : error;
      for (const pending of [...impressions, ...clicks]) pending.reject(failure);
      return;
    }
    this.#busySince = 0;
    this.batches += 1;
    this.#options.onCommitted?.(result);
    impressions.forEach((pending, index) => pending.resolve(result.impressions[index]!));
    clicks.forEach((pending, index) => pending.resolve(result.clicks[index]!));
  }

  async #runMoment(pending: PendingMoment): Promise<void> {
    const nowMs = this.#options.clock();
    let result: BatchResult;
    try {
      result = await this.#commit({
        impressions: pending.rows.impressions,
        auctions: pending.rows.auctions,
        clicks: [],
        day: utcDay(nowMs),
        nowMs,
        moment: pending.rows.moment,
      });
    } catch (error) {
      // a busy store began nothing (the plan and its rebids never ran): try the moment again shortly
      if (
        error instanceof StoreBusyError &&
        (this.#busySince === 0 || nowMs - this.#busySince < this.#options.busyTimeoutMs)
      ) {
        if (this.#busySince === 0) this.#busySince = nowMs;
        this.#moments.unshift(pending);
        this.#scheduleRetry();
        return;
      }
      this.#busySince = 0;
      this.#options.log.error({ err: error, impressions: pending.rows.impressions.length }, "moment commit failed");
      pending.reject(
        error instanceof StoreBusyError
          ? new AppError("unavailable", { detail: "The database is busy; try again.", cause: error })
          : error,
      );
      return;
    }
    this.#busySince = 0;
    this.batches += 1;
    this.#options.onCommitted?.(result);
    pending.resolve(result.impressions);
  }

  /** the store's commit, with `#committing` set while its transaction may hold locks */
  async #commit(batch: WriteBatch): Promise<BatchResult> {
    this.#committing = true;
    try {
      return await this.#store.commit(batch);
    } finally {
      this.#committing = false;
    }
  }

  #retryTimer = false;
  #scheduleRetry(): void {
    if (this.#retryTimer) return;
    this.#retryTimer = true;
    setTimeout(() => {
      this.#retryTimer = false;
      this.#schedule(0);
    }, 2);
  }
}
