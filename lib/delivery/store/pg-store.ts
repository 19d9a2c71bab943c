// The delivery store on PostgreSQL: its own small pg pool, one transaction per
// batch, multi-row statements (unnest) so a batch costs a fixed number of round
// trips. Several app instances may share the database: budgets are enforced by
// conditional updates under row locks taken in campaign-id order, and per-user
// caps are re-checked at commit under per-user advisory locks
// (docs/decisions/0402-delivery-writes.md, 0403-caps-across-instances.md). The
// steps of a commit are the shared plan's (./commit-plan.ts); this file says how
// each statement is written in PostgreSQL.
import { finished } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { HOUR_MS } from "@/lib/clock";
import { pgPoolConfig } from "@/lib/db/adapters";
import { env } from "@/lib/env";
import { insertChangeRows } from "@/lib/history/pg-changes";
import type {
  BatchResult,
  CampaignRow,
  CampaignSpend,
  ClickTarget,
  DeliveryStore,
  MomentToOpen,
  OpenedMoment,
  RecentAlert,
  WriteBatch,
} from "../records";
import {
  ROLLUP_COLUMNS,
  ROLLUP_ON_CONFLICT,
  ROLLUP_TEXT_COLUMNS,
  rollupValues,
} from "@/lib/domain/rollups/increment-rollups";
import { USER_LOCK_BUCKETS, commitBatch, runPlanAsync, withinCaps, type AsyncStatements } from "./commit-plan";
// the row shapes and mappings both stores share, as `stored.*`
import * as stored from "./rows";
import { ALERTS_PER_GAME, ALERTS_PER_HOUR, CAP_MEMORY_MS } from "../rules/caps";

const CAMPAIGN_COLUMNS = `c.id, c.advertiser_id, c.status, c.moment_types, c.sports, c.bid_cpm_micros, c.daily_budget_micros,
  c.total_budget_micros, c.spend_micros, c.spend_day, c.day_spend_micros, c.start_date, c.end_date, c.pacing,
  to_char(c.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  (SELECT a.sandbox FROM advertisers a WHERE a.id = c.advertiser_id) AS sandbox`;

/** Every group's conditional spend in one statement (decision 0402: no impression starts above a budget). */
const SPEND_SQL = `UPDATE campaigns c SET
    spend_micros = c.spend_micros + t.sum,
    impressions = c.impressions + t.n,
    day_spend_micros = CASE WHEN c.spend_day = t.day THEN c.day_spend_micros + t.sum ELSE t.sum END,
    spend_day = t.day
  FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[]) AS t(id, day, sum, n, before_last)
  WHERE c.id = t.id AND c.status = 'active'
    AND c.spend_micros + t.before_last < c.total_budget_micros
    AND (CASE WHEN c.spend_day = t.day THEN c.day_spend_micros ELSE 0 END) + t.before_last < c.daily_budget_micros
  RETURNING c.id, c.advertiser_id, c.spend_micros, c.total_budget_micros, c.budget_50_at IS NOT NULL AS b50,
    c.budget_90_at IS NOT NULL AS b90, c.status, c.spend_day, c.day_spend_micros`;

/**
 * Per-user locks (decision 0403) as transaction-scoped advisory locks. A few users:
 * each user's bucket shared (two-key form, class USER_LOCK_CLASS), then each user
 * (one-key form: the two forms never collide). Many users (a moment): their
 * buckets exclusive, at most USER_LOCK_BUCKETS locks. Both in key order, so
 * instances never deadlock; a bucket held exclusive conflicts with any of its users.
 */
const USER_LOCK_CLASS = 403;
const BUCKET = `(hashtextextended(u, 0) & ${USER_LOCK_BUCKETS - 1})::int`;
const LOCK_USERS_SQL = `SELECT CASE WHEN l.kind = 0 THEN pg_advisory_xact_lock_shared(${USER_LOCK_CLASS}, l.key::int)
    ELSE pg_advisory_xact_lock(l.key) END
  FROM (SELECT DISTINCT 0 AS kind, ${BUCKET}::bigint AS key FROM unnest($1::text[]) AS u
        UNION SELECT DISTINCT 1, hashtextextended(u, 0) FROM unnest($1::text[]) AS u ORDER BY 1, 2) AS l`;
const lockBucketsSql = (users: string) => `SELECT pg_advisory_xact_lock(${USER_LOCK_CLASS}, b)
  FROM (SELECT DISTINCT ${BUCKET} AS b FROM unnest(${users}) AS u ORDER BY 1) AS l`;
