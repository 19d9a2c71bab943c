// The webhook attempt plans on SQLite: prepared better-sqlite3 statements on the
// Prisma client's own connection, each plan one BEGIN IMMEDIATE ... COMMIT that
// never yields the event loop, as the delivery store does (docs/decisions/0402,
// 1425). Through Prisma's query builder the claim and the grouped success record
// were most of the dispatcher's CPU (1425 has the figures); here a few prepared
// statements per delivery. The database write lock serializes plans, so no row locks are needed.
import type { Database, Statement } from "better-sqlite3";
import { isSqliteBusy, sqliteDateTime, withoutBusyWait } from "@/lib/db/adapters";
import { sqliteHandleOf, type Db } from "@/lib/db/client";
import { runPlan, type SyncStatements } from "@/lib/db/plan";
import { CHANGE_COLUMNS, changeValues } from "@/lib/history/changes";
import type { AttemptPlan, AttemptStatements, ClaimedRow } from "./attempt-plan";
import { AttemptStoreBusyError, type PlanMode } from "./modes";

type DeliveryRow = {
  id: string;
  endpoint_id: string;
  event_id: string;
  payload: string;
  attempts: number;
  trace_parent: string | null;
};
type EndpointRow = { url: string; secret: string; is_active: number };

const CLAIMED_COLUMNS = "id, endpoint_id, event_id, payload, attempts, trace_parent";

