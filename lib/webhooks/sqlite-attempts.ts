// The dispatcher's two hot steps on SQLite, claiming due deliveries and
// recording successes, as synchronous better-sqlite3 statements on the Prisma
// client's own connection (like the delivery store, docs/decisions/0402). Each
// runs as one BEGIN IMMEDIATE ... COMMIT that never yields the event loop, so
// it is as atomic as the Prisma version in attempts.ts, which stays the path
// while an interactive Prisma transaction is open on the connection
// (PostgreSQL has its own raw SQL, pg-attempts.ts). Through Prisma these two
// steps cost about 60% of the dispatcher's CPU (query compilation and the
// adapter's per-statement work); here a few prepared statements per delivery
// (docs/decisions/1413).
import type { Database, Statement } from "better-sqlite3";
import { isSqliteBusy, sqliteDateTime, withoutBusyWait } from "@/lib/db/adapters";
import { sqliteHandleOf, type Db } from "@/lib/db/client";
import { sortableId } from "@/lib/ids";
import type { SendOutcome } from "./send";

export type ClaimCandidate = { id: string; endpointId: string };

type ClaimedRow = { id: string; endpoint_id: string; event_id: string; payload: string; attempts: number };
type EndpointRow = { url: string; secret: string; is_active: number };

/** A claimed delivery as the raw SQL paths return it (here and pg-attempts.ts); attempts.ts adds the token. */
export type Claimed = {
  id: string;
  endpointId: string;
  eventId: string;
  payload: string;
  attempts: number;
  endpoint: { url: string; secret: string; isActive: boolean };
};

type Statements = {
  pending: Statement;
  abandoned: Statement;
  claim: Statement;
  endpoint: Statement;
  succeed: Statement;
  attempt: Statement;
  endpointSucceeded: Statement;
  claimTx: (args: ClaimArgs) => Claimed[];
  recordTx: (args: RecordArgs) => void;
};

export type ClaimArgs = {
  now: number;
  take: number;
  /** also read deliveries whose claim expired */
  abandoned: boolean;
  token: string;
  lockedUntil: number;
  pick: (candidates: ClaimCandidate[]) => string[];
};

export type RecordArgs = {
  now: number;
  items: readonly {
    delivery: { id: string; token: string; attempts: number; endpointId: string };
    outcome: SendOutcome;
  }[];
};

const prepared = new WeakMap<Database, Statements>();