const LOCK_BUCKETS_SQL = lockBucketsSql("$1::text[]");
const recentAlertsSql = (users: string, since: string) =>
  `SELECT user_id, game_id, served_at_ms FROM impressions WHERE user_id = ANY(${users}) AND served_at_ms >= ${since}`;
const RECENT_ALERTS_SQL = recentAlertsSql("$1::text[]", "$2");

/** stands for every game but the moment's in gameCapAlerts (no game id holds U+0000: the edge refuses it) */
const OTHER_GAME = "\u0000other";

/**
 * What a moment's caps in one game depend on, one row per user (not one per alert):
 * the times of the user's alerts in that game within CAP_MEMORY_MS (the per-game cap)
 * and of their other alerts within the last hour (the hourly cap). Read at the
 * moment's `now`; a commit a little later needs a subset of them, which the commit
 * plan's filter keeps. Only users already at a cap are returned: a moment gives each
 * of its users one alert at most, which a cap refuses only when the user's committed
 * alerts alone reach it (and none can be added meanwhile: the users are locked). The
 * other users' rows were most of the answer (about 10,000 rows of arrays for the
 * engine's thread to parse after its auctions); with them left out a late moment of
 * the fan-out bench waited 50 ms for the read instead of 130. Each user's alerts are
 * looked up by the (user_id, served_at_ms) index (the lateral join fixes that plan):
 * the cost follows the moment's users, not the size of the impressions table, which
 * a plan filtering the whole table by the list of users would scan.
 */
const gameCapsSql = (users: string, game: string, nowMs: number) =>
  `SELECT u.user_id, a.game, a.hour FROM unnest(${users}) AS u(user_id) CROSS JOIN LATERAL (
     SELECT array_agg(served_at_ms) FILTER (WHERE game_id = ${game}) AS game,
       array_agg(served_at_ms) FILTER (WHERE game_id <> ${game} AND served_at_ms > ${nowMs - HOUR_MS}) AS hour,
       count(*) FILTER (WHERE game_id = ${game}) AS in_game,
       count(*) FILTER (WHERE served_at_ms > ${nowMs - HOUR_MS}) AS in_hour
     FROM impressions i WHERE i.user_id = u.user_id AND i.served_at_ms >= ${nowMs - CAP_MEMORY_MS}) AS a
   WHERE a.in_game >= ${ALERTS_PER_GAME} OR a.in_hour >= ${ALERTS_PER_HOUR}`;
type GameCapsRow = { user_id: string; game: string[] | null; hour: string[] | null };

/** The alerts of gameCapsSql's rows, as the commit plan's cap re-check reads them (other games as OTHER_GAME). */
function gameCapAlerts(rows: readonly GameCapsRow[], gameId: string): RecentAlert[] {
  const alerts: RecentAlert[] = [];
  for (const row of rows) {
    for (const at of row.game ?? []) alerts.push({ userId: row.user_id, gameId, servedAtMs: Number(at) });
    for (const at of row.hour ?? []) alerts.push({ userId: row.user_id, gameId: OTHER_GAME, servedAtMs: Number(at) });
  }
  return alerts;
}

