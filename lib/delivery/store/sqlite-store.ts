// The delivery store on SQLite: synchronous better-sqlite3 statements on the
// Prisma client's own connection, run only while no interactive transaction is
// open on it (docs/decisions/0402-delivery-writes.md). A batch, or a moment from
// its locks to its writes, is one BEGIN IMMEDIATE ... COMMIT that never yields
// the event loop.
import type { Database } from "better-sqlite3";
import { db, sqliteHandleOf, type Db } from "@/lib/db/client";
import { isSqliteBusy, sqliteDateTime, withoutBusyWait } from "@/lib/db/adapters";
import {
  StoreBusyError,
  type AccountSpend,
  type BatchResult,
  type CampaignRow,
  type CampaignSpend,
  type ClickTarget,
  type CommitOutcome,
  type DeliveryStore,
  type MomentLocks,
  type MomentState,
  type MomentWrites,
  type RecentAlert,
  type WriteBatch,
} from "./delivery-store";
import { ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, rollupValues } from "@/lib/domain/rollups/increment-rollups";
import { CHANGE_COLUMNS, changeValues } from "@/lib/history/changes";
import { runPlan } from "@/lib/db/plan";
import { utcDay } from "@/lib/domain/campaigns/pacing";
import { commitBatch, commitMoment, type SpendUpdate, type SyncStatements } from "./commit-plan";
// the row shapes and mappings both stores share, as `stored.*`
import * as stored from "./rows";
import { ensureCheckpointer } from "./sqlite-checkpointer";

const CAMPAIGN_COLUMNS = `c.id, c.advertiser_id, c.status, c.moment_types, c.sports, c.bid_cpm_micros, c.daily_budget_micros,
  c.total_budget_micros, c.spend_micros, c.spend_day, c.day_spend_micros, c.start_date, c.end_date, c.pacing, c.created_at,
  ${stored.REACH_COLUMNS}`;

