// The delivery store on PostgreSQL: its own small pg pool, one transaction per
// batch, multi-row statements (unnest) so a batch costs a fixed number of round
// trips. Several app instances may share the database: budgets are enforced by
// conditional updates under row locks taken in campaign-id order, and per-user
// caps are re-checked at commit under per-user advisory locks
// (docs/decisions/0402-delivery-writes.md, 0403-caps-across-instances.md).
import pg from "pg";
import { pgPoolConfig } from "@/lib/db/adapters";
import { env } from "@/lib/env";
import { ALERTS_PER_GAME, ALERTS_PER_HOUR, CAP_MEMORY_MS, HOUR_MS } from "../rules/caps";
import type { OutboxRow } from "@/lib/webhooks/outbox";
import type {
  BatchResult,
  CampaignRow,
  CampaignSpend,
  ClickTarget,
  DeliveryStore,
  ImpressionRecord,
  ImpressionVerdict,
  RecentAlert,
  WriteBatch,
} from "../records";
import { campaignRows } from "./sqlite-store";
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
  type SpentCampaign,
} from "./batch-plan";

const CAMPAIGN_COLUMNS = `c.id, c.advertiser_id, c.status, c.moment_types, c.sports, c.bid_cpm_micros, c.daily_budget_micros,
  c.total_budget_micros, c.spend_micros, c.spend_day, c.day_spend_micros, c.start_date, c.end_date, c.pacing,
  to_char(c.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
const CREATIVE_COLUMNS = `cr.id, cr.campaign_id, cr.variant_index, cr.variant_label, cr.headline, cr.body, cr.icon_url, cr.cta_text, cr.action_url`;

const SPEND_SQL = `UPDATE campaigns SET
    spend_micros = spend_micros + $2::bigint,
    impressions = impressions + $3::bigint,
    day_spend_micros = CASE WHEN spend_day = $4 THEN day_spend_micros + $2::bigint ELSE $2::bigint END,
    spend_day = $4
  WHERE id = $1 AND status = 'active'
    AND spend_micros + $5::bigint < total_budget_micros
    AND (CASE WHEN spend_day = $4 THEN day_spend_micros ELSE 0 END) + $5::bigint < daily_budget_micros
  RETURNING advertiser_id, spend_micros, total_budget_micros, budget_50_at IS NOT NULL AS b50, budget_90_at IS NOT NULL AS b90,
    status, spend_day, day_spend_micros`;

type SpendReturn = {
  advertiser_id: string;
  spend_micros: string;
  total_budget_micros: string;
  b50: boolean;
  b90: boolean;
  status: string;
  spend_day: string | null;
  day_spend_micros: string;
};

function timestamp(ms: number): string {
  return new Date(ms).toISOString();
}

function spendOf(row: {
  id: string;
  status: string;
  spend_micros: string;
  spend_day: string | null;
  day_spend_micros: string;
}): CampaignSpend {
  return {
    id: row.id,
    status: row.status,
    spendMicros: Number(row.spend_micros),
    spendDay: row.spend_day,
    daySpendMicros: Number(row.day_spend_micros),
  };
}

/** Per-user caps re-checked against committed impressions (any instance's) plus this batch. */
function capVerdicts(
  impressions: readonly ImpressionRecord[],
  committed: RecentAlert[],
  nowMs: number,
): Set<ImpressionRecord> {
  const hour = new Map<string, number>();
  const game = new Map<string, number>();
  for (const alert of committed) {
    if (alert.servedAtMs > nowMs - HOUR_MS) hour.set(alert.userId, (hour.get(alert.userId) ?? 0) + 1);
    const key = `${alert.userId}\u0000${alert.gameId}`;
    game.set(key, (game.get(key) ?? 0) + 1);
  }
  const refused = new Set<ImpressionRecord>();
  for (const impression of impressions) {
    const key = `${impression.userId}\u0000${impression.gameId}`;
    const inHour = hour.get(impression.userId) ?? 0;
    const inGame = game.get(key) ?? 0;
    if (inHour >= ALERTS_PER_HOUR || inGame >= ALERTS_PER_GAME) {
      refused.add(impression);
      continue;
    }
    hour.set(impression.userId, inHour + 1);
    game.set(key, inGame + 1);
  }
  return refused;
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
    const campaigns = await this.#pool.query(
      `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c
       WHERE c.status = 'active' AND c.start_date <= $1 AND (c.end_date IS NULL OR c.end_date >= $1) ${filter}`,
      params,
    );
    const creatives = await this.#pool.query(
      `SELECT ${CREATIVE_COLUMNS} FROM creatives cr JOIN campaigns c ON c.id = cr.campaign_id
       WHERE cr.status = 'approved' AND c.status = 'active' ${ids ? "AND c.id = ANY($1::text[])" : ""}
       ORDER BY cr.campaign_id, cr.variant_index`,
      ids ? [ids] : [],
    );
    return campaignRows(campaigns.rows, creatives.rows);
  }

  async impressionSubscribers(): Promise<string[]> {
    const result = await this.#pool.query<{ advertiser_id: string }>(
      `SELECT DISTINCT advertiser_id FROM webhook_endpoints WHERE is_active AND events LIKE '%"impression.served"%'`,
    );
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
    const result = await this.#pool.query(
      `SELECT id, status, spend_micros, spend_day, day_spend_micros FROM campaigns WHERE status = 'active'`,
    );
    return result.rows.map(spendOf);
  }

  async loadRecentAlerts(sinceMs: number): Promise<RecentAlert[]> {
    const result = await this.#pool.query<{ user_id: string; game_id: string; served_at_ms: string }>(
      `SELECT user_id, game_id, served_at_ms FROM impressions WHERE served_at_ms >= $1`,
      [sinceMs],
    );
    return result.rows.map((row) => ({
      userId: row.user_id,
      gameId: row.game_id,
      servedAtMs: Number(row.served_at_ms),
    }));
  }

  async findClick(clickId: string): Promise<ClickTarget | null> {
    const result = await this.#pool.query<ClickRow>(
      `SELECT i.click_id, i.id, i.advertiser_id, i.campaign_id, i.creative_id, i.moment_type, i.sport, cr.action_url
       FROM impressions i JOIN creatives cr ON cr.id = i.creative_id WHERE i.click_id = $1`,
      [clickId],
    );
    return clickTarget(result.rows[0]);
  }

  async commit(batch: WriteBatch): Promise<BatchResult> {
    const client = await this.#pool.connect();
    try {
      await client.query("BEGIN");
      const result = await this.#write(client, batch);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async #write(client: pg.PoolClient, batch: WriteBatch): Promise<BatchResult> {
    const { day, nowMs } = batch;
    const verdicts = new Map<ImpressionRecord, ImpressionVerdict>();
    const outbox: OutboxRow[] = [];

    // 1. per-user caps, serialized per user across instances
    let candidates = batch.impressions;
    if (candidates.length) {
      const users = [...new Set(candidates.map((impression) => impression.userId))];
      await client.query(
        `SELECT pg_advisory_xact_lock(h) FROM (SELECT DISTINCT hashtextextended(u, 0) AS h FROM unnest($1::text[]) AS u ORDER BY 1) AS locks`,
        [users],
      );
      const recent = await client.query<{ user_id: string; game_id: string; served_at_ms: string }>(
        `SELECT user_id, game_id, served_at_ms FROM impressions WHERE user_id = ANY($1::text[]) AND served_at_ms >= $2`,
        [users, nowMs - CAP_MEMORY_MS],
      );
      const refused = capVerdicts(
        candidates,
        recent.rows.map((row) => ({ userId: row.user_id, gameId: row.game_id, servedAtMs: Number(row.served_at_ms) })),
        nowMs,
      );
      for (const impression of refused) verdicts.set(impression, "cap");
      candidates = candidates.filter((impression) => !refused.has(impression));
    }

    // 2. lock every campaign row the batch touches, in id order (no deadlock between instances)
    const touched = [
      ...new Set([...candidates.map((i) => i.campaignId), ...batch.clicks.map((c) => c.campaignId)]),
    ].sort();
    if (touched.length) {
      await client.query(`SELECT id FROM campaigns WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [touched]);
    }

    // 3. spend: one conditional update per campaign, impression by impression near a budget
    const accepted: ImpressionRecord[] = [];
    const campaigns: CampaignSpend[] = [];
    const spent: SpentCampaign[] = [];
    for (const [campaignId, group] of groupByCampaign(candidates)) {
      let sum = 0;
      for (const impression of group) sum += impression.costMicros;
      const last = group[group.length - 1]!.costMicros;
      let row = (await client.query<SpendReturn>(SPEND_SQL, [campaignId, sum, group.length, day, sum - last])).rows[0];
      if (row) {
        for (const impression of group) {
          verdicts.set(impression, "accepted");
          accepted.push(impression);
        }
      } else {
        let refused = false;
        for (const impression of group) {
          const one = refused
            ? undefined
            : (await client.query<SpendReturn>(SPEND_SQL, [campaignId, impression.costMicros, 1, day, 0])).rows[0];
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
          spendMicros: BigInt(row.spend_micros),
          totalBudgetMicros: BigInt(row.total_budget_micros),
          spendDay: row.spend_day,
          daySpendMicros: BigInt(row.day_spend_micros),
          budget50Set: row.b50,
          budget90Set: row.b90,
        });
      } else {
        const current = await client.query(
          `SELECT id, status, spend_micros, spend_day, day_spend_micros FROM campaigns WHERE id = $1`,
          [campaignId],
        );
        if (current.rows[0]) campaigns.push(spendOf(current.rows[0]));
      }
    }

    // 4. raw rows
    if (accepted.length) {
      await client.query(
        `INSERT INTO impressions (id, click_id, advertiser_id, campaign_id, creative_id, moment_type, sport, game_id, user_id,
           clearing_cpm_micros, cost_micros, served_at_ms)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
           $10::bigint[], $11::bigint[], $12::bigint[])`,
        [
          accepted.map((i) => i.impressionId),
          accepted.map((i) => i.clickId),
          accepted.map((i) => i.advertiserId),
          accepted.map((i) => i.campaignId),
          accepted.map((i) => i.creativeId),
          accepted.map((i) => i.momentType),
          accepted.map((i) => i.sport),
          accepted.map((i) => i.gameId),
          accepted.map((i) => i.userId),
          accepted.map((i) => i.clearingCpmMicros),
          accepted.map((i) => i.costMicros),
          accepted.map((i) => i.servedAtMs),
        ],
      );
      for (const impression of accepted) if (impression.emitEvent) outbox.push(impressionEvent(impression));
    }
    const auctions = [
      ...accepted.map(
        (i) =>
          [
            i.auctionId,
            i.momentType,
            i.sport,
            "filled",
            i.bidders,
            i.winningBidMicros,
            i.clearingCpmMicros,
            i.servedAtMs,
          ] as const,
      ),
      ...batch.auctions.map(
        (a) => [a.id, a.momentType, a.sport, a.outcome, a.bidders, null, null, a.occurredAtMs] as const,
      ),
    ];
    if (auctions.length) {
      await client.query(
        `INSERT INTO auctions (id, moment_type, sport, outcome, bidders, winning_bid_micros, clearing_cpm_micros, occurred_at_ms)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::bigint[], $8::bigint[])`,
        [0, 1, 2, 3, 4, 5, 6, 7].map((column) => auctions.map((row) => row[column])),
      );
    }

    // 5. clicks: the first per click id counts
    let clickVerdicts: boolean[] = [];
    const recordedClicks: typeof batch.clicks = [];
    if (batch.clicks.length) {
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO clicks (id, impression_id, campaign_id, creative_id, moment_type, sport, converted, clicked_at_ms)
         SELECT id, impression_id, campaign_id, creative_id, moment_type, sport, false, clicked_at_ms
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])
           AS t(id, impression_id, campaign_id, creative_id, moment_type, sport, clicked_at_ms)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          batch.clicks.map((c) => c.clickId),
          batch.clicks.map((c) => c.impressionId),
          batch.clicks.map((c) => c.campaignId),
          batch.clicks.map((c) => c.creativeId),
          batch.clicks.map((c) => c.momentType),
          batch.clicks.map((c) => c.sport),
          batch.clicks.map((c) => c.clickedAtMs),
        ],
      );
      const fresh = new Set(inserted.rows.map((row) => row.id));
      clickVerdicts = batch.clicks.map((click) => {
        if (!fresh.delete(click.clickId)) return false;
        recordedClicks.push(click);
        outbox.push(clickEvent(click));
        return true;
      });
      const counts = new Map<string, number>();
      for (const click of recordedClicks) counts.set(click.campaignId, (counts.get(click.campaignId) ?? 0) + 1);
      if (counts.size) {
        await client.query(
          `UPDATE campaigns SET clicks = campaigns.clicks + t.n FROM unnest($1::text[], $2::bigint[]) AS t(id, n) WHERE campaigns.id = t.id`,
          [[...counts.keys()], [...counts.values()]],
        );
      }
    }

    // 6. rollups
    const rollups = impressionRollups(accepted, recordedClicks);
    if (rollups.length) {
      await client.query(
        `INSERT INTO hourly_rollups (campaign_id, creative_id, moment_type, sport, hour_ms, impressions, clicks, conversions, spend_micros, conversion_value_micros)
         SELECT campaign_id, creative_id, moment_type, sport, hour_ms, impressions, clicks, 0, spend_micros, 0
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
           AS t(campaign_id, creative_id, moment_type, sport, hour_ms, impressions, clicks, spend_micros)
         ON CONFLICT (campaign_id, creative_id, moment_type, sport, hour_ms) DO UPDATE SET
           impressions = hourly_rollups.impressions + excluded.impressions,
           clicks = hourly_rollups.clicks + excluded.clicks,
           spend_micros = hourly_rollups.spend_micros + excluded.spend_micros`,
        [
          rollups.map((r) => r.campaignId),
          rollups.map((r) => r.creativeId),
          rollups.map((r) => r.momentType),
          rollups.map((r) => r.sport),
          rollups.map((r) => r.hourMs.toString()),
          rollups.map((r) => r.impressions),
          rollups.map((r) => r.clicks),
          rollups.map((r) => r.spendMicros.toString()),
        ],
      );
    }

    // 7. lifecycle, each transition by a conditional update so its event is written once
    const ended: string[] = [];
    const now = timestamp(nowMs);
    for (const campaign of spent) {
      for (const step of lifecycleSteps(campaign)) {
        if (step === "budget_50pct") {
          const r = await client.query(
            `UPDATE campaigns SET budget_50_at = $1::timestamp WHERE id = $2 AND budget_50_at IS NULL`,
            [now, campaign.id],
          );
          if (r.rowCount === 1) outbox.push(budgetEvent(campaign, "campaign.budget_50pct", nowMs));
        } else if (step === "budget_90pct") {
          const r = await client.query(
            `UPDATE campaigns SET budget_90_at = $1::timestamp WHERE id = $2 AND budget_90_at IS NULL`,
            [now, campaign.id],
          );
          if (r.rowCount === 1) outbox.push(budgetEvent(campaign, "campaign.budget_90pct", nowMs));
        } else {
          const r = await client.query(
            `UPDATE campaigns SET status = 'ended', ended_reason = 'budget_exhausted', ended_at = $1::timestamp, updated_at = $1::timestamp,
               version = version + 1
             WHERE id = $2 AND status = 'active' AND spend_micros >= total_budget_micros`,
            [now, campaign.id],
          );
          if (r.rowCount === 1) {
            outbox.push(endedEvent(campaign.id, campaign.advertiserId, "budget_exhausted", nowMs));
            ended.push(campaign.id);
            const row = campaigns.find((entry) => entry.id === campaign.id);
            if (row) row.status = "ended";
          }
        }
      }
    }

    // 8. outbox
    if (outbox.length) {
      await client.query(
        `INSERT INTO outbox_events (id, advertiser_id, type, data, created_at_ms)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])`,
        [
          outbox.map((e) => e.id),
          outbox.map((e) => e.advertiserId),
          outbox.map((e) => e.type),
          outbox.map((e) => e.data),
          outbox.map((e) => e.createdAtMs),
        ],
      );
    }

    return {
      impressions: batch.impressions.map((impression) => verdicts.get(impression) ?? "budget"),
      clicks: clickVerdicts,
      campaigns,
      ended,
    };
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
