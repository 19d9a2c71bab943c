// Webhook delivery attempts: claim due webhook deliveries, send them, record the outcome.
//
// A claim is a conditional UPDATE (pending or abandoned, due, lock free ->
// delivering, locked by this claim until now + lease) that returns the rows it
// took (RETURNING on the raw paths; read back by the claim token through
// Prisma): two instances never both take a delivery, and a
// delivery whose instance died is taken again once its lease has expired.
// Recording is conditional on still holding the claim, in one transaction with
// the attempt log and the endpoint's counters (failure_count = consecutive
// failed attempts, reset by a success; last_delivered_at; deactivation after
// 410 Gone or 5 days of failures).
//
// The claim and the grouped success record, the dispatcher's hot steps, run as
// raw SQL: synchronous statements on the connection on SQLite
// (sqlite-attempts.ts), two round trips and one statement on PostgreSQL
// (pg-attempts.ts). Same rows, same conditions, a fraction of the CPU of
// Prisma's query builder. The Prisma versions below (claimWithPrisma,
// recordSuccessesWithPrisma) are what SQLite falls back to while an interactive
// transaction holds the connection (the synchronous statements would join it).
import { dbKindOf, type Db } from "@/lib/db/client";
import { sortableId } from "@/lib/ids";
import { claimToken, unlocked, type DispatchContext } from "./context";
import { deactivateEndpoint } from "./deactivate";
import { DEACTIVATE_AFTER_FAILING_MS, retryDelayMs } from "./retry-schedule";
import { sendWebhook, type SendOutcome } from "./send";
import { claimOnPostgres, recordSuccessesOnPostgres } from "./pg-attempts";
import {
  claimOnSqlite,
  recordSuccessesOnSqlite,
  type ClaimArgs,
  type Claimed,
  type RecordArgs,
} from "./sqlite-attempts";

export type ClaimedWebhookDelivery = {
  id: string;
  endpointId: string;
  eventId: string;
  payload: string;
  attempts: number;
  token: string;
  endpoint: { url: string; secret: string; isActive: boolean };
};

/** Prisma filter: due for an attempt and free to claim. */
function dueWhere(now: number) {
  return { status: { in: ["pending", "delivering"] }, nextAttemptMs: { lte: BigInt(now) }, OR: unlocked(now) };
}

/** The rows of `ids` that `token` holds, in the order of `ids` (by primary key: `locked_by` has no index). */
async function readClaim(db: Db, token: string, ids: string[]): Promise<ClaimedWebhookDelivery[]> {
  const rows = await db.webhookDelivery.findMany({
    where: { id: { in: ids }, lockedBy: token },
    select: {
      id: true,
      endpointId: true,
      eventId: true,
      payload: true,
      attempts: true,
      endpoint: { select: { url: true, secret: true, isActive: true } },
    },
  });
  // in the order of `ids` (the due order the claim picked), as the raw paths return them
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!).map((row) => ({ ...row, token }));
}

/**
 * Claims up to `limit` due deliveries, at most `perEndpoint` per endpoint
 * counting those already in flight (`busy`), so one slow receiver cannot take
 * every slot.
 */
export async function claimDueWebhookDeliveries(
  context: DispatchContext,
  limit: number,
  perEndpoint = Number.POSITIVE_INFINITY,
  busy: ReadonlyMap<string, number> = new Map(),
): Promise<ClaimedWebhookDelivery[]> {
  if (limit <= 0) return [];
  const { db } = context;
  const now = context.now();
  const token = claimToken(context);
  const args: ClaimArgs = {
    now,
    take: Math.min(1000, limit * 4),
    abandoned: scanAbandoned(context, now),
    token,
    lockedUntil: now + context.leaseMs,
    pick: (candidates) => pickCandidates(candidates, limit, perEndpoint, busy),
  };
  const claimed =
    dbKindOf(db) === "postgresql"
      ? await claimOnPostgres(db, args)
      : (claimOnSqlite(db, args) ?? (await claimWithPrisma(db, args)));
  return claimed.map((row) => ({ ...row, token }));
}

