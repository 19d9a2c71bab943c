// What the dispatcher's steps share: the database, an injectable clock and
// randomness (tests drive retries and batch windows with them), this instance's
// name for claims, and the delivery limits of docs/api.md.
import { hostname } from "node:os";
import type { Logger } from "pino";
import { db, type Db } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { logger } from "@/lib/log";
import { DEFAULT_TIMEOUT_MS } from "./send";

export type DispatchContext = {
  db: Db;
  /** epoch milliseconds */
  now: () => number;
  /** [0, 1), for retry jitter */
  random: () => number;
  /** names this process in claims (`locked_by`) */
  instanceId: string;
  /**
   * How long a claim holds before another instance may take the row over. It
   * must outlast one attempt (the 10 s timeout plus DNS and database time); it is
   * also how long a crashed instance's work waits before it is redone.
   */
  leaseMs: number;
  timeoutMs: number;
  /** outbound guard exemptions; defaults to OUTBOUND_ALLOW_HOSTS */
  allowHosts?: readonly string[];
  log: Logger;
  /** outbox events fanned out per claim */
  fanOutBatchSize: number;
  /** a batch is sent when it holds this many impressions... */
  batchMaxItems: number;
  /** ...or when its oldest impression has waited this long */
  batchWindowMs: number;
};

export const DEFAULT_LEASE_MS = 30_000;
/** Impression batches (docs/api.md): sent at this many impressions, or when the oldest has waited this long. */
export const BATCH_MAX_ITEMS = 100;
export const BATCH_WINDOW_MS = 5_000;

export function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBase62(6)}`;
}

export function dispatchContext(overrides: Partial<DispatchContext> = {}): DispatchContext {
  return {
    db: overrides.db ?? db(),
    now: Date.now,
    random: Math.random,
    instanceId: defaultInstanceId(),
    leaseMs: DEFAULT_LEASE_MS,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    log: logger().child({ component: "webhooks" }),
    fanOutBatchSize: 200,
    batchMaxItems: BATCH_MAX_ITEMS,
    batchWindowMs: BATCH_WINDOW_MS,
    ...overrides,
  };
}

/** A fresh claim token: the instance plus a nonce, so one claim's rows can be read back exactly. */
export function claimToken(context: DispatchContext): string {
  return `${context.instanceId}/${randomBase62(10)}`;
}

/** Prisma filter: the row is not claimed, or its claim has expired. */
export function unlocked(nowMs: number) {
  return [{ lockedUntilMs: null }, { lockedUntilMs: { lt: BigInt(nowMs) } }];
}

/** Another instance took the rows over (our claim expired): this step's work is rolled back. */
export class LostClaimError extends Error {
  constructor(what: string) {
    super(`claim lost: ${what}`);
    this.name = "LostClaimError";
  }
}
