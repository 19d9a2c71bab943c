// The delivery store on SQLite: synchronous better-sqlite3 statements on the
// Prisma client's own connection, run only while no interactive transaction is
// open on it (docs/decisions/0402-delivery-writes.md). A batch is one
// BEGIN IMMEDIATE ... COMMIT that never yields the event loop.
import type { Database, Statement } from "better-sqlite3";
import { db } from "@/lib/db/client";
import { sqliteHandle, sqlitePath } from "@/lib/db/adapters";
import { env } from "@/lib/env";
import {
  StoreBusyError,
  type BatchResult,
  type CampaignRow,
  type CampaignSpend,
  type ClickTarget,
  type CreativeRow,
  type DeliveryStore,
  type ImpressionVerdict,
  type RecentAlert,
  type WriteBatch,
} from "../records";
import type { OutboxRow } from "@/lib/webhooks/outbox";
import {
  budgetEvent,
  clickEvent,
  endedEvent,
  groupByCampaign,
  impressionEvent,
  impressionRollups,
  clickTarget,
  lifecycleSteps,
  noteSpend,
  type ClickRow,
  sqliteDateTime,
  type SpentCampaign,
} from "./batch-plan";
import { ensureCheckpointer } from "./sqlite-checkpointer";

const CAMPAIGN_COLUMNS = `c.id, c.advertiser_id, c.status, c.moment_types, c.sports, c.bid_cpm_micros, c.daily_budget_micros,
  c.total_budget_micros, c.spend_micros, c.spend_day, c.day_spend_micros, c.start_date, c.end_date, c.pacing, c.created_at`;
const CREATIVE_COLUMNS = `cr.id, cr.campaign_id, cr.variant_index, cr.variant_label, cr.headline, cr.body, cr.icon_url, cr.cta_text, cr.action_url`;

function prepareAll(handle: Database) {
  const prepare = (sql: string) => handle.prepare(sql).safeIntegers(false);
  const spend = (where: string) =>
    handle
      .prepare(
        `UPDATE campaigns SET
           spend_micros = spend_micros + @sum,
           impressions = impressions + @count,
           day_spend_micros = CASE WHEN spend_day = @day THEN day_spend_micros + @sum ELSE @sum END,
           spend_day = @day
         WHERE id = @id AND status = 'active' ${where}
         RETURNING advertiser_id, spend_micros, total_budget_micros, budget_50_at IS NOT NULL AS b50, budget_90_at IS NOT NULL AS b90,
           status, spend_day, day_spend_micros`,
      )
      .safeIntegers(true);
  return {
    campaigns: prepare(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c
       WHERE c.status = 'active' AND c.start_date <= @day AND (c.end_date IS NULL OR c.end_date >= @day)`,
    ),
    campaignsByIds: prepare(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c
       WHERE c.id IN (SELECT value FROM json_each(@ids))
         AND c.status = 'active' AND c.start_date <= @day AND (c.end_date IS NULL OR c.end_date >= @day)`,
    ),
    creatives: prepare(
      `SELECT ${CREATIVE_COLUMNS} FROM creatives cr JOIN campaigns c ON c.id = cr.campaign_id
       WHERE cr.status = 'approved' AND c.status = 'active' ORDER BY cr.campaign_id, cr.variant_index`,
    ),
    creativesByIds: prepare(
      `SELECT ${CREATIVE_COLUMNS} FROM creatives cr
       WHERE cr.status = 'approved' AND cr.campaign_id IN (SELECT value FROM json_each(@ids)) ORDER BY cr.campaign_id, cr.variant_index`,
    ),
    signature: prepare(
      `SELECT (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at), '') || ':' || COALESCE(SUM(version), 0) FROM campaigns)
        || '|' || (SELECT COUNT(*) || ':' || COALESCE(MAX(updated_at), '') FROM creatives) AS s`,
    ).pluck(),
    impressionSubscribers: prepare(
      `SELECT DISTINCT advertiser_id FROM webhook_endpoints WHERE is_active AND events LIKE '%"impression.served"%'`,
    ).pluck(),
    spendRows: prepare(
      `SELECT id, status, spend_micros, spend_day, day_spend_micros FROM campaigns WHERE status = 'active'`,
    ),
    spendRow: prepare(`SELECT id, status, spend_micros, spend_day, day_spend_micros FROM campaigns WHERE id = ?`),
    recentAlerts: prepare(`SELECT user_id, game_id, served_at_ms FROM impressions WHERE served_at_ms >= ?`),
    click: prepare(
      `SELECT i.click_id, i.id, i.advertiser_id, i.campaign_id, i.creative_id, i.moment_type, i.sport, cr.action_url
       FROM impressions i JOIN creatives cr ON cr.id = i.creative_id WHERE i.click_id = ?`,
    ),
    // spend of a group of impressions: accepted when the spend before its LAST impression
    // was still under both budgets, so no impression started above a budget
    spendGroup: spend(
      `AND spend_micros + @before_last < total_budget_micros
       AND (CASE WHEN spend_day = @day THEN day_spend_micros ELSE 0 END) + @before_last < daily_budget_micros`,
    ),
    insertImpression: prepare(
      `INSERT INTO impressions (id, click_id, advertiser_id, campaign_id, creative_id, moment_type, sport, game_id, user_id,
         clearing_cpm_micros, cost_micros, served_at_ms) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`,
    ),
    insertAuction: prepare(
      `INSERT INTO auctions (id, moment_type, sport, outcome, bidders, winning_bid_micros, clearing_cpm_micros, occurred_at_ms)
       VALUES (?,?,?,?,?,?,?,?)`,
    ),
    insertOutbox: prepare(
      `INSERT INTO outbox_events (id, advertiser_id, type, data, created_at_ms) VALUES (?,?,?,?,?)`,
    ),
    insertClick: prepare(
      `INSERT INTO clicks (id, impression_id, campaign_id, creative_id, moment_type, sport, converted, clicked_at_ms)
       VALUES (?,?,?,?,?,?,0,?) ON CONFLICT (id) DO NOTHING`,
    ),
    countClick: prepare(`UPDATE campaigns SET clicks = clicks + ? WHERE id = ?`),
    rollup: prepare(
      `INSERT INTO hourly_rollups (campaign_id, creative_id, moment_type, sport, hour_ms, impressions, clicks, conversions, spend_micros, conversion_value_micros)
       VALUES (?,?,?,?,?,?,?,0,?,0)
       ON CONFLICT (campaign_id, creative_id, moment_type, sport, hour_ms) DO UPDATE SET
         impressions = hourly_rollups.impressions + excluded.impressions,
         clicks = hourly_rollups.clicks + excluded.clicks,
         spend_micros = hourly_rollups.spend_micros + excluded.spend_micros`,
    ),
    mark50: prepare(`UPDATE campaigns SET budget_50_at = ? WHERE id = ? AND budget_50_at IS NULL`),
    mark90: prepare(`UPDATE campaigns SET budget_90_at = ? WHERE id = ? AND budget_90_at IS NULL`),
    endBudget: prepare(
      `UPDATE campaigns SET status = 'ended', ended_reason = 'budget_exhausted', ended_at = @now, updated_at = @now, version = version + 1
       WHERE id = @id AND status = 'active' AND spend_micros >= total_budget_micros`,
    ),
  };
}