/** claimDueWebhookDeliveries through Prisma's query builder. */
async function claimWithPrisma(db: Db, args: ClaimArgs): Promise<Claimed[]> {
  const { now, take, token, lockedUntil, pick } = args;
  // Two reads, each an ordered range of the (status, next_attempt_ms) index that stops at
  // `take`: pending deliveries, and deliveries whose claim expired (a crashed instance's;
  // few). One read with `status IN (...)` would sort every due row at each claim.
  const select = { id: true, endpointId: true, nextAttemptMs: true } as const;
  const due = { nextAttemptMs: { lte: BigInt(now) } };
  const [pending, abandoned] = await Promise.all([
    db.webhookDelivery.findMany({
      where: { status: "pending", ...due, OR: unlocked(now) },
      orderBy: { nextAttemptMs: "asc" },
      take,
      select,
    }),
    args.abandoned
      ? db.webhookDelivery.findMany({
          where: { status: "delivering", ...due, lockedUntilMs: { lt: BigInt(now) } },
          orderBy: { nextAttemptMs: "asc" },
          take,
          select,
        })
      : [],
  ]);
  const candidates = [...abandoned, ...pending].sort((a, b) =>
    a.nextAttemptMs! < b.nextAttemptMs! ? -1 : a.nextAttemptMs! > b.nextAttemptMs! ? 1 : 0,
  );
  const picked = pick(candidates);
  if (picked.length === 0) return [];
  const claim = await db.webhookDelivery.updateMany({
    where: { id: { in: picked }, ...dueWhere(now) },
    data: { status: "delivering", lockedBy: token, lockedUntilMs: BigInt(lockedUntil) },
  });
  if (claim.count === 0) return [];
  return readClaim(db, token, picked);
}

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
 * The candidates to claim, in due order: up to `limit`, at most `perEndpoint`
 * per endpoint counting those already in flight (`busy`).
 */
function pickCandidates(
  candidates: readonly { id: string; endpointId: string }[],
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

/** Claims one delivery of one endpoint whatever its state (manual retry); null when another claim holds it. */
export async function claimWebhookDelivery(
  context: DispatchContext,
  deliveryId: string,
  endpointId: string,
): Promise<ClaimedWebhookDelivery | null> {
  const now = context.now();
  const token = claimToken(context);
  const claim = await context.db.webhookDelivery.updateMany({
    where: { id: deliveryId, endpointId, OR: unlocked(now) },
    data: { status: "delivering", lockedBy: token, lockedUntilMs: BigInt(now + context.leaseMs) },
  });
  if (claim.count === 0) return null;
  return (await readClaim(context.db, token, [deliveryId]))[0] ?? null;
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
    await context.db.webhookDelivery.updateMany({
      where: { id: delivery.id, lockedBy: delivery.token },
      data: { status: "cancelled", nextAttemptMs: null, lockedBy: null, lockedUntilMs: null },
    });
    return null;
  }
  const outcome = await sendWebhook(
    delivery.endpoint,
    { eventId: delivery.eventId, body: delivery.payload },
    {
      nowMs: context.now(),
      timeoutMs: context.timeoutMs,
      allowHosts: context.allowHosts,
    },
  );
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
  const { db } = context;
  const args: RecordArgs = { now: context.now(), items };
  if (dbKindOf(db) === "postgresql") return recordSuccessesOnPostgres(db, args);
  if (recordSuccessesOnSqlite(db, args)) return;
  await recordSuccessesWithPrisma(db, args);
}

