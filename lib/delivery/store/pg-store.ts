// The delivery store on PostgreSQL: its own small pg pool, one transaction per
// batch or moment, multi-row statements (unnest, COPY) so a commit costs a fixed
// number of round trips. Instances share the database: users (advisory locks) and
// campaigns (row locks) are locked in key order, and caps and budgets are checked
// under those locks (docs/decisions/0402, 0403, 0408). The steps of a commit are
// the shared plan's (./commit-plan.ts); this file is their SQL.
import { finished } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { HOUR_MS } from "@/lib/clock";
import { pgPoolConfig } from "@/lib/db/adapters";
import { runPlanAsync } from "@/lib/db/plan";
import { utcDay } from "@/lib/domain/campaigns/pacing";
import { env } from "@/lib/env";
import { insertChangeRows } from "@/lib/history/pg-changes";
import type {
  AccountSpend,
  BatchResult,
  CampaignRow,
  CampaignSpend,
  ClickTarget,
  CommitOutcome,
  DeliveryStore,
  MomentLocks,
  MomentState,
  MomentWrites,
  RecentAlert,
  WriteBatch,
} from "./delivery-store";
import {
  ROLLUP_COLUMNS,
  ROLLUP_ON_CONFLICT,
  ROLLUP_TEXT_COLUMNS,
  rollupValues,
} from "@/lib/domain/rollups/increment-rollups";
import { USER_LOCK_BUCKETS, commitBatch, commitMoment, type AsyncStatements, type Plan } from "./commit-plan";
// the row shapes and mappings both stores share, as `stored.*`
import * as stored from "./rows";
import { ALERTS_PER_GAME, ALERTS_PER_HOUR, CAP_MEMORY_MS } from "../rules/caps";

const CAMPAIGN_COLUMNS = `c.id, c.advertiser_id, c.status, c.moment_types, c.sports, c.bid_cpm_micros, c.daily_budget_micros,
  c.total_budget_micros, c.spend_micros, c.spend_day, c.day_spend_micros, c.start_date, c.end_date, c.pacing,
  to_char(c.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, ${stored.REACH_COLUMNS}`;

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
 * (one-key form: the two forms never collide). Many users (a large batch, every
 * moment): their buckets exclusive. Both in key order, so instances never deadlock.
 */
const USER_LOCK_CLASS = 403;
const BUCKET = `(hashtextextended(u, 0) & ${USER_LOCK_BUCKETS - 1})::int`;
const LOCK_USERS_SQL = `SELECT CASE WHEN l.kind = 0 THEN pg_advisory_xact_lock_shared(${USER_LOCK_CLASS}, l.key::int)
    ELSE pg_advisory_xact_lock(l.key) END
  FROM (SELECT DISTINCT 0 AS kind, ${BUCKET}::bigint AS key FROM unnest($1::text[]) AS u
        UNION SELECT DISTINCT 1, hashtextextended(u, 0) FROM unnest($1::text[]) AS u ORDER BY 1, 2) AS l`;
const LOCK_BUCKETS_SQL = `SELECT pg_advisory_xact_lock(${USER_LOCK_CLASS}, b)
  FROM (SELECT DISTINCT ${BUCKET} AS b FROM unnest($1::text[]) AS u ORDER BY 1) AS l`;
const RECENT_ALERTS_SQL = `SELECT user_id, game_id, served_at_ms FROM impressions
  WHERE user_id = ANY($1::text[]) AND served_at_ms >= $2`;

const LOCK_ACCOUNTS_SQL = `SELECT ${stored.ACCOUNT_COLUMNS} FROM billing_accounts WHERE advertiser_id = ANY($1::text[])
  ORDER BY advertiser_id FOR NO KEY UPDATE`;
const SPEND_ACCOUNTS_SQL = `INSERT INTO billing_accounts AS b (advertiser_id, spent_micros, updated_at)
  SELECT id, sum, now() FROM unnest($1::text[], $2::bigint[]) AS t(id, sum)
  ON CONFLICT (advertiser_id) DO UPDATE SET spent_micros = b.spent_micros + excluded.spent_micros
  RETURNING ${stored.ACCOUNT_COLUMNS}`;

/** A moment's campaigns locked in id order, as a batch locks them (lockCampaigns), read with their budgets. */
const LOCK_MOMENT_CAMPAIGNS_SQL = `SELECT ${stored.BUDGET_COLUMNS} FROM campaigns WHERE id = ANY($1::text[])
  ORDER BY id FOR NO KEY UPDATE`;

