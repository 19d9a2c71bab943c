// The dispatcher's two hot steps on PostgreSQL as raw SQL through the Prisma
// client's own pool and adapter: claiming due deliveries and recording
// successes. Same rows and conditions as the SQLite statements
// (sqlite-attempts.ts) and the Prisma code in attempts.ts; through Prisma's
// query builder these two steps cost most of the dispatcher's CPU. A claim is
// two round trips (read the candidates, one conditional UPDATE ... RETURNING
// with the endpoint), a group of successes one statement. Lists travel as one
// JSON text parameter expanded in SQL, so each statement's text stays the same
// whatever the group size.
import type { Db } from "@/lib/db/client";
import { sortableId } from "@/lib/ids";
import type { ClaimArgs, ClaimCandidate, Claimed, RecordArgs } from "./sqlite-attempts";

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
const CANDIDATES = `SELECT id, "endpointId" FROM ${PENDING} AS c ORDER BY next_attempt_ms`;
const CANDIDATES_WITH_ABANDONED = `SELECT id, "endpointId" FROM (${ABANDONED} UNION ALL ${PENDING}) AS c
   ORDER BY next_attempt_ms`;

// Conditional like the read. The picked rows are locked first in id order, skipping any
// another instance holds (it is claiming or recording them), so two claims never wait on
// each other in opposite orders; the conditions are checked again on the rows as they stand.
const CLAIM = `UPDATE webhook_deliveries d SET status = 'delivering', locked_by = $1, locked_until_ms = $2::bigint
   FROM webhook_endpoints e
   WHERE d.id IN (
       SELECT id FROM webhook_deliveries WHERE id IN (SELECT jsonb_array_elements_text($3::jsonb))
       ORDER BY id FOR UPDATE SKIP LOCKED
     ) AND e.id = d.endpoint_id
     AND d.status IN ('pending', 'delivering') AND d.next_attempt_ms <= $4::bigint
     AND (d.locked_until_ms IS NULL OR d.locked_until_ms < $4::bigint)
   RETURNING d.id, d.endpoint_id, d.event_id, d.payload, d.attempts, e.url, e.secret, e.is_active`;

type ClaimedRow = {
  id: string;
  endpoint_id: string;
  event_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  is_active: boolean;
};

// One statement, so one implicit transaction: each delivery only while its claim is the
// one that sent it, one log line per attempt (even for a claim lost meanwhile, like
// recordAttempt), each endpoint's streak reset once. Data-modifying CTEs all see the
// snapshot the statement started with, and touch different tables. The endpoints are
// locked in id order: two instances' groups share endpoints, and in any other order
// their records could deadlock (one group rolled back, its deliveries sent again).
const RECORD = `WITH items AS (
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS v(id text, delivery_id text, token text, endpoint_id text, attempt_no int, status_code int, duration_ms int)
   ), succeeded AS (
     UPDATE webhook_deliveries d SET status = 'succeeded', attempts = d.attempts + 1, last_status_code = i.status_code,
       last_error = NULL, next_attempt_ms = NULL, delivered_at_ms = $2::bigint, locked_by = NULL, locked_until_ms = NULL
     FROM items i
     WHERE d.id = i.delivery_id AND d.locked_by = i.token AND d.status = 'delivering'
   ), logged AS (
     INSERT INTO delivery_attempts (id, delivery_id, attempt_no, status_code, duration_ms, error, attempted_at_ms)
     SELECT id, delivery_id, attempt_no, status_code, duration_ms, NULL, $2::bigint FROM items
   ), locked AS (
     SELECT id FROM webhook_endpoints WHERE id IN (SELECT endpoint_id FROM items) ORDER BY id FOR UPDATE
   )
   UPDATE webhook_endpoints e SET failure_count = 0, failing_since = NULL, last_delivered_at = $3::timestamp
   FROM locked WHERE e.id = locked.id`;

/**
 * Claims due deliveries: reads the candidates (`take` of each kind, in due
 * order), lets `pick` choose, claims the chosen rows that are still due and
 * unclaimed and returns them with their endpoints, in the order picked.
 */
export async function claimOnPostgres(client: Db, args: ClaimArgs): Promise<Claimed[]> {
  const { now, take, token, lockedUntil, pick } = args;
  const candidates = await client.$queryRawUnsafe<ClaimCandidate[]>(
    args.abandoned ? CANDIDATES_WITH_ABANDONED : CANDIDATES,
    now,
    take,
  );
  const picked = pick(candidates);
  if (picked.length === 0) return [];
  const rows = await client.$queryRawUnsafe<ClaimedRow[]>(CLAIM, token, lockedUntil, JSON.stringify(picked), now);
  // RETURNING has no order: attempts start in due order, as on the other paths
  const order = new Map(picked.map((id, index) => [id, index]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(claimed);
}

function claimed(row: ClaimedRow): Claimed {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    payload: row.payload,
    attempts: row.attempts,
    endpoint: { url: row.url, secret: row.secret, isActive: row.is_active },
  };
}

/**
 * Records successes in one statement: each delivery only while its token
 * still holds it, its attempt log line, each endpoint's streak reset.
 */
export async function recordSuccessesOnPostgres(client: Db, { now, items }: RecordArgs): Promise<void> {
  const rows = items.map(({ delivery, outcome }) => ({
    id: sortableId("wda", now),
    delivery_id: delivery.id,
    token: delivery.token,
    endpoint_id: delivery.endpointId,
    attempt_no: delivery.attempts + 1,
    status_code: outcome.statusCode,
    duration_ms: outcome.durationMs,
  }));
  // timestamp without time zone holds UTC, as Prisma writes DateTime; the "Z" is ignored
  await client.$executeRawUnsafe(RECORD, JSON.stringify(rows), now, new Date(now).toISOString());
}