function prepareAll(handle: Database) {
  const prepare = (sql: string): Statement => handle.prepare(sql).safeIntegers(false);
  return {
    // ordered ranges of the (status, next_attempt_ms) index that stop at the limit
    pending: prepare(
      `SELECT id, endpoint_id AS endpointId, next_attempt_ms AS due FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_ms <= @now AND (locked_until_ms IS NULL OR locked_until_ms < @now)
       ORDER BY next_attempt_ms LIMIT @take`,
    ),
    abandoned: prepare(
      `SELECT id, endpoint_id AS endpointId, next_attempt_ms AS due FROM webhook_deliveries
       WHERE status = 'delivering' AND next_attempt_ms <= @now AND locked_until_ms < @now
       ORDER BY next_attempt_ms LIMIT @take`,
    ),
    claimDue: prepare(
      `UPDATE webhook_deliveries SET status = 'delivering', locked_by = @token, locked_until_ms = @lockedUntil
       WHERE id = @id AND status IN ('pending', 'delivering') AND next_attempt_ms <= @now
         AND (locked_until_ms IS NULL OR locked_until_ms < @now)
       RETURNING ${CLAIMED_COLUMNS}`,
    ),
    claimAnyState: prepare(
      `UPDATE webhook_deliveries SET status = 'delivering', locked_by = @token, locked_until_ms = @lockedUntil
       WHERE id = @id AND endpoint_id = @endpointId AND (locked_until_ms IS NULL OR locked_until_ms < @now)
       RETURNING ${CLAIMED_COLUMNS}`,
    ),
    endpoint: prepare(`SELECT url, secret, is_active FROM webhook_endpoints WHERE id = ?`),
    cancelClaimed: prepare(
      `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_ms = NULL, locked_by = NULL, locked_until_ms = NULL
       WHERE id = ? AND locked_by = ?`,
    ),
    resetStreak: prepare(
      `UPDATE webhook_endpoints SET failure_count = 0, failing_since = NULL, last_delivered_at = ? WHERE id = ?`,
    ),
    countFailure: prepare(
      `UPDATE webhook_endpoints SET failure_count = failure_count + 1, failing_since = COALESCE(failing_since, ?)
       WHERE id = ? RETURNING failing_since, is_active`,
    ),
    markSucceeded: prepare(
      `UPDATE webhook_deliveries SET status = 'succeeded', attempts = attempts + 1, last_status_code = @status,
         last_error = NULL, next_attempt_ms = NULL, delivered_at_ms = @now, locked_by = NULL, locked_until_ms = NULL
       WHERE id = @id AND locked_by = @token AND status = 'delivering'`,
    ),
    markFailed: prepare(
      `UPDATE webhook_deliveries SET status = @status, attempts = attempts + 1, last_status_code = @statusCode,
         last_error = @error, next_attempt_ms = @next, locked_by = NULL, locked_until_ms = NULL
       WHERE id = @id AND locked_by = @token AND status = 'delivering'`,
    ),
    logAttempt: prepare(
      `INSERT INTO delivery_attempts (id, delivery_id, attempt_no, status_code, duration_ms, error, attempted_at_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    deactivateEndpoint: prepare(
      `UPDATE webhook_endpoints SET is_active = 0, deactivated_at = ?, deactivated_reason = ? WHERE id = ? AND is_active = 1
       RETURNING advertiser_id`,
    ),
    cancelDeliveries: prepare(
      `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_ms = NULL, locked_by = NULL, locked_until_ms = NULL
       WHERE endpoint_id = ? AND status IN ('pending', 'delivering')`,
    ),
    dropBatchItems: prepare(`DELETE FROM webhook_batch_items WHERE endpoint_id = ?`),
    insertChange: prepare(
      `INSERT INTO changes (${CHANGE_COLUMNS.join(", ")}) VALUES (${CHANGE_COLUMNS.map(() => "?").join(",")})`,
    ),
  };
}

type Prepared = ReturnType<typeof prepareAll>;

/** The plan's statements on SQLite; `endpoints` caches the endpoint reads of one plan run. */
function sqliteStatements(s: Prepared): SyncStatements<AttemptStatements> {
  const endpoints = new Map<string, ClaimedRow["endpoint"] | undefined>();
  const endpointOf = (id: string) => {
    if (!endpoints.has(id)) {
      const row = s.endpoint.get(id) as EndpointRow | undefined;
      endpoints.set(id, row && { url: row.url, secret: row.secret, isActive: row.is_active === 1 });
    }
    return endpoints.get(id);
  };
  const claimed = (row: DeliveryRow | undefined): ClaimedRow | undefined => {
    const endpoint = row && endpointOf(row.endpoint_id);
    // the foreign key makes a missing endpoint impossible; the row stays claimed and expires if it happens
    return (
      endpoint && {
        id: row.id,
        endpointId: row.endpoint_id,
        eventId: row.event_id,
        payload: row.payload,
        attempts: row.attempts,
        traceParent: row.trace_parent,
        endpoint,
      }
    );
  };
  return {
    dueDeliveries: ({ now, take, abandoned }) => {
      type Due = { id: string; endpointId: string; due: number };
      const rows = [
        ...((abandoned ? s.abandoned.all({ now, take }) : []) as Due[]),
        ...(s.pending.all({ now, take }) as Due[]),
      ];
      if (abandoned) rows.sort((a, b) => a.due - b.due);
      return rows.map(({ id, endpointId }) => ({ id, endpointId }));
    },
    claimDue: ({ ids, token, lockedUntil, now }) => {
      const rows: ClaimedRow[] = [];
      for (const id of ids) {
        const row = claimed(s.claimDue.get({ id, token, lockedUntil, now }) as DeliveryRow | undefined);
        if (row) rows.push(row);
      }
      return rows;
    },
    claimAnyState: (args) => claimed(s.claimAnyState.get(args) as DeliveryRow | undefined),
    cancelClaimed: ({ id, token }) => void s.cancelClaimed.run(id, token),
    resetStreaks: ({ endpointIds, now }) => {
      const at = sqliteDateTime(now);
      for (const id of endpointIds) s.resetStreak.run(at, id);
    },
    countFailure: ({ endpointId, now }) => {
      const row = s.countFailure.get(sqliteDateTime(now), endpointId) as
        { failing_since: string; is_active: number } | undefined;
      return row && { failingSinceMs: Date.parse(row.failing_since), isActive: row.is_active === 1 };
    },
    markSucceeded: ({ deliveries, now }) => {
      for (const { id, token, statusCode } of deliveries) s.markSucceeded.run({ id, token, status: statusCode, now });
    },
    markFailed: ({ id, token, statusCode, error, nextAttemptMs }) =>
      void s.markFailed.run({
        id,
        token,
        status: nextAttemptMs === null ? "failed" : "pending",
        statusCode,
        error,
        next: nextAttemptMs,
      }),
    logAttempts: (rows) => {
      for (const row of rows)
        s.logAttempt.run(
          row.id,
          row.deliveryId,
          row.attemptNo,
          row.statusCode,
          row.durationMs,
          row.error,
          row.attemptedAtMs,
        );
    },
    deactivateEndpoint: ({ endpointId, reason, now }) => {
      const row = s.deactivateEndpoint.get(sqliteDateTime(now), reason, endpointId) as
        { advertiser_id: string } | undefined;
      return row && { advertiserId: row.advertiser_id };
    },
    cancelDeliveries: ({ endpointId }) => void s.cancelDeliveries.run(endpointId),
    dropBatchItems: ({ endpointId }) => void s.dropBatchItems.run(endpointId),
    insertChanges: (rows) => {
      for (const row of rows) s.insertChange.run(...changeValues(row));
    },
  };
}

type Driver = { run: <T>(plan: AttemptPlan<T>) => T };
const drivers = new WeakMap<Database, Driver>();

function driverFor(handle: Database): Driver {
  const cached = drivers.get(handle);
  if (cached) return cached;
  const prepared = prepareAll(handle);
  const transaction = handle.transaction((plan: AttemptPlan<unknown>) => runPlan(plan, sqliteStatements(prepared)));
  const driver: Driver = { run: <T>(plan: AttemptPlan<T>) => transaction.immediate(plan) as T };
  drivers.set(handle, driver);
  return driver;
}

/**
 * Runs a plan in one immediate transaction on the client's connection. While an
 * interactive Prisma transaction is open on that connection (or before it has
 * connected) the synchronous statements would join that transaction and vanish
 * with its rollback: the plan waits for it to end (a Prisma statement queues
 * behind it) and runs then. In "claim" mode a write lock held by another
 * process (a worker) fails the plan at once (AttemptStoreBusyError) instead of
 * stalling the event loop for the busy timeout.
 */
export async function runOnSqlite<T>(client: Db, plan: AttemptPlan<T>, mode: PlanMode): Promise<T> {
  for (let waited = false; ; waited = true) {
    const handle = sqliteHandleOf(client);
    if (!handle && waited) throw new Error("the SQLite connection of the Prisma client is not available");
    if (handle && !handle.inTransaction) {
      const driver = driverFor(handle);
      if (mode === "transaction") return driver.run(plan);
      try {
        return withoutBusyWait(handle, () => driver.run(plan));
      } catch (error) {
        if (isSqliteBusy(error)) throw new AttemptStoreBusyError();
        throw error;
      }
    }
    await client.$queryRawUnsafe("SELECT 1");
  }
}