/**
 * The moment's users whose committed alerts reach a cap in its game ($2) at its time:
 * ALERTS_PER_GAME in the game within CAP_MEMORY_MS, or ALERTS_PER_HOUR in the last
 * hour. A moment gives a user one alert at most, so only users already at a cap are
 * refused, and only they are returned. The lateral join looks each user up by the
 * (user_id, served_at_ms) index: the cost follows the moment's users, not the table.
 */
const CAPPED_USERS_SQL = `SELECT u.user_id FROM unnest($1::text[]) AS u(user_id) CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE i.game_id = $2) AS in_game, count(*) FILTER (WHERE i.served_at_ms > $3) AS in_hour
    FROM impressions i WHERE i.user_id = u.user_id AND i.served_at_ms >= $4) AS a
  WHERE a.in_game >= ${ALERTS_PER_GAME} OR a.in_hour >= ${ALERTS_PER_HOUR}`;

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
 * like `unnest`, but PostgreSQL parses no arrays and inserts the heap rows in bulk.
 */
export const COPY_FROM_ROWS = 1000;

/**
 * Outbox rows of at least this many characters of data in all (a moment's packed
 * impression events, decision 0410) also go through COPY, however few: as `unnest`
 * array elements every quote of their JSON is escaped, then parsed again.
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
     * COPY of `rows`, queued now after the statements before it; `done` is PostgreSQL's answer.
     * The caller does not wait for it to start, so the plan goes on preparing its next rows.
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
  "region",
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
export const OUTBOX_COLUMNS = ["id", "advertiser_id", "type", "data", "event_count", "created_at_ms", "trace_parent"];

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
    lockAccounts: async (advertiserIds) => {
      const result = await connection.query<stored.RawAccount>(LOCK_ACCOUNTS_SQL, [advertiserIds]);
      return result.rows.map(stored.accountRow);
    },
    spendAccounts: async (rows) => {
      const result = await connection.query<stored.RawAccount>(
        SPEND_ACCOUNTS_SQL,
        columns(rows, [(row) => row.advertiserId, (row) => row.sumMicros]),
      );
      const byId = new Map(result.rows.map((row) => [row.advertiser_id, stored.accountRow(row)]));
      return rows.map((row) => byId.get(row.advertiserId)!);
    },
    markAccounts: async ({ advertiserIds, mark, nowMs }) => {
      const column = mark === "balance_low" ? "balance_low_at" : "limit_reached_at";
      const result = await connection.query<{ advertiser_id: string }>(
        `UPDATE billing_accounts SET ${column} = $1::timestamp
         WHERE advertiser_id = ANY($2::text[]) AND ${column} IS NULL RETURNING advertiser_id`,
        [new Date(nowMs).toISOString(), advertiserIds],
      );
      const set = new Set(result.rows.map((row) => row.advertiser_id));
      return advertiserIds.map((id) => set.has(id));
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
          `INSERT INTO impressions (${IMPRESSION_COLUMNS.join(", ")})
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
           $10::bigint[], $11::bigint[], $12::bigint[], $13::text[])`,
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
        `INSERT INTO clicks (id, impression_id, campaign_id, creative_id, moment_type, sport, region, converted, clicked_at_ms)
         SELECT id, impression_id, campaign_id, creative_id, moment_type, sport, region, false, clicked_at_ms
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[])
           AS t(id, impression_id, campaign_id, creative_id, moment_type, sport, region, clicked_at_ms)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        columns(clicks, [
          (c) => c.clickId,
          (c) => c.impressionId,
          (c) => c.campaignId,
          (c) => c.creativeId,
          (c) => c.momentType,
          (c) => c.sport,
          (c) => c.region,
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
        const values = rows.map((e) => [
          e.id,
          e.advertiserId,
          e.type,
          e.data,
          e.eventCount,
          e.createdAtMs,
          e.traceParent,
        ]);
        return later(connection.copy("outbox_events", OUTBOX_COLUMNS, values).done);
      }
      later(
        connection.query(
          `INSERT INTO outbox_events (${OUTBOX_COLUMNS.join(", ")})
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::text[])`,
          columns(rows, [
            (e) => e.id,
            (e) => e.advertiserId,
            (e) => e.type,
            (e) => e.data,
            (e) => e.eventCount,
            (e) => e.createdAtMs,
            (e) => e.traceParent,
          ]),
        ),
      );
    },
    insertChanges: (rows) => connection.run(() => insertChangeRows(client, rows)),
  };
}

/**
 * `plan` in `client`'s open transaction, every insert it sent answered. An insert that
 * failed is the error to report: the statements after it only say that the
 * transaction is aborted.
 */