/** recordSuccesses through Prisma: one conditional UPDATE per claim token and status code. */
async function recordSuccessesWithPrisma(db: Db, { now, items }: RecordArgs): Promise<void> {
  const groups = new Map<string, { token: string; statusCode: number | null; ids: string[] }>();
  for (const { delivery, outcome } of items) {
    const key = `${delivery.token} ${outcome.statusCode}`;
    const group = groups.get(key) ?? { token: delivery.token, statusCode: outcome.statusCode, ids: [] };
    group.ids.push(delivery.id);
    groups.set(key, group);
  }
  await db.$transaction(async (tx) => {
    for (const group of groups.values()) {
      await tx.webhookDelivery.updateMany({
        where: { id: { in: group.ids }, lockedBy: group.token, status: "delivering" },
        data: {
          status: "succeeded",
          attempts: { increment: 1 },
          lastStatusCode: group.statusCode,
          lastError: null,
          nextAttemptMs: null,
          deliveredAtMs: BigInt(now),
          lockedBy: null,
          lockedUntilMs: null,
        },
      });
    }
    await tx.webhookAttempt.createMany({
      data: items.map(({ delivery, outcome }) => ({
        id: sortableId("wda", now),
        deliveryId: delivery.id,
        attemptNo: delivery.attempts + 1,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: null,
        attemptedAtMs: BigInt(now),
      })),
    });
    await tx.webhookEndpoint.updateMany({
      where: { id: { in: [...new Set(items.map(({ delivery }) => delivery.endpointId))] } },
      data: { failureCount: 0, failingSince: null, lastDeliveredAt: new Date(now) },
    });
  });
}

/** Writes an attempt's outcome: the delivery (if still ours), its log line, the endpoint's counters. */
export async function recordAttempt(
  context: DispatchContext,
  delivery: ClaimedWebhookDelivery,
  outcome: SendOutcome,
): Promise<void> {
  const now = context.now();
  const nowDate = new Date(now);
  const attemptNo = delivery.attempts + 1;
  const delay = outcome.ok ? null : retryDelayMs(attemptNo, context.random);
  await context.db.$transaction(async (tx) => {
    await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, lockedBy: delivery.token, status: "delivering" },
      data: outcome.ok
        ? {
            status: "succeeded",
            attempts: { increment: 1 },
            lastStatusCode: outcome.statusCode,
            lastError: null,
            nextAttemptMs: null,
            deliveredAtMs: BigInt(now),
            lockedBy: null,
            lockedUntilMs: null,
          }
        : {
            status: delay === null ? "failed" : "pending",
            attempts: { increment: 1 },
            lastStatusCode: outcome.statusCode,
            lastError: outcome.error,
            nextAttemptMs: delay === null ? null : BigInt(now + delay),
            lockedBy: null,
            lockedUntilMs: null,
          },
    });
    await tx.webhookAttempt.create({
      data: {
        id: sortableId("wda", now),
        deliveryId: delivery.id,
        attemptNo,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        attemptedAtMs: BigInt(now),
      },
    });
    if (outcome.ok) {
      await tx.webhookEndpoint.updateMany({
        where: { id: delivery.endpointId },
        data: { failureCount: 0, failingSince: null, lastDeliveredAt: nowDate },
      });
      return;
    }
    await tx.webhookEndpoint.updateMany({
      where: { id: delivery.endpointId },
      data: { failureCount: { increment: 1 } },
    });
    await tx.webhookEndpoint.updateMany({
      where: { id: delivery.endpointId, failingSince: null },
      data: { failingSince: nowDate },
    });
    if (outcome.gone) {
      await deactivateEndpoint(tx, delivery.endpointId, "The endpoint answered 410 Gone.", nowDate);
      return;
    }
    const failingFor5Days = await tx.webhookEndpoint.findFirst({
      where: {
        id: delivery.endpointId,
        isActive: true,
        failingSince: { lte: new Date(now - DEACTIVATE_AFTER_FAILING_MS) },
      },
      select: { failingSince: true },
    });
    if (failingFor5Days?.failingSince) {
      await deactivateEndpoint(
        tx,
        delivery.endpointId,
        `Every delivery attempt failed for 5 days (since ${failingFor5Days.failingSince.toISOString()}).`,
        nowDate,
      );
    }
  });
}