/** A text[] as one SQL literal (for the simple-query protocol, which takes no parameters). */
export function textArrayLiteral(client: pg.ClientBase, values: readonly string[]): string {
  // the common case (no quote or backslash in any value: user ids, game ids) needs no escaping at all
  if (!/[\\"']/.test(values.join(""))) return `'{"${values.join('","')}"}'::text[]`;
  const elements = values.map((value) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`);
  return `${client.escapeLiteral(`{${elements.join(",")}}`)}::text[]`;
}

type SpendReturn = {
  id: string;
  advertiser_id: string;
  spend_micros: string;
  total_budget_micros: string;
  b50: boolean;
  b90: boolean;
  status: string;
  spend_day: string | null;
  day_spend_micros: string;
};

/**
 * Inserts of at least this many rows (a moment's) stream through COPY: one round trip
 * like `unnest`, but PostgreSQL parses no arrays and inserts the heap rows in bulk
 * (measured: 10,000 impression rows in about 60% of the `unnest` statement's time).
 */
export const COPY_FROM_ROWS = 1000;

/**
 * Outbox rows of at least this many characters of data in all (a moment's packed
 * impression events, decision 0410) also go through COPY, however few: as `unnest`
 * array elements every quote of their JSON is escaped, then parsed again (a moment's
 * took 150 ms more that way).
 */
export const COPY_FROM_CHARS = 64 * 1024;

const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** A value in COPY's text format: \N for null, backslash, tab, newline and carriage return escaped. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const text = typeof value === "string" ? value : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character]!) : text;
}

/** Rows in COPY's text format: values tab-separated, one row a line. */
export function copyText(rows: readonly (readonly unknown[])[]): string {
  let text = "";
  for (const row of rows) {
    for (let index = 0; index < row.length; index++) {
      const value = row[index];
      if (index) text += "\t";
      text += typeof value === "number" ? String(value) : copyValue(value);
    }
    text += "\n";
  }
  return text;
}

/**
 * Starts `COPY table FROM STDIN` of `text` (COPY's text format) inside the open
 * transaction and resolves once the rows are handed to the connection, with `done`:
 * PostgreSQL's answer, while it inserts them.
 */
async function startCopy(
  client: pg.ClientBase,
  table: string,
  columnNames: readonly string[],
  text: string,
): Promise<{ done: Promise<void> }> {
  const stream = client.query(copyFrom(`COPY ${table} (${columnNames.join(", ")}) FROM STDIN`));
  const done = finished(stream);
  done.catch(() => {});
  await new Promise<void>((resolve, reject) => {
    stream.write(text, (error) => (error ? reject(error) : resolve()));
    // refused before it took the rows (a transaction already aborted): the answer comes first
    done.then(resolve, reject);
  });
  stream.end();
  return { done };
}

/** `rows` (values in `columns` order) into `table` with COPY ... FROM STDIN, inside the open transaction. */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columnNames: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  await (
    await startCopy(client, table, columnNames, copyText(rows))
  ).done;
}

/**
 * A connection's statements one at a time, in the order asked: each is sent once the
 * one before it is answered (a pg client must not be given a query while it runs one).
 * Its arguments are made at once, so the caller prepares them while PostgreSQL works.
 */
function inOrder(client: pg.ClientBase) {
  let tail: Promise<unknown> = Promise.resolve();
  const run = <T>(statement: () => Promise<T>): Promise<T> => {
    const result = tail.then(statement);
    tail = result.catch(() => {});
    return result;
  };
  return {
    run,
    query: <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => run(() => client.query<R>(text, values)),
    /**
     * COPY of `rows`, queued now after the statements before it: `done` is PostgreSQL's answer.
     * Nothing waits for it to start: a moment's outbox COPY waited here for its impressions'
     * COPY to finish, and held back the verdicts the answer is prepared from (decision 0408).
     */
    copy: (table: string, columnNames: readonly string[], rows: readonly (readonly unknown[])[]) => {
      const text = copyText(rows);
      const done = run(() => startCopy(client, table, columnNames, text)).then((copy) => copy.done);
      tail = done.catch(() => {});
      return { done };
    },
  };
}

export const IMPRESSION_COLUMNS = [
  "id",
  "click_id",
  "advertiser_id",
  "campaign_id",
  "creative_id",
  "moment_type",
  "sport",
  "game_id",
  "user_id",
  "clearing_cpm_micros",
  "cost_micros",
  "served_at_ms",
];
export const AUCTION_COLUMNS = [
  "id",
  "moment_type",
  "sport",
  "outcome",
  "bidders",
  "winning_bid_micros",
  "clearing_cpm_micros",
  "winner_advertiser_id",
  "sandbox",
  "occurred_at_ms",
  "auction_count",
];
export const OUTBOX_COLUMNS = ["id", "advertiser_id", "type", "data", "created_at_ms"];

/** unnest's parameters from rows of values in column order: one array per column. */
function byColumn(rows: readonly (readonly unknown[])[], count: number): unknown[][] {
  return Array.from({ length: count }, (_, index) => rows.map((row) => row[index]));
}

/** Column arrays for `unnest`: one array per field, in order. */
function columns<T>(rows: readonly T[], fields: readonly ((row: T) => unknown)[]): unknown[][] {
  return fields.map((field) => rows.map(field));
}

/**
 * The commit plan's statements on PostgreSQL, inside the open transaction of `client`.
 * Inserts return once sent: the connection runs statements in order, so the plan
 * prepares its next rows while PostgreSQL inserts these, and their answers go to
 * `sent`, which the commit awaits before COMMIT.
 */
function pgStatements(client: pg.ClientBase, sent: Promise<unknown>[]): AsyncStatements {
  const connection = inOrder(client);
  const later = (statement: Promise<unknown>) => {
    statement.catch(() => {});
    sent.push(statement);
  };
  return {
    lockUsers: async ({ users, scope }) => {
      await connection.query(scope === "buckets" ? LOCK_BUCKETS_SQL : LOCK_USERS_SQL, [users]);
    },
    recentAlerts: async ({ users, sinceMs }) => {
      const result = await connection.query<stored.RawAlert>(RECENT_ALERTS_SQL, [users, sinceMs]);
      return result.rows.map(stored.recentAlert);
    },
    lockCampaigns: async (ids) => {
      // FOR NO KEY UPDATE, what the spend UPDATE takes anyway: FOR UPDATE would also block the
      // FOR KEY SHARE of every insert that references a campaign (conversions, variants, another
      // transaction's impressions) for the whole commit, and invite the deadlock decision 0605 fixed
      await connection.query(`SELECT id FROM campaigns WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE`, [
        ids,
      ]);
    },
    spend: async (groups) => {
      const result = await connection.query<SpendReturn>(
        SPEND_SQL,
        columns(groups, [
          (g) => g.campaignId,
          (g) => g.day,
          (g) => g.sumMicros,
          (g) => g.count,
          (g) => g.beforeLastMicros,
        ]),
      );
      const byId = new Map(result.rows.map((row) => [row.id, row]));
      return groups.map(({ campaignId }) => {
        const row = byId.get(campaignId);
        return (
          row && {
            advertiserId: row.advertiser_id,
            status: row.status,
            spendMicros: BigInt(row.spend_micros),
            totalBudgetMicros: BigInt(row.total_budget_micros),
            spendDay: row.spend_day,
            daySpendMicros: BigInt(row.day_spend_micros),
            budget50Set: row.b50,
            budget90Set: row.b90,
          }
        );
      });
    },
    readBudgets: async (campaignIds) => {
      const result = await connection.query<stored.RawBudget>(
        `SELECT ${stored.BUDGET_COLUMNS} FROM campaigns WHERE id = ANY($1::text[])`,
        [campaignIds],
      );
      return result.rows.map(stored.campaignBudget);
    },
    insertImpressions: async (impressions) => {
      const rows = impressions.map(stored.impressionValues);
      if (rows.length >= COPY_FROM_ROWS) return later(connection.copy("impressions", IMPRESSION_COLUMNS, rows).done);
      later(
        connection.query(
          `INSERT INTO impressions (id, click_id, advertiser_id, campaign_id, creative_id, moment_type, sport, game_id, user_id,
           clearing_cpm_micros, cost_micros, served_at_ms)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
           $10::bigint[], $11::bigint[], $12::bigint[])`,
          byColumn(rows, IMPRESSION_COLUMNS.length),
        ),
      );
    },
    insertAuctions: async (auctions) => {
      const rows = auctions.map((auction) => stored.auctionValues(auction));
      if (rows.length >= COPY_FROM_ROWS) return later(connection.copy("auctions", AUCTION_COLUMNS, rows).done);
      later(
        connection.query(
          `INSERT INTO auctions (id, moment_type, sport, outcome, bidders, winning_bid_micros, clearing_cpm_micros,
           winner_advertiser_id, sandbox, occurred_at_ms, auction_count)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::bigint[],
           $8::text[], $9::boolean[], $10::bigint[], $11::int[])`,
          byColumn(rows, AUCTION_COLUMNS.length),
        ),
      );
    },
    insertClicks: async (clicks) => {
      const inserted = await connection.query<{ id: string }>(
        `INSERT INTO clicks (id, impression_id, campaign_id, creative_id, moment_type, sport, converted, clicked_at_ms)
         SELECT id, impression_id, campaign_id, creative_id, moment_type, sport, false, clicked_at_ms
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])
           AS t(id, impression_id, campaign_id, creative_id, moment_type, sport, clicked_at_ms)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        columns(clicks, [
          (c) => c.clickId,
          (c) => c.impressionId,
          (c) => c.campaignId,
          (c) => c.creativeId,
          (c) => c.momentType,
          (c) => c.sport,
          (c) => c.clickedAtMs,
        ]),
      );
      // a click id twice in one batch: only its first click counts
      const fresh = new Set(inserted.rows.map((row) => row.id));
      return clicks.map((click) => fresh.delete(click.clickId));
    },
    countClicks: async (counts) => {
      later(
        connection.query(
          `UPDATE campaigns SET clicks = campaigns.clicks + t.n FROM unnest($1::text[], $2::bigint[]) AS t(id, n) WHERE campaigns.id = t.id`,
          [[...counts.keys()], [...counts.values()]],
        ),
      );
    },
    upsertRollups: async (rollups) => {
      const types = ROLLUP_COLUMNS.map(
        (_, index) => `$${index + 1}::${index < ROLLUP_TEXT_COLUMNS ? "text" : "bigint"}[]`,
      );
      const values = rollups.map(rollupValues);
      later(
        connection.query(
          `INSERT INTO hourly_rollups (${ROLLUP_COLUMNS.join(", ")})
         SELECT * FROM unnest(${types.join(", ")})
         ${ROLLUP_ON_CONFLICT}`,
          ROLLUP_COLUMNS.map((_, index) => values.map((row) => String(row[index]))),
        ),
      );
    },
    markBudget: async ({ campaignIds, threshold, nowMs }) => {
      const column = threshold === 50 ? "budget_50_at" : "budget_90_at";
      const result = await connection.query<{ id: string }>(
        `UPDATE campaigns SET ${column} = $1::timestamp WHERE id = ANY($2::text[]) AND ${column} IS NULL RETURNING id`,
        [new Date(nowMs).toISOString(), campaignIds],
      );
      const set = new Set(result.rows.map((row) => row.id));
      return campaignIds.map((id) => set.has(id));
    },
    endForBudget: async ({ campaignIds, nowMs }) => {
      const result = await connection.query<{ id: string }>(
        `UPDATE campaigns SET status = 'ended', ended_reason = 'budget_exhausted', ended_at = $1::timestamp, updated_at = $1::timestamp,
           version = version + 1
         WHERE id = ANY($2::text[]) AND status = 'active' AND spend_micros >= total_budget_micros
         RETURNING id`,
        [new Date(nowMs).toISOString(), campaignIds],
      );
      const ended = new Set(result.rows.map((row) => row.id));
      return campaignIds.map((id) => ended.has(id));
    },
    insertOutbox: async (rows) => {
      let chars = 0;
      for (const row of rows) chars += row.data.length;
      if (rows.length >= COPY_FROM_ROWS || chars >= COPY_FROM_CHARS) {
        const values = rows.map((e) => [e.id, e.advertiserId, e.type, e.data, e.createdAtMs]);
        return later(connection.copy("outbox_events", OUTBOX_COLUMNS, values).done);
      }
      later(
        connection.query(
          `INSERT INTO outbox_events (id, advertiser_id, type, data, created_at_ms)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])`,
          columns(rows, [(e) => e.id, (e) => e.advertiserId, (e) => e.type, (e) => e.data, (e) => e.createdAtMs]),
        ),
      );
    },
    insertChanges: (rows) => connection.run(() => insertChangeRows(client, rows)),
  };
}

