// Group commit for single decisions and clicks: each queues its rows and waits;
// whatever queued while the previous batch was being written goes into the next
// one, in one transaction (rows, counters, rollups, outbox). A 200 answer therefore
// always stands for a committed impression, and the cost of a commit is shared by
// every decision in the batch (docs/decisions/0402-delivery-writes.md). Moments
// commit alone (DeliveryStore.commitMoment).
import type { Logger } from "pino";
import { utcDay } from "@/lib/domain/campaigns/pacing";
import { metrics } from "@/lib/observability/metrics";
import { withSpan } from "@/lib/observability/tracing";
import type {
  AuctionRecord,
  BatchResult,
  ClickRecord,
  DeliveryStore,
  ImpressionRecord,
  ImpressionVerdict,
} from "../store/delivery-store";
import { whenNotBusy, type BusyRetry } from "./busy-retry";

type Waiter<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
type PendingImpression = Waiter<ImpressionVerdict> & { record: ImpressionRecord };
type PendingClick = Waiter<boolean> & { record: ClickRecord };

export type WriterOptions = BusyRetry & {
  log: Logger;
  /** called after each committed batch, before the waiters resume */
  onCommitted?: (result: BatchResult) => void;
  maxBatch?: number;
};

export class DeliveryWriter {
  readonly #store: DeliveryStore;
  readonly #options: WriterOptions & { maxBatch: number };
  #impressions: PendingImpression[] = [];
  #clicks: PendingClick[] = [];
  #auctions: AuctionRecord[] = [];
  #scheduled = false;
  #running: Promise<void> | null = null;
  /** number of committed batches (tests and stats) */
  batches = 0;

  constructor(store: DeliveryStore, options: WriterOptions) {
    this.#store = store;
    this.#options = { maxBatch: 1000, ...options };
  }

  submitImpression(record: ImpressionRecord): Promise<ImpressionVerdict> {
    return new Promise((resolve, reject) => {
      this.#impressions.push({ record, resolve, reject });
      this.#schedule();
    });
  }

  submitClick(record: ClickRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.#clicks.push({ record, resolve, reject });
      this.#schedule();
    });
  }

  /** An auction without an impression: written with the next batch, nobody waits for it. */
  submitAuction(record: AuctionRecord): void {
    this.#auctions.push(record);
    this.#schedule();
  }

  get pending(): number {
    return this.#impressions.length + this.#clicks.length + this.#auctions.length;
  }

  /** Resolves once everything queued so far is written (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.pending > 0 || this.#running || this.#scheduled) {
      if (this.#running) await this.#running;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    // setImmediate: every request parsed in this turn of the event loop joins the batch
    setImmediate(() => {
      this.#scheduled = false;
      this.#running = this.#run().finally(() => {
        this.#running = null;
        if (this.pending > 0) this.#schedule();
      });
    });
  }

  async #run(): Promise<void> {
    const max = this.#options.maxBatch;
    const impressions = this.#impressions.splice(0, max);
    const clicks = this.#clicks.splice(0, max);
    const auctions = this.#auctions.splice(0, max * 2);
    if (!impressions.length && !clicks.length && !auctions.length) return;
    const nowMs = this.#options.clock();
    const size = impressions.length + clicks.length + auctions.length;
    const started = performance.now();
    let result: BatchResult;
    try {
      result = await withSpan("db.group_commit", { "sma.batch_size": size }, () =>
        whenNotBusy(
          () =>
            this.#store.commit({
              impressions: impressions.map((pending) => pending.record),
              clicks: clicks.map((pending) => pending.record),
              auctions,
              day: utcDay(nowMs),
              nowMs,
            }),
          this.#options,
        ),
      );
    } catch (error) {
      this.#options.log.error(
        { err: error, impressions: impressions.length, clicks: clicks.length },
        "delivery batch failed",
      );
      for (const pending of [...impressions, ...clicks]) pending.reject(error);
      return;
    }
    this.batches += 1;
    const observed = metrics();
    observed.groupCommitSeconds.observe((performance.now() - started) / 1000);
    observed.groupCommitSize.observe(size);
    for (const verdict of result.impressions)
      if (verdict === "budget") observed.budgetRefusals.inc();
      else if (verdict === "account") observed.accountLimitRefusals.inc();
    this.#options.onCommitted?.(result);
    impressions.forEach((pending, index) => pending.resolve(result.impressions[index]!));
    clicks.forEach((pending, index) => pending.resolve(result.clicks[index]!));
  }
}