function prepareAll(handle: Database) {
  const prepare = (sql: string) => handle.prepare(sql).safeIntegers(false);
  return {
    campaigns: prepare(
      `SELECT ${CAMPAIGN_COLUMNS} FROM ${stored.CAMPAIGNS_WITH_ADVERTISERS}
       WHERE c.status = 'active' AND c.start_date <= @day AND (c.end_date IS NULL OR c.end_date >= @day)`,
    ),
    campaignsByIds: prepare(
      `SELECT ${CAMPAIGN_COLUMNS} FROM ${stored.CAMPAIGNS_WITH_ADVERTISERS}
       WHERE c.id IN (SELECT value FROM json_each(@ids))
         AND c.status = 'active' AND c.start_date <= @day AND (c.end_date IS NULL OR c.end_date >= @day)`,
    ),
    creatives: prepare(
      `SELECT ${stored.CREATIVE_COLUMNS} FROM creatives cr JOIN campaigns c ON c.id = cr.campaign_id
       WHERE cr.status = 'approved' AND c.status = 'active' ORDER BY cr.campaign_id, cr.variant_index`,
    ),
    creativesByIds: prepare(
      `SELECT ${stored.CREATIVE_COLUMNS} FROM creatives cr
       WHERE cr.status = 'approved' AND cr.campaign_id IN (SELECT value FROM json_each(@ids)) ORDER BY cr.campaign_id, cr.variant_index`,
    ),
    signature: prepare(
      `SELECT (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at), '') || ':' || COALESCE(SUM(version), 0) FROM campaigns)
        || '|' || (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at), '') FROM creatives)
        || '|' || (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at), '') FROM advertisers)
        || '|' || (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at), '') FROM billing_accounts) AS s`,
    ).pluck(),
    impressionSubscribers: prepare(stored.IMPRESSION_SUBSCRIBERS_SQL).pluck(),
    spendRows: prepare(`SELECT ${stored.SPEND_COLUMNS} FROM campaigns WHERE status = 'active'`),
    accountRows: prepare(
      `SELECT ${stored.ACCOUNT_COLUMNS} FROM billing_accounts
       WHERE advertiser_id IN (SELECT advertiser_id FROM campaigns WHERE status = 'active')`,
    ),
    accountsByIds: prepare(
      `SELECT ${stored.ACCOUNT_COLUMNS} FROM billing_accounts
       WHERE advertiser_id IN (SELECT value FROM json_each(?)) ORDER BY advertiser_id`,
    ),
    spendAccount: prepare(
      `INSERT INTO billing_accounts (advertiser_id, spent_micros, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (advertiser_id) DO UPDATE SET spent_micros = billing_accounts.spent_micros + excluded.spent_micros
       RETURNING ${stored.ACCOUNT_COLUMNS}`,
    ),
    markBalanceLow: prepare(
      `UPDATE billing_accounts SET balance_low_at = ? WHERE advertiser_id = ? AND balance_low_at IS NULL`,
    ),
    markLimitReached: prepare(
      `UPDATE billing_accounts SET limit_reached_at = ? WHERE advertiser_id = ? AND limit_reached_at IS NULL`,
    ),
    budgetRow: prepare(`SELECT ${stored.BUDGET_COLUMNS} FROM campaigns WHERE id = ?`),
    recentAlerts: prepare(`SELECT user_id, game_id, served_at_ms FROM impressions WHERE served_at_ms >= ?`),
    click: prepare(`${stored.CLICK_TARGET_SELECT} WHERE i.click_id = ?`),
    spend: handle
      .prepare(
        `UPDATE campaigns SET
           spend_micros = spend_micros + @sum,
           impressions = impressions + @count,
           day_spend_micros = CASE WHEN spend_day = @day THEN day_spend_micros + @sum ELSE @sum END,
           spend_day = @day
         WHERE id = @id AND status = 'active'
           AND spend_micros + @before_last < total_budget_micros
           AND (CASE WHEN spend_day = @day THEN day_spend_micros ELSE 0 END) + @before_last < daily_budget_micros
         RETURNING advertiser_id, spend_micros, total_budget_micros, budget_50_at IS NOT NULL AS b50, budget_90_at IS NOT NULL AS b90,
           status, spend_day, day_spend_micros`,
      )
      .safeIntegers(true),
    insertImpression: prepare(
      `INSERT INTO impressions (id, click_id, advertiser_id, campaign_id, creative_id, moment_type, sport, game_id, user_id,
         clearing_cpm_micros, cost_micros, served_at_ms, region) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    ),
    insertAuction: prepare(
      `INSERT INTO auctions (id, moment_type, sport, outcome, bidders, winning_bid_micros, clearing_cpm_micros,
         winner_advertiser_id, sandbox, occurred_at_ms, auction_count) VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
    ),
    insertOutbox: prepare(
      `INSERT INTO outbox_events (id, advertiser_id, type, data, event_count, created_at_ms, trace_parent)
       VALUES (?,?,?,?,?,?,?)`,
    ),
    insertChange: prepare(
      `INSERT INTO changes (${CHANGE_COLUMNS.join(", ")}) VALUES (${CHANGE_COLUMNS.map(() => "?").join(",")})`,
    ),
    insertClick: prepare(
      `INSERT INTO clicks (id, impression_id, campaign_id, creative_id, moment_type, sport, region, converted, clicked_at_ms)
       VALUES (?,?,?,?,?,?,?,0,?) ON CONFLICT (id) DO NOTHING`,
    ),
    countClick: prepare(`UPDATE campaigns SET clicks = clicks + ? WHERE id = ?`),
    rollup: prepare(
      `INSERT INTO hourly_rollups (${ROLLUP_COLUMNS.join(", ")}) VALUES (${ROLLUP_COLUMNS.map(() => "?").join(",")})
       ${ROLLUP_ON_CONFLICT}`,
    ),
    mark50: prepare(`UPDATE campaigns SET budget_50_at = ? WHERE id = ? AND budget_50_at IS NULL`),
    mark90: prepare(`UPDATE campaigns SET budget_90_at = ? WHERE id = ? AND budget_90_at IS NULL`),
    endBudget: prepare(
      `UPDATE campaigns SET status = 'ended', ended_reason = 'budget_exhausted', ended_at = @now, updated_at = @now, version = version + 1
       WHERE id = @id AND status = 'active' AND spend_micros >= total_budget_micros`,
    ),
  };
}

type Prepared = ReturnType<typeof prepareAll>;

type SpendReturn = {
  advertiser_id: string;
  spend_micros: bigint;
  total_budget_micros: bigint;
  b50: bigint;
  b90: bigint;
  status: string;
  spend_day: string | null;
  day_spend_micros: bigint;
};

