// How webhook deliveries are claimed and their attempts recorded, written once
// for both databases (docs/decisions/1425). Each plan is a generator of named
// statements (lib/db/plan.ts); the SQLite driver (sqlite-store.ts) runs them as
// prepared statements on the Prisma client's own connection inside one
// BEGIN IMMEDIATE, the PostgreSQL driver (pg-store.ts) as one round trip per
// statement on one pooled connection. The rules live here: which due rows a
// claim takes (at most so many per endpoint), that a record changes a delivery
// only while the claim that sent it still holds it, the retry schedule, the
// endpoint's streak (failure_count, failing_since, last_delivered_at) and
// deactivation after 410 Gone or 5 days of failures (docs/decisions/0600, 0601),
// recorded in the change history in the same transaction (docs/decisions/1008).
import { changeRow, SYSTEM_ACTORS, type ChangeActor, type ChangeRow } from "@/lib/history/changes";
import { sortableId } from "@/lib/ids";
import { statement, type Plan as GenericPlan } from "@/lib/db/plan";
import { DEACTIVATE_AFTER_FAILING_MS, webhookRetryDelayMs } from "../retry-schedule";
import type { SendOutcome } from "../send";

/** A due delivery a claim may take. */
export type DueCandidate = { id: string; endpointId: string };

/** A claimed delivery with what sending it needs. */
export type ClaimedRow = {
  id: string;
  endpointId: string;
  eventId: string;
  payload: string;
  attempts: number;
  /** the event's writer's span, which the attempt's span continues (null: tracing was off) */
  traceParent: string | null;
  endpoint: { url: string; secret: string; isActive: boolean };
};

/** One line of the delivery log. */
export type AttemptRow = {
  id: string;
  deliveryId: string;
  attemptNo: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attemptedAtMs: number;
};

/** The claim a record is for: the delivery as claimed (its attempts so far) and the claim's token. */
export type HeldDelivery = { id: string; endpointId: string; token: string; attempts: number };

/** Every statement a plan may ask for: its arguments and its result. */
export type AttemptStatements = {
  /**
   * Due deliveries free to claim, in due order: the pending ones and, when
   * `abandoned`, those whose claim expired; at most `take` of each kind.
   */
  dueDeliveries: { args: { now: number; take: number; abandoned: boolean }; result: DueCandidate[] };
  /** Claims each of `ids` that is still due and free; returns those it took, in any order. */
  claimDue: {
    args: { ids: readonly string[]; token: string; lockedUntil: number; now: number };
    result: ClaimedRow[];
  };
  /** Claims one delivery of one endpoint whatever its state, unless a live claim holds it. */
  claimAnyState: {
    args: { id: string; endpointId: string; token: string; lockedUntil: number; now: number };
    result: ClaimedRow | undefined;
  };
  /** Cancels a delivery the claim `token` holds (its endpoint is inactive). */
  cancelClaimed: { args: { id: string; token: string }; result: void };
  /**
   * Resets the streak of each endpoint (a success): failure_count 0, no
   * failing_since, last_delivered_at now. The rows are locked in the given
   * (id) order, before any delivery row, so two records cannot deadlock.
   */
  resetStreaks: { args: { endpointIds: readonly string[]; now: number }; result: void };
  /**
   * One failed attempt on an endpoint (locks its row first): failure_count + 1,
   * failing_since set when unset. Returns the row as it is now (undefined: gone).
   */
  countFailure: {
    args: { endpointId: string; now: number };
    result: { failingSinceMs: number; isActive: boolean } | undefined;
  };
  /** Deliveries that succeeded, each changed only while its claim's token still holds it. */
  markSucceeded: {
    args: { deliveries: readonly { id: string; token: string; statusCode: number | null }[]; now: number };
    result: void;
  };
  /**
   * A delivery whose attempt failed, changed only while the claim's token still
   * holds it: pending again at `nextAttemptMs`, or failed when that is null.
   */
  markFailed: {
    args: { id: string; token: string; statusCode: number | null; error: string | null; nextAttemptMs: number | null };
    result: void;
  };
  /** Appends lines to the delivery log. */
  logAttempts: { args: readonly AttemptRow[]; result: void };
  /** The endpoint inactive with its reason; its advertiser when this call deactivated it. */
  deactivateEndpoint: {
    args: { endpointId: string; reason: string; now: number };
    result: { advertiserId: string } | undefined;
  };
  /** Cancels every pending or in-progress delivery of the endpoint. */
  cancelDeliveries: { args: { endpointId: string }; result: void };
  /** Drops the impressions waiting for the endpoint's next batch. */
  dropBatchItems: { args: { endpointId: string }; result: void };
  /** Appends rows to the change history. */
  insertChanges: { args: readonly ChangeRow[]; result: void };
};