type Statements = ReturnType<typeof prepareAll> & {
  transaction: (batch: WriteBatch) => BatchResult;
  busyNever: Statement;
  busyWait: Statement;
};

type RawCampaign = {
  id: string;
  advertiser_id: string;
  status: string;
  moment_types: string;
  sports: string;
  bid_cpm_micros: number;
  daily_budget_micros: number;
  total_budget_micros: number;
  spend_micros: number;
  spend_day: string | null;
  day_spend_micros: number;
  start_date: string;
  end_date: string | null;
  pacing: string;
  created_at: string;
};
type RawCreative = {
  id: string;
  campaign_id: string;
  variant_index: number;
  variant_label: string;
  headline: string;
  body: string;
  icon_url: string;
  cta_text: string | null;
  action_url: string;
};
type RawSpend = {
  id: string;
  status: string;
  spend_micros: number;
  spend_day: string | null;
  day_spend_micros: number;
};
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

export function campaignRows(campaigns: RawCampaign[], creatives: RawCreative[]): CampaignRow[] {
  const byCampaign = new Map<string, CreativeRow[]>();
  for (const creative of creatives) {
    const list = byCampaign.get(creative.campaign_id) ?? [];
    list.push({
      id: creative.id,
      campaignId: creative.campaign_id,
      variantIndex: Number(creative.variant_index),
      variantLabel: creative.variant_label,
      headline: creative.headline,
      body: creative.body,
      iconUrl: creative.icon_url,
      ctaText: creative.cta_text,
      actionUrl: creative.action_url,
    });
    byCampaign.set(creative.campaign_id, list);
  }
  return campaigns.map((row) => ({
    id: row.id,
    advertiserId: row.advertiser_id,
    status: row.status,
    momentTypes: row.moment_types,
    sports: row.sports,
    bidMicros: Number(row.bid_cpm_micros),
    dailyBudgetMicros: Number(row.daily_budget_micros),
    totalBudgetMicros: Number(row.total_budget_micros),
    spendMicros: Number(row.spend_micros),
    spendDay: row.spend_day,
    daySpendMicros: Number(row.day_spend_micros),
    startDate: row.start_date,
    endDate: row.end_date,
    pacing: row.pacing,
    createdAtMs: new Date(row.created_at).getTime(),
    creatives: byCampaign.get(row.id) ?? [],
  }));
}