/** No alert of another process: one process writes a SQLite file's impressions, and its caps in memory hold them all. */
const NO_OTHER_ALERTS: ReadonlySet<string> = new Set();

/**
 * The commit plan's statements on SQLite. The database write lock taken by
 * BEGIN IMMEDIATE serializes transactions, so no row or user locks are needed, and
 * integers are bound as BigInt (a JS number would be bound as a REAL).
 */
function sqliteStatements(s: Prepared): SyncStatements {
  return {
    lockUsers: () => {},
    lockCampaigns: () => {},
    recentAlerts: () => [],
    // one prepared update per campaign: on SQLite a statement is a function call, not a round trip
    spend: (groups) =>
      groups.map(({ campaignId, day, sumMicros, count, beforeLastMicros }): SpendUpdate | undefined => {
        const row = s.spend.get({
          id: campaignId,
          day,
          sum: BigInt(sumMicros),
          count,
          before_last: BigInt(beforeLastMicros),
        }) as SpendReturn | undefined;
        return (
          row && {
            advertiserId: row.advertiser_id,
            status: row.status,
            spendMicros: row.spend_micros,
            totalBudgetMicros: row.total_budget_micros,
            spendDay: row.spend_day,
            daySpendMicros: row.day_spend_micros,
            budget50Set: row.b50 === 1n,
            budget90Set: row.b90 === 1n,
          }
        );
      }),
    readBudgets: (campaignIds) => readBudgets(s, campaignIds),
    lockAccounts: (advertiserIds) => readAccounts(s, advertiserIds),
    spendAccounts: (rows) =>
      rows.map(({ advertiserId, sumMicros }) =>
        stored.accountRow(
          s.spendAccount.get(advertiserId, BigInt(sumMicros), sqliteDateTime(Date.now())) as stored.RawAccount,
        ),
      ),
    markAccounts: ({ advertiserIds, mark, nowMs }) =>
      advertiserIds.map(
        (advertiserId) =>
          (mark === "balance_low" ? s.markBalanceLow : s.markLimitReached).run(sqliteDateTime(nowMs), advertiserId)
            .changes === 1,
      ),
    insertImpressions: (impressions) => {
      for (const i of impressions) s.insertImpression.run(...stored.impressionValues(i));
    },
    insertAuctions: (auctions) => {
      for (const a of auctions) s.insertAuction.run(...stored.auctionValues(a, Number));
    },
    insertClicks: (clicks) =>
      clicks.map(
        (c) =>
          s.insertClick.run(
            c.clickId,
            c.impressionId,
            c.campaignId,
            c.creativeId,
            c.momentType,
            c.sport,
            c.region,
            c.clickedAtMs,
          ).changes === 1,
      ),
    countClicks: (counts) => {
      for (const [campaignId, count] of counts) s.countClick.run(count, campaignId);
    },
    upsertRollups: (rows) => {
      for (const row of rows) s.rollup.run(...rollupValues(row));
    },
    markBudget: ({ campaignIds, threshold, nowMs }) =>
      campaignIds.map(
        (campaignId) => (threshold === 50 ? s.mark50 : s.mark90).run(sqliteDateTime(nowMs), campaignId).changes === 1,
      ),
    endForBudget: ({ campaignIds, nowMs }) =>
      campaignIds.map((campaignId) => s.endBudget.run({ now: sqliteDateTime(nowMs), id: campaignId }).changes === 1),
    insertOutbox: (rows) => {
      for (const e of rows)
        s.insertOutbox.run(e.id, e.advertiserId, e.type, e.data, e.eventCount, e.createdAtMs, e.traceParent);
    },
    insertChanges: (rows) => {
      for (const row of rows) s.insertChange.run(...changeValues(row));
    },
  };
}

function readAccounts(s: Prepared, advertiserIds: readonly string[]) {
  return (s.accountsByIds.all(JSON.stringify(advertiserIds)) as stored.RawAccount[]).map(stored.accountRow);
}

function readBudgets(s: Prepared, campaignIds: readonly string[]) {
  return campaignIds.flatMap((campaignId) => {
    const row = s.budgetRow.get(campaignId) as stored.RawBudget | undefined;
    return row ? [stored.campaignBudget(row)] : [];
  });
}

export class SqliteDeliveryStore implements DeliveryStore {
  readonly kind = "sqlite" as const;
  #handle: Database | undefined;
  #prepared: Prepared | undefined;
  #statements: SyncStatements | undefined;
  #immediate: ((write: () => unknown) => unknown) | undefined;
  /** set once a transaction's work started (BEGIN IMMEDIATE got the lock) */
  #began = false;

