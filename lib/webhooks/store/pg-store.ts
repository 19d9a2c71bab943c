// The webhook attempt plans on PostgreSQL: raw SQL on one connection of the
// Prisma client's own pg pool, one round trip per statement whatever the number
// of rows (lists travel as arrays expanded with unnest/ANY), so a group of
// successes costs a fixed number of round trips. Several instances share the
// database: claims lock the rows they take in id order and skip rows another
// instance holds; records lock endpoint rows first, in id order, so two
// instances recording groups that share endpoints cannot deadlock (PostgreSQL
// would roll one back and its deliveries would be sent again). Those locks are
// FOR NO KEY UPDATE, what the UPDATE itself takes: FOR UPDATE would also
// conflict with the FOR KEY SHARE that every insert referencing an endpoint
// takes (a fan-out's deliveries, a batch), and a fan-out inserting rows of two
// endpoints in another order than a record locks them would deadlock with it.
import type pg from "pg";
import { pgPoolOf, type Db } from "@/lib/db/client";
import { runPlanAsync, type AsyncStatements } from "@/lib/db/plan";
import { insertChangeRows } from "@/lib/history/pg-changes";
import type { AttemptPlan, AttemptStatements, ClaimedRow } from "./attempt-plan";
import type { PlanMode } from "./modes";

// Each branch is an ordered range of the (status, next_attempt_ms) index that stops at
// `take`: pending deliveries, and deliveries whose claim expired (a crashed instance's;
// few). One read with `status IN (...)` would sort every due row at each claim.
const PENDING = `(SELECT id, endpoint_id AS "endpointId", next_attempt_ms FROM webhook_deliveries
   WHERE status = 'pending' AND next_attempt_ms <= $1::bigint
     AND (locked_until_ms IS NULL OR locked_until_ms < $1::bigint)
   ORDER BY next_attempt_ms LIMIT $2::int)`;
const ABANDONED = `(SELECT id, endpoint_id AS "endpointId", next_attempt_ms FROM webhook_deliveries
   WHERE status = 'delivering' AND next_attempt_ms <= $1::bigint AND locked_until_ms < $1::bigint
   ORDER BY next_attempt_ms LIMIT $2::int)`;
const DUE = `SELECT id, "endpointId" FROM ${PENDING} AS c ORDER BY next_attempt_ms`;
const DUE_WITH_ABANDONED = `SELECT id, "endpointId" FROM (${ABANDONED} UNION ALL ${PENDING}) AS c
   ORDER BY next_attempt_ms`;

const CLAIMED_COLUMNS =
  "d.id, d.endpoint_id, d.event_id, d.payload, d.attempts, d.trace_parent, e.url, e.secret, e.is_active";

// Conditional like the read. The picked rows are locked first in id order, skipping any
// another instance holds (it is claiming or recording them), so two claims never wait on
// each other in opposite orders; the conditions are checked again on the rows as they stand.
const CLAIM_DUE = `UPDATE webhook_deliveries d SET status = 'delivering', locked_by = $1, locked_until_ms = $2::bigint
   FROM webhook_endpoints e
   WHERE d.id IN (SELECT id FROM webhook_deliveries WHERE id = ANY($3::text[]) ORDER BY id FOR UPDATE SKIP LOCKED)
     AND e.id = d.endpoint_id
     AND d.status IN ('pending', 'delivering') AND d.next_attempt_ms <= $4::bigint
     AND (d.locked_until_ms IS NULL OR d.locked_until_ms < $4::bigint)
   RETURNING ${CLAIMED_COLUMNS}`;

const CLAIM_ANY_STATE = `UPDATE webhook_deliveries d SET status = 'delivering', locked_by = $1, locked_until_ms = $2::bigint
   FROM webhook_endpoints e
   WHERE d.id = $3 AND d.endpoint_id = $4 AND e.id = d.endpoint_id
     AND (d.locked_until_ms IS NULL OR d.locked_until_ms < $5::bigint)
   RETURNING ${CLAIMED_COLUMNS}`;

// timestamp without time zone holds UTC, as Prisma writes DateTime: the ISO text's "Z" is ignored.
// NO KEY UPDATE: records still queue for each other's endpoints, never for a fan-out's insert
// (its foreign-key check holds FOR KEY SHARE on the endpoint until it commits)
const RESET_STREAKS = `WITH locked AS (
     SELECT id FROM webhook_endpoints WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE
   )
   UPDATE webhook_endpoints e SET failure_count = 0, failing_since = NULL, last_delivered_at = $2::timestamp
   FROM locked WHERE e.id = locked.id`;

const COUNT_FAILURE = `UPDATE webhook_endpoints
   SET failure_count = failure_count + 1, failing_since = COALESCE(failing_since, $2::timestamp)
   WHERE id = $1
   RETURNING (extract(epoch FROM failing_since) * 1000)::float8 AS failing_since_ms, is_active`;

const MARK_SUCCEEDED = `UPDATE webhook_deliveries d SET status = 'succeeded', attempts = d.attempts + 1,
     last_status_code = i.status_code, last_error = NULL, next_attempt_ms = NULL, delivered_at_ms = $4::bigint,
     locked_by = NULL, locked_until_ms = NULL
   FROM unnest($1::text[], $2::text[], $3::int[]) AS i(id, token, status_code)
   WHERE d.id = i.id AND d.locked_by = i.token AND d.status = 'delivering'`;

const MARK_FAILED = `UPDATE webhook_deliveries SET status = $3, attempts = attempts + 1, last_status_code = $4::int,
     last_error = $5, next_attempt_ms = $6::bigint, locked_by = NULL, locked_until_ms = NULL
   WHERE id = $1 AND locked_by = $2 AND status = 'delivering'`;