export type AttemptPlan<T> = GenericPlan<AttemptStatements, T>;

function run<K extends keyof AttemptStatements>(
  name: K,
  args: AttemptStatements[K]["args"],
): AttemptPlan<AttemptStatements[K]["result"]> {
  return statement<AttemptStatements, K>(name, args);
}

export const GONE_REASON = "The endpoint answered 410 Gone.";

export function failingReason(failingSinceMs: number): string {
  return `Every delivery attempt failed for 5 days (since ${new Date(failingSinceMs).toISOString()}).`;
}

export type ClaimDueArgs = {
  now: number;
  token: string;
  lockedUntil: number;
  /** at most this many */
  limit: number;
  /** at most this many per endpoint, counting those already in flight (`busy`) */
  perEndpoint: number;
  busy: ReadonlyMap<string, number>;
  /** also look for deliveries whose claim expired */
  abandoned: boolean;
};

/**
 * Claims up to `limit` due deliveries in due order, at most `perEndpoint` per
 * endpoint counting those already in flight, so one slow receiver cannot take
 * every slot. Returned in due order.
 */
export function* claimDue(args: ClaimDueArgs): AttemptPlan<ClaimedRow[]> {
  if (args.limit <= 0) return [];
  const { now, token, lockedUntil } = args;
  // each kind is an ordered index range that stops at `take`: a few per slot leave room
  // for the rows of endpoints at their limit
  const candidates = yield* run("dueDeliveries", {
    now,
    take: Math.min(1000, args.limit * 4),
    abandoned: args.abandoned,
  });
  const picked = pickCandidates(candidates, args.limit, args.perEndpoint, args.busy);
  if (picked.length === 0) return [];
  const claimed = yield* run("claimDue", { ids: picked, token, lockedUntil, now });
  // attempts start in due order whatever order the statement returned them in
  const order = new Map(picked.map((id, index) => [id, index]));
  return claimed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** The candidates to claim, in due order: up to `limit`, at most `perEndpoint` per endpoint counting `busy`. */
export function pickCandidates(
  candidates: readonly DueCandidate[],
  limit: number,
  perEndpoint: number,
  busy: ReadonlyMap<string, number>,
): string[] {
  const taken = new Map(busy);
  const picked: string[] = [];
  for (const candidate of candidates) {
    if (picked.length >= limit) break;
    const count = taken.get(candidate.endpointId) ?? 0;
    if (count >= perEndpoint) continue;
    taken.set(candidate.endpointId, count + 1);
    picked.push(candidate.id);
  }
  return picked;
}

/** Claims one delivery of one endpoint whatever its state (manual retry); undefined while another claim holds it. */
export function* claimOne(args: AttemptStatements["claimAnyState"]["args"]): AttemptPlan<ClaimedRow | undefined> {
  return yield* run("claimAnyState", args);
}

/** A claimed delivery whose endpoint went inactive: cancelled, never sent. */
export function* cancelClaimed(delivery: { id: string; token: string }): AttemptPlan<void> {
  yield* run("cancelClaimed", { id: delivery.id, token: delivery.token });
}

export type Answered = { delivery: HeldDelivery; outcome: SendOutcome };

function logLine(now: number, { delivery, outcome }: Answered): AttemptRow {
  return {
    // time-ordered: the log's primary key is appended to
    id: sortableId("wda", now),
    deliveryId: delivery.id,
    attemptNo: delivery.attempts + 1,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    error: outcome.ok ? null : outcome.error,
    attemptedAtMs: now,
  };
}

/**
 * Records successful attempts together (the dispatcher's group commit): each
 * endpoint's streak reset once, each delivery succeeded only while its claim
 * is still the one that sent it, and one log line per attempt, also for a claim
 * lost meanwhile (the request was made).
 */
export function* recordSuccesses(items: readonly Answered[], now: number): AttemptPlan<void> {
  if (items.length === 0) return;
  const endpointIds = [...new Set(items.map(({ delivery }) => delivery.endpointId))].sort();
  yield* run("resetStreaks", { endpointIds, now });
  yield* run("markSucceeded", {
    deliveries: items.map(({ delivery, outcome }) => ({
      id: delivery.id,
      token: delivery.token,
      statusCode: outcome.statusCode,
    })),
    now,
  });
  yield* run(
    "logAttempts",
    items.map((item) => logLine(now, item)),
  );
}

/**
 * Records one attempt's outcome. A success as in recordSuccesses. A failure:
 * the endpoint's failure_count + 1 (failing_since set at the first failure of a
 * streak); the delivery, if still ours, pending again after the next delay of
 * the schedule (jitter from `random`), or failed when the schedule is used up;
 * its log line; then the endpoint deactivated when it answered 410, or when
 * its streak began at least 5 days ago (a streak survives quiet periods).
 */
export function* recordAttempt(answered: Answered, now: number, random: () => number): AttemptPlan<void> {
  if (answered.outcome.ok) return yield* recordSuccesses([answered], now);
  const { delivery, outcome } = answered;
  const endpoint = yield* run("countFailure", { endpointId: delivery.endpointId, now });
  const delay = webhookRetryDelayMs(delivery.attempts + 1, random);
  yield* run("markFailed", {
    id: delivery.id,
    token: delivery.token,
    statusCode: outcome.statusCode,
    error: outcome.error,
    nextAttemptMs: delay === null ? null : now + delay,
  });
  yield* run("logAttempts", [logLine(now, answered)]);
  const automatic = { actor: SYSTEM_ACTORS.webhookDispatcher, operation: "deactivateWebhookEndpoint" };
  if (outcome.gone) {
    yield* deactivate(delivery.endpointId, GONE_REASON, now, { ...automatic, reason: GONE_REASON });
    return;
  }
  if (endpoint?.isActive && endpoint.failingSinceMs <= now - DEACTIVATE_AFTER_FAILING_MS) {
    const reason = failingReason(endpoint.failingSinceMs);
    yield* deactivate(delivery.endpointId, reason, now, { ...automatic, reason });
  }
}

/** Who deactivates an endpoint, as the change history records it. */
export type Deactivation = { actor: ChangeActor; operation: string; reason?: string | null };

/**
 * Deactivates an endpoint (deactivateWebhookEndpoint, 410 Gone, the 5-day rule): inactive with its
 * reason, and every delivery not yet made cancelled and every impression
 * waiting for a batch dropped with it, also when it already was inactive
 * (sweeps up what a concurrent fan-out added). When this call deactivated it,
 * its row in the change history names `by`. True when this call deactivated it.
 */
export function* deactivate(endpointId: string, reason: string, now: number, by: Deactivation): AttemptPlan<boolean> {
  const deactivated = yield* run("deactivateEndpoint", { endpointId, reason, now });
  yield* run("cancelDeliveries", { endpointId });
  yield* run("dropBatchItems", { endpointId });
  if (!deactivated) return false;
  yield* run("insertChanges", [
    changeRow({
      advertiserId: deactivated.advertiserId,
      atMs: now,
      actor: by.actor,
      operation: by.operation,
      target: { type: "webhook_endpoint", id: endpointId },
      fields: { is_active: { from: true, to: false }, deactivated_reason: { from: null, to: reason } },
      reason: by.reason ?? null,
    }),
  ]);
  return true;
}