/**
 * The commit plan in `client`'s open transaction, every insert it sent answered. An
 * insert that failed is the error to report: the statements after it only say that
 * the transaction is aborted. With `stands`, the plan's outcome is kept only if it
 * answers true once the plan has run (before the verdicts are told): otherwise its
 * statements are waited for and the answer is undefined, for the caller to undo.
 */
async function runCommitPlan(
  client: pg.ClientBase,
  batch: WriteBatch,
  override?: Partial<AsyncStatements>,
): Promise<BatchResult>;
async function runCommitPlan(
  client: pg.ClientBase,
  batch: WriteBatch,
  override: Partial<AsyncStatements>,
  stands: () => Promise<boolean>,
): Promise<BatchResult | undefined>;
async function runCommitPlan(
  client: pg.ClientBase,
  batch: WriteBatch,
  override: Partial<AsyncStatements> = {},
  stands?: () => Promise<boolean>,
): Promise<BatchResult | undefined> {
  const sent: Promise<unknown>[] = [];
  try {
    const result = await runPlanAsync(commitBatch(batch, { recheckCaps: true }), {
      ...pgStatements(client, sent),
      ...override,
    });
    if (stands && !(await stands())) {
      await Promise.all(sent);
      return undefined;
    }
    // a moment's answer is prepared while PostgreSQL runs the statements sent (decision 0408)
    batch.moment?.judged?.(result.impressions);
    await Promise.all(sent);
    return result;
  } catch (error) {
    const failed = (await Promise.allSettled(sent)).find((outcome) => outcome.status === "rejected");
    throw failed && (error as { code?: string }).code === "25P02" ? failed.reason : error;
  }
}