function spendOf(row: RawSpend): CampaignSpend {
  return {
    id: row.id,
    status: row.status,
    spendMicros: Number(row.spend_micros),
    spendDay: row.spend_day,
    daySpendMicros: Number(row.day_spend_micros),
  };
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

export class SqliteDeliveryStore implements DeliveryStore {
  readonly kind = "sqlite" as const;
  #handle: Database | undefined;
  #statements: Statements | undefined;

  constructor(private readonly url: string = env().DATABASE_URL) {}

  async #ready(): Promise<{ handle: Database; s: Statements }> {
    if (!this.#handle?.open) {
      await db().$queryRawUnsafe("SELECT 1");
      const handle = sqliteHandle(this.url);
      if (!handle) throw new Error("the SQLite connection of the Prisma client is not available");
      this.#handle = handle;
      const statements = prepareAll(handle);
      const write = handle.transaction((batch: WriteBatch) => this.#write(statements, batch));
      this.#statements = {
        ...statements,
        transaction: (batch: WriteBatch) => write.immediate(batch),
        busyNever: handle.prepare("PRAGMA busy_timeout = 0"),
        busyWait: handle.prepare("PRAGMA busy_timeout = 10000"),
      };
      ensureCheckpointer(handle, sqlitePath(this.url));
    }
    return { handle: this.#handle, s: this.#statements! };
  }

  async loadCampaigns(day: string, ids?: readonly string[]): Promise<CampaignRow[]> {
    const { s } = await this.#ready();
    if (ids) {
      const json = JSON.stringify(ids);
      return campaignRows(
        s.campaignsByIds.all({ day, ids: json }) as RawCampaign[],
        s.creativesByIds.all({ ids: json }) as RawCreative[],
      );
    }
    return campaignRows(s.campaigns.all({ day }) as RawCampaign[], s.creatives.all() as RawCreative[]);
  }

  async signature(): Promise<string> {
    const { s } = await this.#ready();
    return s.signature.get() as string;
  }

  async loadSpend(): Promise<CampaignSpend[]> {
    const { s } = await this.#ready();
    return (s.spendRows.all() as RawSpend[]).map(spendOf);
  }

  async loadRecentAlerts(sinceMs: number): Promise<RecentAlert[]> {
    const { s } = await this.#ready();
    return (s.recentAlerts.all(sinceMs) as { user_id: string; game_id: string; served_at_ms: number }[]).map((row) => ({
      userId: row.user_id,
      gameId: row.game_id,
      servedAtMs: Number(row.served_at_ms),
    }));
  }

  async impressionSubscribers(): Promise<string[]> {
    const { s } = await this.#ready();
    return s.impressionSubscribers.all() as string[];
  }

  async findClick(clickId: string): Promise<ClickTarget | null> {
    const { s } = await this.#ready();
    return clickTarget(s.click.get(clickId) as ClickRow | undefined);
  }

  async commit(batch: WriteBatch): Promise<BatchResult> {
    const { handle, s } = await this.#ready();
    // an interactive Prisma transaction is open on this connection: our statements would join it
    if (handle.inTransaction) throw new StoreBusyError("a transaction is open on the connection");
    // never let a lock held by another process stall the event loop: fail fast and retry later
    s.busyNever.run();
    try {
      return s.transaction(batch);
    } catch (error) {
      if (isBusy(error)) throw new StoreBusyError();
      throw error;
    } finally {
      s.busyWait.run();
    }
  }

  #write(s: ReturnType<typeof prepareAll>, batch: WriteBatch): BatchResult {
    const { day, nowMs } = batch;
    const verdicts = new Map<object, ImpressionVerdict>();
    const accepted: typeof batch.impressions = [];
    const campaigns: CampaignSpend[] = [];
    const spent: SpentCampaign[] = [];
    const outbox: OutboxRow[] = [];

    for (const [campaignId, group] of groupByCampaign(batch.impressions)) {
      let sum = 0;
      for (const impression of group) sum += impression.costMicros;
      const last = group[group.length - 1]!.costMicros;
      let row = s.spendGroup.get({
        id: campaignId,
        day,
        sum: BigInt(sum),
        count: group.length,
        before_last: BigInt(sum - last),
      }) as SpendReturn | undefined;
      if (row) {
        for (const impression of group) {
          verdicts.set(impression, "accepted");
          accepted.push(impression);
        }
      } else {
        // near a budget: take the impressions one by one until one is refused
        let refused = false;
        for (const impression of group) {
          const one = refused
            ? undefined
            : (s.spendGroup.get({
                id: campaignId,
                day,
                sum: BigInt(impression.costMicros),
                count: 1,
                before_last: 0n,
              }) as SpendReturn | undefined);
          if (one) {
            row = one;
            verdicts.set(impression, "accepted");
            accepted.push(impression);
          } else {
            refused = true;
            verdicts.set(impression, "budget");
          }
        }
      }
      if (row) {
        noteSpend(campaigns, spent, campaignId, {
          advertiserId: row.advertiser_id,
          status: row.status,
          spendMicros: row.spend_micros,
          totalBudgetMicros: row.total_budget_micros,
          spendDay: row.spend_day,
          daySpendMicros: row.day_spend_micros,
          budget50Set: row.b50 === 1n,
          budget90Set: row.b90 === 1n,
        });
      } else {
        const current = s.spendRow.get(campaignId) as RawSpend | undefined;
        if (current) campaigns.push(spendOf(current));
      }
    }

    for (const impression of accepted) {
      s.insertImpression.run(
        impression.impressionId,
        impression.clickId,
        impression.advertiserId,
        impression.campaignId,
        impression.creativeId,
        impression.momentType,
        impression.sport,
        impression.gameId,
        impression.userId,
        impression.clearingCpmMicros,
        impression.costMicros,
        impression.servedAtMs,
      );
      s.insertAuction.run(
        impression.auctionId,
        impression.momentType,
        impression.sport,
        "filled",
        impression.bidders,
        impression.winningBidMicros,
        impression.clearingCpmMicros,
        impression.servedAtMs,
      );
      if (impression.emitEvent) outbox.push(impressionEvent(impression));
    }
    for (const auction of batch.auctions) {
      s.insertAuction.run(
        auction.id,
        auction.momentType,
        auction.sport,
        auction.outcome,
        auction.bidders,
        null,
        null,
        auction.occurredAtMs,
      );
    }

    const recordedClicks: typeof batch.clicks = [];
    const clickCounts = new Map<string, number>();
    const clickVerdicts = batch.clicks.map((click) => {
      const inserted =
        s.insertClick.run(
          click.clickId,
          click.impressionId,
          click.campaignId,
          click.creativeId,
          click.momentType,
          click.sport,
          click.clickedAtMs,
        ).changes === 1;
      if (inserted) {
        recordedClicks.push(click);
        clickCounts.set(click.campaignId, (clickCounts.get(click.campaignId) ?? 0) + 1);
        outbox.push(clickEvent(click));
      }
      return inserted;
    });
    for (const [campaignId, count] of clickCounts) s.countClick.run(count, campaignId);

    for (const row of impressionRollups(accepted, recordedClicks)) {
      s.rollup.run(
        row.campaignId,
        row.creativeId,
        row.momentType,
        row.sport,
        row.hourMs,
        row.impressions,
        row.clicks,
        row.spendMicros,
      );
    }

    const ended: string[] = [];
    const nowText = sqliteDateTime(nowMs);
    for (const campaign of spent) {
      for (const step of lifecycleSteps(campaign)) {
        if (step === "budget_50pct" && s.mark50.run(nowText, campaign.id).changes === 1) {
          outbox.push(budgetEvent(campaign, "campaign.budget_50pct", nowMs));
        } else if (step === "budget_90pct" && s.mark90.run(nowText, campaign.id).changes === 1) {
          outbox.push(budgetEvent(campaign, "campaign.budget_90pct", nowMs));
        } else if (step === "ended" && s.endBudget.run({ now: nowText, id: campaign.id }).changes === 1) {
          outbox.push(endedEvent(campaign.id, campaign.advertiserId, "budget_exhausted", nowMs));
          ended.push(campaign.id);
          const row = campaigns.find((entry) => entry.id === campaign.id);
          if (row) row.status = "ended";
        }
      }
    }

    for (const event of outbox)
      s.insertOutbox.run(event.id, event.advertiserId, event.type, event.data, event.createdAtMs);

    return {
      impressions: batch.impressions.map((impression) => verdicts.get(impression) ?? "budget"),
      clicks: clickVerdicts,
      campaigns,
      ended,
    };
  }

  async close(): Promise<void> {
    this.#statements = undefined;
    this.#handle = undefined;
  }
}
