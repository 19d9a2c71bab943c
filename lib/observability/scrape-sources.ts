// What /metrics reads at scrape time, never on the hot path: the webhook outbox's backlog and
// the age of its oldest item that is due (three indexed aggregates), and the PostgreSQL pool's use.
import { db, pgPoolOf } from "@/lib/db/client";
import { metrics } from "./metrics";

type Row = { unsent: bigint | number | null; oldest: bigint | number | null };

/**
 * The outbox's backlog: events not yet fanned out plus deliveries not yet delivered (pending,
 * a retry's included, or being sent); and how long the oldest item that is due has waited, in
 * seconds (an event since it was written, a delivery since its attempt came due; a retry
 * scheduled for later is not late; 0 when nothing is due).
 */
export async function outboxBacklog(nowMs = Date.now()): Promise<{ unsent: number; oldestAgeSec: number }> {
  const [events, deliveries, due] = await Promise.all([
    db().$queryRawUnsafe<Row[]>(
      "SELECT COUNT(*) AS unsent, MIN(created_at_ms) AS oldest FROM outbox_events WHERE fanned_out_ms IS NULL",
    ),
    db().$queryRawUnsafe<Row[]>(
      "SELECT COUNT(*) AS unsent FROM webhook_deliveries WHERE status IN ('pending', 'delivering')",
    ),
    db().$queryRawUnsafe<Row[]>(
      `SELECT MIN(next_attempt_ms) AS oldest FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_ms <= ${Math.floor(nowMs)}`,
    ),
  ]);
  const unsent = Number(events[0]?.unsent ?? 0) + Number(deliveries[0]?.unsent ?? 0);
  const oldest = [events[0]?.oldest, due[0]?.oldest]
    .filter((value): value is bigint | number => value !== null && value !== undefined)
    .map(Number);
  const oldestAgeSec = oldest.length ? Math.max(0, (nowMs - Math.min(...oldest)) / 1000) : 0;
  return { unsent, oldestAgeSec };
}

/** The process's scrape sources: its database's outbox and pool. */
export function readAtScrape(): void {
  const { sources } = metrics();
  sources.outbox = () => outboxBacklog();
  sources.pool = () => {
    const pool = pgPoolOf(db());
    return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
  };
}