/**
 * After a plan ahead is undone, this many moments read their alerts first (decision 0411).
 * A plan ahead is undone when other instances alerted the moment's users or spent its
 * budgets meanwhile; where that keeps happening (instances sharing a game's bettors near
 * their caps), each undone plan costs its inserts twice, so the store plans ahead again
 * only now and then until one stands.
 */
export const AHEAD_BACKOFF = 8;

/** Thrown by a moment's plan run before its users' alerts are read when it comes to a rebid (decision 0411). */
class RebidBeforeAlerts extends Error {}

/** A moment's transaction begun on the store's moment connection before its auctions (DeliveryStore.openMoment). */
export class PgOpenedMoment implements OpenedMoment {
  #taken = false;

  constructor(
    readonly store: PgDeliveryStore,
    readonly client: pg.Client,
    readonly users: ReadonlySet<string>,
    /** the users' alerts since the moment's cap memory, read after their locks were taken */
    readonly alerts: Promise<RecentAlert[]>,
    /**
     * the alerts are read on another connection, and the plan may run before they are
     * (decision 0411); the moment's transaction holds the savepoint `ahead` to undo it to
     */
    readonly ahead: boolean,
    readonly finish: (client: pg.Client, statement: "COMMIT" | "ROLLBACK") => Promise<void>,
  ) {
    // a failure is the commit's to report (or nobody's, once abandoned)
    alerts.catch(() => {});
  }

