// Delivery of postback_forwards rows: one outbound GET per recorded conversion
// to the campaign's postback_url (macros substituted when the conversion was
// recorded), through the outbound guard, retried with backoff. Rows are claimed
// with a conditional update of locked_until_ms, so several app instances can
// run the forwarder against one database without sending a row twice at once
// (docs/decisions/0501).
import { HOUR_MS, MINUTE_MS, systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import {
  guardedRequest,
  OutboundBlockedError,
  OutboundFailedError,
  type OutboundOptions,
  type OutboundResponse,
} from "@/lib/outbound/guarded-request";

/** Delay before attempt n+1 after n failed attempts; the attempt after the last entry is the final one. */
export const POSTBACK_RETRY_DELAYS_MS = [10_000, MINUTE_MS, 10 * MINUTE_MS, HOUR_MS] as const;
export const POSTBACK_MAX_ATTEMPTS = POSTBACK_RETRY_DELAYS_MS.length + 1;
export const POSTBACK_TIMEOUT_MS = 10_000;
/** A claim outlives the request timeout (redirects included) with margin. */
export const POSTBACK_LOCK_MS = MINUTE_MS;

export type ForwardOptions = {
  clock?: Clock;
  /** rows per run (default 50) */
  limit?: number;
  /** parallel requests per run (default 8) */
  concurrency?: number;
  /** jitter source in [0, 1) (default Math.random); 0.5 means no jitter */
  random?: () => number;
  allowHosts?: OutboundOptions["allowHosts"];
  timeoutMs?: number;
};

export type ForwardOutcome = { id: string; outcome: "succeeded" | "retry" | "failed"; status?: number; error?: string };

/** Backoff after `attempts` failed attempts, with +-10 % jitter so retries of a burst spread out. */
export function postbackRetryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base =
    POSTBACK_RETRY_DELAYS_MS[Math.min(attempts, POSTBACK_RETRY_DELAYS_MS.length) - 1] ?? POSTBACK_RETRY_DELAYS_MS[0];
  return Math.round(base * (0.9 + 0.2 * random()));
}

function describe(error: unknown): { message: string; permanent: boolean } {
  if (error instanceof OutboundBlockedError) {
    // a name that does not resolve may resolve later; a private address or a bad scheme will not change
    return { message: `blocked (${error.reason}): ${error.message}`, permanent: error.reason !== "dns" };
  }
  if (error instanceof OutboundFailedError) return { message: `${error.reason}: ${error.message}`, permanent: false };
  return { message: error instanceof Error ? error.message : String(error), permanent: false };
}

async function claim(id: string, now: number): Promise<bigint | null> {
  const lockedUntil = BigInt(now + POSTBACK_LOCK_MS);
  const claimed = await db().postbackForward.updateMany({
    where: {
      id,
      status: "pending",
      nextAttemptMs: { lte: BigInt(now) },
      OR: [{ lockedUntilMs: null }, { lockedUntilMs: { lte: BigInt(now) } }],
    },
    data: { lockedUntilMs: lockedUntil },
  });
  return claimed.count === 1 ? lockedUntil : null;
}

async function deliver(
  row: { id: string; url: string; attempts: number },
  lockedUntil: bigint,
  options: ForwardOptions,
): Promise<ForwardOutcome> {
  const clock = options.clock ?? systemClock;
  const attempts = row.attempts + 1;
  let response: OutboundResponse | undefined;
  let failure: { message: string; permanent: boolean } | undefined;
  try {
    response = await guardedRequest(row.url, {
      method: "GET",
      timeoutMs: options.timeoutMs ?? POSTBACK_TIMEOUT_MS,
      maxRedirects: 3,
      maxBodyBytes: 1024,
      allowHosts: options.allowHosts,
    });
    if (response.status < 200 || response.status > 299)
      failure = { message: `HTTP ${response.status}`, permanent: false };
  } catch (error) {
    failure = describe(error);
  }

  let outcome: ForwardOutcome["outcome"];
  let data: { status: string; attempts: number; lockedUntilMs: null; lastError: string | null; nextAttemptMs?: bigint };
  if (!failure) {
    outcome = "succeeded";
    data = { status: "succeeded", attempts, lockedUntilMs: null, lastError: null };
  } else if (failure.permanent || attempts >= POSTBACK_MAX_ATTEMPTS) {
    outcome = "failed";
    data = { status: "failed", attempts, lockedUntilMs: null, lastError: failure.message.slice(0, 500) };
  } else {
    outcome = "retry";
    data = {
      status: "pending",
      attempts,
      lockedUntilMs: null,
      lastError: failure.message.slice(0, 500),
      nextAttemptMs: BigInt(clock() + postbackRetryDelayMs(attempts, options.random)),
    };
  }
  // only if the claim is still ours (it is, unless the request outlived the lock)
  await db().postbackForward.updateMany({ where: { id: row.id, lockedUntilMs: lockedUntil }, data });
  return { id: row.id, outcome, status: response?.status, error: failure?.message };
}

/** Sends the forwards that are due. Safe to run concurrently (here or on other instances). */
export async function forwardDuePostbacks(options: ForwardOptions = {}): Promise<ForwardOutcome[]> {
  const now = (options.clock ?? systemClock)();
  const due = await db().postbackForward.findMany({
    where: {
      status: "pending",
      nextAttemptMs: { lte: BigInt(now) },
      OR: [{ lockedUntilMs: null }, { lockedUntilMs: { lte: BigInt(now) } }],
    },
    orderBy: { nextAttemptMs: "asc" },
    take: options.limit ?? 50,
    select: { id: true, url: true, attempts: true },
  });
  const outcomes: ForwardOutcome[] = [];
  const queue = [...due];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const lockedUntil = await claim(row.id, now);
      if (lockedUntil === null) continue;
      outcomes.push(await deliver(row, lockedUntil, options));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return outcomes;
}

// In-process wake-up, so a forward goes out right after its conversion commits
// instead of at the next poll. On globalThis: route modules bundled by Next and
// the worker loaded by server.ts are separate module instances (decision 0005).
type Waker = { listeners: Set<() => void> };
const holder = globalThis as unknown as { __smaPostbackWaker?: Waker };
function waker(): Waker {
  holder.__smaPostbackWaker ??= { listeners: new Set() };
  return holder.__smaPostbackWaker;
}

export function wakePostbackForwarder(): void {
  for (const listener of waker().listeners) listener();
}

export function onPostbackForwardWake(listener: () => void): () => void {
  waker().listeners.add(listener);
  return () => waker().listeners.delete(listener);
}