const LOG_ATTEMPTS = `INSERT INTO delivery_attempts (id, delivery_id, attempt_no, status_code, duration_ms, error, attempted_at_ms)
   SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::bigint[])`;

const CANCEL = `SET status = 'cancelled', next_attempt_ms = NULL, locked_by = NULL, locked_until_ms = NULL`;

type ClaimedReturn = {
  id: string;
  endpoint_id: string;
  event_id: string;
  payload: string;
  attempts: number;
  trace_parent: string | null;
  url: string;
  secret: string;
  is_active: boolean;
};

function claimed(row: ClaimedReturn): ClaimedRow {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    payload: row.payload,
    attempts: row.attempts,
    traceParent: row.trace_parent,
    endpoint: { url: row.url, secret: row.secret, isActive: row.is_active },
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The plan's statements on PostgreSQL, on `connection`. */
function pgStatements(connection: pg.PoolClient): AsyncStatements<AttemptStatements> {
  return {
    dueDeliveries: async ({ now, take, abandoned }) =>
      (await connection.query<{ id: string; endpointId: string }>(abandoned ? DUE_WITH_ABANDONED : DUE, [now, take]))
        .rows,
    claimDue: async ({ ids, token, lockedUntil, now }) =>
      (await connection.query<ClaimedReturn>(CLAIM_DUE, [token, lockedUntil, ids, now])).rows.map(claimed),
    claimAnyState: async ({ id, endpointId, token, lockedUntil, now }) => {
      const row = (await connection.query<ClaimedReturn>(CLAIM_ANY_STATE, [token, lockedUntil, id, endpointId, now]))
        .rows[0];
      return row && claimed(row);
    },
    cancelClaimed: async ({ id, token }) => {
      await connection.query(`UPDATE webhook_deliveries ${CANCEL} WHERE id = $1 AND locked_by = $2`, [id, token]);
    },
    resetStreaks: async ({ endpointIds, now }) => {
      await connection.query(RESET_STREAKS, [endpointIds, iso(now)]);
    },
    countFailure: async ({ endpointId, now }) => {
      const row = (
        await connection.query<{ failing_since_ms: number; is_active: boolean }>(COUNT_FAILURE, [endpointId, iso(now)])
      ).rows[0];
      return row && { failingSinceMs: Math.round(row.failing_since_ms), isActive: row.is_active };
    },
    markSucceeded: async ({ deliveries, now }) => {
      await connection.query(MARK_SUCCEEDED, [
        deliveries.map((delivery) => delivery.id),
        deliveries.map((delivery) => delivery.token),
        deliveries.map((delivery) => delivery.statusCode),
        now,
      ]);
    },
    markFailed: async ({ id, token, statusCode, error, nextAttemptMs }) => {
      const status = nextAttemptMs === null ? "failed" : "pending";
      await connection.query(MARK_FAILED, [id, token, status, statusCode, error, nextAttemptMs]);
    },
    logAttempts: async (rows) => {
      await connection.query(LOG_ATTEMPTS, [
        rows.map((row) => row.id),
        rows.map((row) => row.deliveryId),
        rows.map((row) => row.attemptNo),
        rows.map((row) => row.statusCode),
        rows.map((row) => row.durationMs),
        rows.map((row) => row.error),
        rows.map((row) => row.attemptedAtMs),
      ]);
    },
    deactivateEndpoint: async ({ endpointId, reason, now }) => {
      const result = await connection.query<{ advertiser_id: string }>(
        `UPDATE webhook_endpoints SET is_active = false, deactivated_at = $2::timestamp, deactivated_reason = $3
         WHERE id = $1 AND is_active RETURNING advertiser_id`,
        [endpointId, iso(now), reason],
      );
      const row = result.rows[0];
      return row && { advertiserId: row.advertiser_id };
    },
    cancelDeliveries: async ({ endpointId }) => {
      await connection.query(
        `UPDATE webhook_deliveries ${CANCEL} WHERE endpoint_id = $1 AND status IN ('pending', 'delivering')`,
        [endpointId],
      );
    },
    dropBatchItems: async ({ endpointId }) => {
      await connection.query(`DELETE FROM webhook_batch_items WHERE endpoint_id = $1`, [endpointId]);
    },
    insertChanges: (rows) => insertChangeRows(connection, rows),
  };
}

/** The client's pool, connecting the client first if it has not yet. */
async function poolOf(client: Db): Promise<pg.Pool> {
  const pool = pgPoolOf(client);
  if (pool) return pool;
  await client.$connect();
  const connected = pgPoolOf(client);
  if (!connected) throw new Error("the pg pool of the Prisma client is not available");
  return connected;
}

/**
 * Runs a plan on one pooled connection: in "transaction" mode inside BEGIN ...
 * COMMIT (rolled back if any statement fails), in "claim" mode each statement
 * on its own (each is conditional; no transaction round trips).
 */
export async function runOnPostgres<T>(client: Db, plan: AttemptPlan<T>, mode: PlanMode): Promise<T> {
  const connection = await (await poolOf(client)).connect();
  // a connection lost while checked out also fails the statement under way; the event
  // alone must not crash the process
  connection.on("error", ignore);
  let broken: Error | undefined;
  try {
    if (mode === "claim") return await runPlanAsync(plan, pgStatements(connection));
    await connection.query("BEGIN");
    try {
      const result = await runPlanAsync(plan, pgStatements(connection));
      await connection.query("COMMIT");
      return result;
    } catch (error) {
      // a connection that cannot even roll back is not given back to the pool
      await connection.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    connection.off("error", ignore);
    connection.release(broken);
  }
}

function ignore(): void {}