  /** the plan's lockUsers: the users are held; a moment's impressions, rebids included, are of its own users, and taking another lock now would break the lock order */
  readonly lockUsers: AsyncStatements["lockUsers"] = async ({ users }) => {
    if (users.some((user) => !this.users.has(user))) throw new Error("a user outside the opened moment");
  };

  /**
   * The alerts read since `sinceMs`. They are of the moment's users at a cap; those of
   * users a batch does not hold are never consulted, so they need no filtering out.
   */
  async alertsSince(sinceMs: number): Promise<RecentAlert[]> {
    return (await this.alerts).filter((alert) => alert.servedAtMs >= sinceMs);
  }

  /** true the first time: the transaction is then the caller's to commit or roll back */
  take(): boolean {
    if (this.#taken) return false;
    this.#taken = true;
    return true;
  }

  abandon(): void {
    // after the opening query's answer: the connection takes one statement at a time
    const rollback = () => this.finish(this.client, "ROLLBACK");
    if (this.take()) void this.alerts.then(rollback, rollback);
  }
}

/** the backend pid the server announced to `client` (a pooler announces a key of its own) */
function announcedPid(client: pg.Client): number {
  return (client as pg.Client & { processID: number }).processID;
}

/**
 * The advisory lock (class 404, the moment connection's backend pid) a moment connection
 * holds but while a moment's users are being locked: an alerts reader takes it (shared)
 * before it reads, so it reads only once the moment holds its users (decision 0411).
 */
function momentGate(client: pg.Client): string {
  return `404, ${announcedPid(client)}`;
}

/**
 * A connection of the store's own, apart from the pool, opened when first asked for
 * (`setup` runs before anybody takes it); idle when nobody holds it. A connection that
 * fails is dropped: the next ask opens another.
 */
class DedicatedConnection {
  #client: pg.Client | undefined;
  #idle = false;
  #pending = false;
  #closed = false;

  constructor(
    readonly url: string,
    readonly setup?: (client: pg.Client) => Promise<void>,
  ) {}