function statements(handle: Database): Statements {
  const cached = prepared.get(handle);
  if (cached) return cached;
  const prepare = (sql: string) => handle.prepare(sql).safeIntegers(false);
  // the two reads are ordered ranges of the (status, next_attempt_ms) index that stop at the limit
  const pending = prepare(
    `SELECT id, endpoint_id AS endpointId, next_attempt_ms AS due FROM webhook_deliveries
     WHERE status = 'pending' AND next_attempt_ms <= @now AND (locked_until_ms IS NULL OR locked_until_ms < @now)
     ORDER BY next_attempt_ms LIMIT @take`,
  );
  const abandoned = prepare(
    `SELECT id, endpoint_id AS endpointId, next_attempt_ms AS due FROM webhook_deliveries
     WHERE status = 'delivering' AND next_attempt_ms <= @now AND locked_until_ms < @now
     ORDER BY next_attempt_ms LIMIT @take`,
  );
  const claim = prepare(
    `UPDATE webhook_deliveries SET status = 'delivering', locked_by = @token, locked_until_ms = @lockedUntil
     WHERE id = @id AND status IN ('pending', 'delivering') AND next_attempt_ms <= @now
       AND (locked_until_ms IS NULL OR locked_until_ms < @now)
     RETURNING id, endpoint_id, event_id, payload, attempts`,
  );
  const endpoint = prepare(`SELECT url, secret, is_active FROM webhook_endpoints WHERE id = ?`);
  const succeed = prepare(
    `UPDATE webhook_deliveries SET status = 'succeeded', attempts = attempts + 1, last_status_code = @status,
       last_error = NULL, next_attempt_ms = NULL, delivered_at_ms = @now, locked_by = NULL, locked_until_ms = NULL
     WHERE id = @id AND locked_by = @token AND status = 'delivering'`,
  );
  const attempt = prepare(
    `INSERT INTO delivery_attempts (id, delivery_id, attempt_no, status_code, duration_ms, error, attempted_at_ms)
     VALUES (?, ?, ?, ?, ?, NULL, ?)`,
  );
  const endpointSucceeded = prepare(
    `UPDATE webhook_endpoints SET failure_count = 0, failing_since = NULL, last_delivered_at = ? WHERE id = ?`,
  );

  const claimTx = handle.transaction((args: ClaimArgs) => {
    const { now, take, token, lockedUntil, pick } = args;
    const candidates = [
      ...((args.abandoned ? abandoned.all({ now, take }) : []) as (ClaimCandidate & { due: number })[]),
      ...(pending.all({ now, take }) as (ClaimCandidate & { due: number })[]),
    ].sort((a, b) => a.due - b.due);
    const endpoints = new Map<string, Claimed["endpoint"] | undefined>();
    const claimed: Claimed[] = [];
    for (const id of pick(candidates)) {
      const row = claim.get({ id, token, lockedUntil, now }) as ClaimedRow | undefined;
      if (!row) continue;
      if (!endpoints.has(row.endpoint_id)) {
        const found = endpoint.get(row.endpoint_id) as EndpointRow | undefined;
        endpoints.set(
          row.endpoint_id,
          found && { url: found.url, secret: found.secret, isActive: found.is_active === 1 },
        );
      }
      const target = endpoints.get(row.endpoint_id);
      // the foreign key makes a missing endpoint impossible; the row stays claimed and expires if it happens
      if (!target) continue;
      claimed.push({
        id: row.id,
        endpointId: row.endpoint_id,
        eventId: row.event_id,
        payload: row.payload,
        attempts: row.attempts,
        endpoint: target,
      });
    }
    return claimed;
  });

  const recordTx = handle.transaction(({ now, items }: RecordArgs) => {
    for (const { delivery, outcome } of items) {
      succeed.run({ id: delivery.id, token: delivery.token, status: outcome.statusCode, now });
      attempt.run(
        sortableId("wda", now),
        delivery.id,
        delivery.attempts + 1,
        outcome.statusCode,
        outcome.durationMs,
        now,
      );
    }
    const at = sqliteDateTime(now);
    for (const endpointId of new Set(items.map(({ delivery }) => delivery.endpointId)))
      endpointSucceeded.run(at, endpointId);
  });

  const made: Statements = {
    pending,
    abandoned,
    claim,
    endpoint,
    succeed,
    attempt,
    endpointSucceeded,
    claimTx: (args) => claimTx.immediate(args),
    recordTx: (args) => recordTx.immediate(args),
  };
  prepared.set(handle, made);
  return made;
}

/** The connection to run on now, or undefined: PostgreSQL, not connected yet, or a Prisma transaction is open on it. */
function freeHandle(client: Db): Database | undefined {
  const handle = sqliteHandleOf(client);
  return handle && !handle.inTransaction ? handle : undefined;
}

/**
 * Claims due deliveries in one immediate transaction: reads the candidates
 * (`take` of each kind), lets `pick` choose, claims each chosen row
 * conditionally (still due and unclaimed) and reads it with its endpoint.
 * Undefined when the SQLite connection cannot be used now (use the Prisma path).
 */
export function claimOnSqlite(client: Db, args: ClaimArgs): Claimed[] | undefined {
  const handle = freeHandle(client);
  if (!handle) return undefined;
  const s = statements(handle);
  // another process (a worker) holding the write lock must not stall this event loop for the
  // busy timeout, as in the delivery store (0402): claim nothing this round, the next one retries
  try {
    return withoutBusyWait(handle, () => s.claimTx(args));
  } catch (error) {
    if (isSqliteBusy(error)) return [];
    throw error;
  }
}

/**
 * Records successes in one immediate transaction: each delivery only while
 * `token` still holds it, its attempt log line, each endpoint's streak reset.
 * False when the SQLite connection cannot be used now (use the Prisma path).
 */
export function recordSuccessesOnSqlite(client: Db, args: RecordArgs): boolean {
  const handle = freeHandle(client);
  if (!handle) return false;
  statements(handle).recordTx(args);
  return true;
}
