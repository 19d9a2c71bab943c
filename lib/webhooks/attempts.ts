// Webhook delivery attempts: claim due webhook deliveries, send them, record the outcome.
//
// A claim is a conditional UPDATE (pending or abandoned, due, lock free ->
// delivering, locked by this claim until now + lease) that returns the rows it
// took: two instances never both take a delivery, and a delivery whose
// instance died is taken again once its lease has expired. Recording is
// conditional on still holding the claim, in one transaction with the attempt
// log and the endpoint's counters (failure_count = consecutive failed attempts,
// reset by a success; last_delivered_at; deactivation after 410 Gone or 5 days
// of failures). What each step reads and writes is one plan for both databases
// (store/attempt-plan.ts), run by the database's driver (docs/decisions/1425).
import { metrics } from "@/lib/observability/metrics";
import { claimToken, type DispatchContext } from "./context";
import { sendWebhook, type SendOutcome } from "./send";
import * as plans from "./store/attempt-plan";
import { runAttemptPlan } from "./store/attempt-store";
import { AttemptStoreBusyError } from "./store/modes";

export type ClaimedWebhookDelivery = plans.ClaimedRow & { token: string };

/** When each dispatch context last looked for expired claims. */
const nextAbandonedScan = new WeakMap<DispatchContext, number>();
/** Expired claims are looked for at most once a second per context... */
const ABANDONED_SCAN_EVERY_MS = 1_000;

/**
 * ...since that read walks every claimed row (each attempt in flight), while
 * leases last 30 s: a crashed instance's deliveries wait at most a second longer.
 */
function scanAbandoned(context: DispatchContext, now: number): boolean {
  if (now < (nextAbandonedScan.get(context) ?? Number.NEGATIVE_INFINITY)) return false;
  nextAbandonedScan.set(context, now + ABANDONED_SCAN_EVERY_MS);
  return true;
}

/**
 * Claims up to `limit` due deliveries, at most `perEndpoint` per endpoint
 * counting those already in flight (`busy`), so one slow receiver cannot take
 * every slot. Nothing when another process holds SQLite's write lock (the next
 * round claims).
 */
export async function claimDueWebhookDeliveries(
  context: DispatchContext,
  limit: number,
  perEndpoint = Number.POSITIVE_INFINITY,
  busy: ReadonlyMap<string, number> = new Map(),
): Promise<ClaimedWebhookDelivery[]> {
  if (limit <= 0) return [];
  const now = context.now();
  const token = claimToken(context);
  const plan = plans.claimDue({
    now,
    token,
    lockedUntil: now + context.leaseMs,
    limit,
    perEndpoint,
    busy,
    abandoned: scanAbandoned(context, now),
  });
  try {
    const claimed = await runAttemptPlan(context.db, plan, "claim");
    return claimed.map((row) => ({ ...row, token }));
  } catch (error) {
    if (error instanceof AttemptStoreBusyError) return [];
    throw error;
  }
}

/** Claims one delivery of one endpoint whatever its state (manual retry); null when another claim holds it. */
export async function claimWebhookDelivery(
  context: DispatchContext,
  deliveryId: string,
  endpointId: string,
): Promise<ClaimedWebhookDelivery | null> {
  const now = context.now();
  const token = claimToken(context);
  const plan = plans.claimOne({ id: deliveryId, endpointId, token, lockedUntil: now + context.leaseMs, now });
  const claimed = await runAttemptPlan(context.db, plan, "transaction");
  return claimed ? { ...claimed, token } : null;
}

/** Sends one claimed delivery and records the outcome; returns the outcome (null: not sent, endpoint inactive). */
export async function attemptWebhookDelivery(
  context: DispatchContext,
  delivery: ClaimedWebhookDelivery,
): Promise<SendOutcome | null> {
  const outcome = await sendClaimedDelivery(context, delivery);
  if (outcome) await recordAttempt(context, delivery, outcome);
  return outcome;
}

/**
 * Sends one claimed delivery without recording the outcome (the dispatcher
 * records successes in groups, recordSuccesses); null: not sent, the endpoint
 * is inactive and the delivery was cancelled.
 */
export async function sendClaimedDelivery(
  context: DispatchContext,
  delivery: ClaimedWebhookDelivery,
): Promise<SendOutcome | null> {
  if (!delivery.endpoint.isActive) {
    // fanned out concurrently with a deactivation: nothing is sent
    await runAttemptPlan(context.db, plans.cancelClaimed(delivery), "transaction");
    return null;
  }
  const outcome = await sendWebhook(
    delivery.endpoint,
    { eventId: delivery.eventId, body: delivery.payload, traceParent: delivery.traceParent },
    {
      nowMs: context.now(),
      timeoutMs: context.timeoutMs,
      allowHosts: context.allowHosts,
    },
  );
  metrics().webhookAttempts[outcome.ok ? "success" : outcome.statusCode === null ? "no_answer" : "http_error"].inc();
  return outcome;
}

/**
 * Records successful attempts in one transaction (the dispatcher's group
 * commit): each delivery only while its claim is still the one that sent it,
 * one log line per attempt, and each endpoint's streak reset once. The same
 * rows as recordAttempt writes for each success.
 */
export async function recordSuccesses(
  context: DispatchContext,
  items: readonly { delivery: ClaimedWebhookDelivery; outcome: SendOutcome }[],
): Promise<void> {
  if (items.length === 0) return;
  await runAttemptPlan(context.db, plans.recordSuccesses(items, context.now()), "transaction");
}

/** Writes an attempt's outcome: the delivery (if still ours), its log line, the endpoint's counters. */
export async function recordAttempt(
  context: DispatchContext,
  delivery: ClaimedWebhookDelivery,
  outcome: SendOutcome,
): Promise<void> {
  await runAttemptPlan(
    context.db,
    plans.recordAttempt({ delivery, outcome }, context.now(), context.random),
    "transaction",
  );
}