  /** the connection, held until released or dropped; undefined while it is busy or not open yet */
  take(): pg.Client | undefined {
    if (!this.#client || !this.#idle) return void this.open();
    this.#idle = false;
    return this.#client;
  }

  /** opens the connection if it is not open nor opening */
  open(): void {
    if (this.#client || this.#pending || this.#closed) return;
    this.#pending = true;
    // no JIT: compiling a moment's queries took about 10 ms of it and saves nothing at their size
    const client = new pg.Client({ ...pgPoolConfig(this.url), options: "-c jit=off" });
    // a connection error (server restart) must not crash the process: drop it, the next ask opens another
    client.on("error", () => this.drop(client));
    const setup = this.setup;
    client
      .connect()
      .then(() => setup?.(client))
      .then(
        () => {
          this.#pending = false;
          if (this.#closed) return void client.end().catch(() => {});
          this.#client = client;
          this.#idle = true;
        },
        () => {
          this.#pending = false;
          void client.end().catch(() => {});
        },
      );
  }

  release(client: pg.Client): void {
    if (this.#client === client) this.#idle = true;
  }

  drop(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#idle = false;
    void client.end().catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }
}

export class PgDeliveryStore implements DeliveryStore {
  readonly kind = "postgresql" as const;
  readonly #pool: pg.Pool;
  /**
   * The connection moments begin on before their auctions, apart from the pool (whose four
   * connections stay for batches); it holds its gate (momentGate) whenever no moment is
   * taking its users' locks.
   */
  readonly #moments: DedicatedConnection;
  /** the connection that reads a moment's alerts beside it, once the moment's gate opens (none: always in its transaction) */
  readonly #alertsReader: DedicatedConnection | undefined;
  /** moment connections that hold their gate (not one behind a pooler, where a session's locks do not last) */
  readonly #gated = new WeakSet<pg.Client>();
  /** moments still to read their alerts first since a plan ahead was undone (AHEAD_BACKOFF) */
  #readFirst = 0;

  /** `planAhead: false` reads every moment's alerts in its transaction, before its plan (decision 0411) */
  constructor(url: string = env().DATABASE_URL, { planAhead = true }: { planAhead?: boolean } = {}) {
    this.#pool = new pg.Pool({ ...pgPoolConfig(url), max: 4 });
    // an idle client's error (server restart) must not crash the process; the next query reconnects
    this.#pool.on("error", () => {});
    this.#alertsReader = planAhead ? new DedicatedConnection(url) : undefined;
    this.#moments = new DedicatedConnection(url, async (client) => {
      if (!planAhead) return;
      // behind a pooler (PgBouncer announces a pid of its own) the gate, a session's lock, would not hold
      // from one transaction to the next: such a connection reads its moments' alerts in their transaction
      const backend = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      if (backend.rows[0]!.pid !== announcedPid(client)) return;
      await client.query(`SELECT pg_advisory_lock(${momentGate(client)})`);
      this.#gated.add(client);
      this.#alertsReader?.open();
    });
  }

  async loadCampaigns(day: string, ids?: readonly string[]): Promise<CampaignRow[]> {
    const filter = ids ? "AND c.id = ANY($2::text[])" : "";
    const params: unknown[] = ids ? [day, ids] : [day];
    const campaigns = await this.#pool.query<stored.RawCampaign>(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c
       WHERE c.status = 'active' AND c.start_date <= $1 AND (c.end_date IS NULL OR c.end_date >= $1) ${filter}`,
      params,
    );
    const creatives = await this.#pool.query<stored.RawCreative>(
      `SELECT ${stored.CREATIVE_COLUMNS} FROM creatives cr JOIN campaigns c ON c.id = cr.campaign_id
       WHERE cr.status = 'approved' AND c.status = 'active' ${ids ? "AND c.id = ANY($1::text[])" : ""}
       ORDER BY cr.campaign_id, cr.variant_index`,
      ids ? [ids] : [],
    );
    return stored.campaignRows(campaigns.rows, creatives.rows);
  }

  async impressionSubscribers(): Promise<string[]> {
    const result = await this.#pool.query<{ advertiser_id: string }>(stored.IMPRESSION_SUBSCRIBERS_SQL);
    return result.rows.map((row) => row.advertiser_id);
  }

  async signature(): Promise<string> {
    const result = await this.#pool.query<{ s: string }>(
      `SELECT (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at)::text, '') || ':' || COALESCE(SUM(version), 0) FROM campaigns)
        || '|' || (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at)::text, '') FROM creatives) AS s`,
    );
    return result.rows[0]!.s;
  }

  async loadSpend(): Promise<CampaignSpend[]> {
    const result = await this.#pool.query<stored.RawSpend>(
      `SELECT ${stored.SPEND_COLUMNS} FROM campaigns WHERE status = 'active'`,
    );
    return result.rows.map(stored.campaignSpend);
  }

  async loadRecentAlerts(sinceMs: number): Promise<RecentAlert[]> {
    const result = await this.#pool.query<stored.RawAlert>(
      `SELECT user_id, game_id, served_at_ms FROM impressions WHERE served_at_ms >= $1`,
      [sinceMs],
    );
    return result.rows.map(stored.recentAlert);
  }

  async findClick(clickId: string): Promise<ClickTarget | null> {
    const result = await this.#pool.query<stored.RawClickTarget>(
      `${stored.CLICK_TARGET_SELECT} WHERE i.click_id = $1`,
      [clickId],
    );
    return stored.clickTarget(result.rows[0]);
  }

  /**
   * BEGIN and the users' buckets locked, then their alerts read: sent now, so PostgreSQL
   * works while the engine's auctions run on this thread. Every read takes its own
   * snapshot (read committed) once the locks are held, so it includes every commit
   * that held these users' locks before us, and none can add alerts for them until the
   * moment ends. When the reader connection is idle, the alerts are read there, behind
   * the moment connection's gate (opened once the locks are held), and the moment's
   * plan need not wait for them (decision 0411); otherwise they are read in the
   * moment's transaction, before its plan.
   */
  openMoment({ users, gameId, nowMs }: MomentToOpen): OpenedMoment | undefined {
    const client = this.#moments.take();
    if (!client) return undefined;
    const list = textArrayLiteral(client, users);
    const read = gameCapsSql(list, client.escapeLiteral(gameId), Math.floor(nowMs));
    const readFirst = this.#readFirst > 0;
    if (readFirst) this.#readFirst -= 1;
    const readers = this.#gated.has(client) && !readFirst ? this.#alertsReader : undefined;
    const reader = readers?.take();
    let rows: Promise<GameCapsRow[]>;
    if (readers && reader) {
      const gate = momentGate(client);
      const locked = client.query(
        `BEGIN; ${lockBucketsSql(list)}; SELECT pg_advisory_unlock(${gate}); SAVEPOINT ahead`,
      ) as unknown as Promise<unknown>;
      const alerts = reader.query(
        `SELECT pg_advisory_lock_shared(${gate}); SELECT pg_advisory_unlock_shared(${gate}); ${read}`,
      ) as unknown as Promise<pg.QueryResult<GameCapsRow>[]>;
      void alerts.finally(() => readers.release(reader)).catch(() => {});
      // a failure to lock is the moment's (its statements after it only find the transaction aborted)
      rows = Promise.all([locked, alerts]).then(([, results]) => results.at(-1)!.rows);
    } else {
      const sent = client.query(`BEGIN; ${lockBucketsSql(list)}; ${read}`) as unknown as Promise<
        pg.QueryResult<GameCapsRow>[]
      >;
      rows = sent.then((results) => results.at(-1)!.rows);
    }
    const alerts = rows.then((read) => gameCapAlerts(read, gameId));
    return new PgOpenedMoment(this, client, new Set(users), alerts, reader !== undefined, (held, statement) =>
      this.#finishMoment(held, statement),
    );
  }

  /** Ends the opened moment's transaction; a connection that failed to is closed (the next moment opens another). */
  async #finishMoment(client: pg.Client, statement: "COMMIT" | "ROLLBACK"): Promise<void> {
    try {
      // the gate closes again for the next moment (left open too by a moment whose locking failed)
      const gate = this.#gated.has(client)
        ? `; SELECT pg_advisory_unlock_all(); SELECT pg_advisory_lock(${momentGate(client)})`
        : "";
      await client.query(`${statement}${gate}`);
      this.#moments.release(client);
    } catch (error) {
      this.#moments.drop(client);
      if (statement === "COMMIT") throw error;
    }
  }

  /** Continues a moment's transaction begun by openMoment: its users are locked and their alerts read. */
  async #commitOpened(batch: WriteBatch, opened: PgOpenedMoment): Promise<BatchResult> {
    let result: BatchResult;
    try {
      result =
        (opened.ahead ? await this.#planAhead(batch, opened) : undefined) ??
        (await runCommitPlan(opened.client, batch, {
          lockUsers: opened.lockUsers,
          recentAlerts: ({ sinceMs }) => opened.alertsSince(sinceMs),
        }));
    } catch (error) {
      await this.#finishMoment(opened.client, "ROLLBACK");
      throw error;
    }
    await this.#finishMoment(opened.client, "COMMIT");
    return result;
  }

  /**
   * The moment's plan run while its users' alerts are still being read, as if they
   * refused none of its impressions (this instance's own caps already decided them):
   * it stands when the alerts read agree, which is every time but when another
   * instance alerted one of the users meanwhile. Otherwise, or when the plan comes to
   * a rebid (which changes the engine's state), the transaction goes back to the
   * savepoint taken with the locks, and the plan runs again with the alerts
   * (undefined). The same plan and the same alerts make the same commit (decision 0411).
   */
  async #planAhead(batch: WriteBatch, opened: PgOpenedMoment): Promise<BatchResult | undefined> {
    const moment = batch.moment!;
    const oneEach = new Set(batch.impressions.map((impression) => impression.userId)).size === batch.impressions.length;
    // the check the plan makes of the caps (commitBatch's recheckCaps), against the alerts read
    const stands = async () => {
      const alerts = await opened.alertsSince(batch.nowMs - CAP_MEMORY_MS);
      return withinCaps(batch.impressions, alerts, batch.nowMs, oneEach).length === batch.impressions.length;
    };
    const rebid = () => {
      throw new RebidBeforeAlerts();
    };
    try {
      const result = await runCommitPlan(
        opened.client,
        { ...batch, moment: { ...moment, rebid } },
        { lockUsers: opened.lockUsers, recentAlerts: async () => [] },
        stands,
      );
      if (result) return result;
    } catch (error) {
      if (!(error instanceof RebidBeforeAlerts)) throw error;
    }
    // whatever the plan sent is answered by now (runCommitPlan waits for it either way)
    this.#readFirst = AHEAD_BACKOFF;
    await opened.client.query("ROLLBACK TO SAVEPOINT ahead");
    return undefined;
  }

  async commit(batch: WriteBatch): Promise<BatchResult> {
    const opened = batch.moment?.opened;
    if (opened instanceof PgOpenedMoment && opened.store === this && opened.take())
      return this.#commitOpened(batch, opened);
    const client = await this.#pool.connect();
    try {
      await client.query("BEGIN");
      const result = await runCommitPlan(client, batch);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.#moments.close(), this.#alertsReader?.close()]);
    await this.#pool.end();
  }
}