async function runCommitPlan<T>(client: pg.ClientBase, plan: Plan<T>): Promise<T> {
  const sent: Promise<unknown>[] = [];
  try {
    const result = await runPlanAsync(plan, pgStatements(client, sent));
    await Promise.all(sent);
    return result;
  } catch (error) {
    const failed = (await Promise.allSettled(sent)).find((outcome) => outcome.status === "rejected");
    throw failed && (error as { code?: string }).code === "25P02" ? failed.reason : error;
  }
}

export class PgDeliveryStore implements DeliveryStore {
  readonly kind = "postgresql" as const;
  readonly #pool: pg.Pool;

  constructor(url: string = env().DATABASE_URL) {
    this.#pool = new pg.Pool({ ...pgPoolConfig(url), max: 4 });
    // an idle client's error (server restart) must not crash the process; the next query reconnects
    this.#pool.on("error", () => {});
  }

  async loadCampaigns(day: string, ids?: readonly string[]): Promise<CampaignRow[]> {
    const filter = ids ? "AND c.id = ANY($2::text[])" : "";
    const params: unknown[] = ids ? [day, ids] : [day];
    const campaigns = await this.#pool.query<stored.RawCampaign>(
      `SELECT ${CAMPAIGN_COLUMNS} FROM ${stored.CAMPAIGNS_WITH_ADVERTISERS}
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
        || '|' || (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at)::text, '') FROM creatives)
        || '|' || (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at)::text, '') FROM advertisers)
        || '|' || (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at)::text, '') FROM billing_accounts) AS s`,
    );
    return result.rows[0]!.s;
  }

  async loadSpend(): Promise<{ campaigns: CampaignSpend[]; accounts: AccountSpend[] }> {
    const campaigns = await this.#pool.query<stored.RawSpend>(
      `SELECT ${stored.SPEND_COLUMNS} FROM campaigns WHERE status = 'active'`,
    );
    const accounts = await this.#pool.query<stored.RawAccount>(
      `SELECT ${stored.ACCOUNT_COLUMNS} FROM billing_accounts
       WHERE advertiser_id IN (SELECT advertiser_id FROM campaigns WHERE status = 'active')`,
    );
    return { campaigns: campaigns.rows.map(stored.campaignSpend), accounts: accounts.rows.map(stored.accountRow) };
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

  /** `work` in one transaction on a connection of the pool: committed if it returns, rolled back if it throws. */
  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  commit(batch: WriteBatch): Promise<BatchResult> {
    return this.#transaction((client) => runCommitPlan(client, commitBatch(batch)));
  }

  /**
   * Lock, read, decide, write: the users' lock buckets and the cell's campaign rows are
   * locked in the order every batch takes them (users, then campaigns by id), the state
   * those locks guard is read, `decide` runs on it, and its writes are committed.
   */
  commitMoment(locks: MomentLocks, decide: (state: MomentState) => MomentWrites): Promise<CommitOutcome> {
    const { users, gameId, campaignIds, nowMs } = locks;
    return this.#transaction(async (client) => {
      // no JIT: compiling the moment's statements costs more than running them
      await client.query("SET LOCAL jit = off");
      await client.query(LOCK_BUCKETS_SQL, [users]);
      const campaigns = await client.query<stored.RawBudget>(LOCK_MOMENT_CAMPAIGNS_SQL, [campaignIds]);
      const accounts = await client.query<stored.RawAccount>(LOCK_ACCOUNTS_SQL, [locks.advertiserIds]);
      const capped = await client.query<{ user_id: string }>(CAPPED_USERS_SQL, [
        users,
        gameId,
        nowMs - HOUR_MS,
        nowMs - CAP_MEMORY_MS,
      ]);
      const writes = decide({
        campaigns: campaigns.rows.map(stored.campaignBudget),
        accounts: accounts.rows.map(stored.accountRow),
        cappedUsers: new Set(capped.rows.map((row) => row.user_id)),
      });
      return runCommitPlan(client, commitMoment(writes, utcDay(nowMs), nowMs));
    });
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