  /** On the connection of `client`; by default the process-wide client's (at first use). */
  constructor(private readonly client?: Db) {}

  async #ready(): Promise<{ handle: Database; s: Prepared; run: SyncStatements }> {
    if (!this.#handle?.open) {
      const client = this.client ?? db();
      await client.$queryRawUnsafe("SELECT 1");
      const handle = sqliteHandleOf(client);
      if (!handle) throw new Error("the SQLite connection of the Prisma client is not available");
      this.#handle = handle;
      this.#prepared = prepareAll(handle);
      this.#statements = sqliteStatements(this.#prepared);
      this.#immediate = handle.transaction((write: () => unknown) => {
        this.#began = true;
        return write();
      }).immediate;
      // the file the adapter opened (sqlitePath of the client's URL)
      ensureCheckpointer(handle, handle.name);
    }
    return { handle: this.#handle, s: this.#prepared!, run: this.#statements! };
  }

  /**
   * `write` in one BEGIN IMMEDIATE transaction that never yields the event loop.
   * StoreBusyError when it could not begin: the database is locked by another process,
   * or an interactive Prisma transaction is open on the connection (our statements
   * would join it); nothing of `write` ran then.
   */
  async #transaction<T>(write: (s: Prepared, run: SyncStatements) => T): Promise<T> {
    const { handle, s, run } = await this.#ready();
    if (handle.inTransaction) throw new StoreBusyError("a transaction is open on the connection");
    this.#began = false;
    try {
      return withoutBusyWait(handle, () => this.#immediate!(() => write(s, run)) as T);
    } catch (error) {
      if (isSqliteBusy(error) && !this.#began) throw new StoreBusyError();
      throw error;
    }
  }

  async loadCampaigns(day: string, ids?: readonly string[]): Promise<CampaignRow[]> {
    const { s } = await this.#ready();
    if (ids) {
      const json = JSON.stringify(ids);
      return stored.campaignRows(
        s.campaignsByIds.all({ day, ids: json }) as stored.RawCampaign[],
        s.creativesByIds.all({ ids: json }) as stored.RawCreative[],
      );
    }
    return stored.campaignRows(
      s.campaigns.all({ day }) as stored.RawCampaign[],
      s.creatives.all() as stored.RawCreative[],
    );
  }

  async signature(): Promise<string> {
    const { s } = await this.#ready();
    return s.signature.get() as string;
  }

  async loadSpend(): Promise<{ campaigns: CampaignSpend[]; accounts: AccountSpend[] }> {
    const { s } = await this.#ready();
    return {
      campaigns: (s.spendRows.all() as stored.RawSpend[]).map(stored.campaignSpend),
      accounts: (s.accountRows.all() as stored.RawAccount[]).map(stored.accountRow),
    };
  }

  async loadRecentAlerts(sinceMs: number): Promise<RecentAlert[]> {
    const { s } = await this.#ready();
    return (s.recentAlerts.all(sinceMs) as stored.RawAlert[]).map(stored.recentAlert);
  }

  async impressionSubscribers(): Promise<string[]> {
    const { s } = await this.#ready();
    return s.impressionSubscribers.all() as string[];
  }

  async findClick(clickId: string): Promise<ClickTarget | null> {
    const { s } = await this.#ready();
    return stored.clickTarget(s.click.get(clickId) as stored.RawClickTarget | undefined);
  }

  commit(batch: WriteBatch): Promise<BatchResult> {
    return this.#transaction((_, run) => runPlan(commitBatch(batch), run));
  }

  commitMoment(locks: MomentLocks, decide: (state: MomentState) => MomentWrites): Promise<CommitOutcome> {
    return this.#transaction((s, run) => {
      const writes = decide({
        campaigns: readBudgets(s, locks.campaignIds),
        accounts: readAccounts(s, locks.advertiserIds),
        cappedUsers: NO_OTHER_ALERTS,
      });
      return runPlan(commitMoment(writes, utcDay(locks.nowMs), locks.nowMs), run);
    });
  }

  async close(): Promise<void> {
    this.#prepared = undefined;
    this.#statements = undefined;
    this.#immediate = undefined;
    this.#handle = undefined;
  }
}
