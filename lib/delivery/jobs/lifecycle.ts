// The campaign lifecycle outside the impression writer (which ends campaigns
// and emits the 50%/90% events in the batch that crosses them): end dates that
// pass, and budgets that an update lowered below the spend. Every transition is
// a conditional update, so its event is written exactly once even when several
// instances sweep at the same time.
import { db } from "@/lib/db/client";
import { microsToUsd } from "@/lib/money";
import { emitCampaignsChanged } from "@/lib/process-bus";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import { utcDay } from "../rules/pacing";

export type SweepResult = { ended: { id: string; reason: "end_date" | "budget_exhausted" }[]; budgetEvents: number };

/** Applies due lifecycle transitions at `nowMs`; returns what changed. */
export async function sweepCampaignLifecycle(nowMs: number): Promise<SweepResult> {
  const today = utcDay(nowMs);
  const now = new Date(nowMs);
  const result: SweepResult = { ended: [], budgetEvents: 0 };

  const end = async (id: string, advertiserId: string, reason: "end_date" | "budget_exhausted", statuses: string[]) => {
    await db().$transaction(async (tx) => {
      const { count } = await tx.campaign.updateMany({
        where: { id, status: { in: statuses } },
        data: { status: "ended", endedReason: reason, endedAt: now, version: { increment: 1 } },
      });
      if (count !== 1) return;
      await enqueueEvent(tx, {
        advertiserId,
        type: "campaign.ended",
        data: { campaign_id: id, reason },
        createdAtMs: nowMs,
      });
      result.ended.push({ id, reason });
    });
  };

  // end date passed: the campaign can never run again (paused ones too)
  const expired = await db().campaign.findMany({
    where: { status: { in: ["active", "paused"] }, endDate: { not: null, lt: today } },
    select: { id: true, advertiserId: true },
  });
  for (const campaign of expired) await end(campaign.id, campaign.advertiserId, "end_date", ["active", "paused"]);

  // total budget exhausted without a batch noticing (the budget was lowered by an update)
  const exhausted = await db().$queryRaw<{ id: string; advertiser_id: string }[]>`
    SELECT id, advertiser_id FROM campaigns WHERE status = 'active' AND spend_micros >= total_budget_micros`;
  for (const campaign of exhausted) await end(campaign.id, campaign.advertiser_id, "budget_exhausted", ["active"]);

  // 50% / 90% thresholds crossed by a lowered budget
  const crossed = await db().$queryRaw<
    { id: string; advertiser_id: string; spend_micros: bigint; total_budget_micros: bigint }[]
  >`
    SELECT id, advertiser_id, spend_micros, total_budget_micros FROM campaigns
    WHERE status IN ('active', 'paused')
      AND ((budget_50_at IS NULL AND spend_micros * 2 >= total_budget_micros)
        OR (budget_90_at IS NULL AND spend_micros * 10 >= total_budget_micros * 9))`;
  for (const campaign of crossed) {
    const spend = BigInt(campaign.spend_micros);
    const total = BigInt(campaign.total_budget_micros);
    const data = {
      campaign_id: campaign.id,
      spend_to_date_usd: microsToUsd(spend),
      total_budget_usd: microsToUsd(total),
    };
    await db().$transaction(async (tx) => {
      if (
        spend * 2n >= total &&
        (await tx.campaign.updateMany({ where: { id: campaign.id, budget50At: null }, data: { budget50At: now } }))
          .count === 1
      ) {
        await enqueueEvent(tx, {
          advertiserId: campaign.advertiser_id,
          type: "campaign.budget_50pct",
          data,
          createdAtMs: nowMs,
        });
        result.budgetEvents += 1;
      }
      if (
        spend * 10n >= total * 9n &&
        (await tx.campaign.updateMany({ where: { id: campaign.id, budget90At: null }, data: { budget90At: now } }))
          .count === 1
      ) {
        await enqueueEvent(tx, {
          advertiserId: campaign.advertiser_id,
          type: "campaign.budget_90pct",
          data,
          createdAtMs: nowMs,
        });
        result.budgetEvents += 1;
      }
    });
  }

  if (result.ended.length) emitCampaignsChanged(result.ended.map((entry) => entry.id));
  return result;
}
