// The campaign lifecycle outside the impression writer (which ends campaigns
// and emits the 50%/90% events in the batch that crosses them): end dates that
// pass, and budgets that an update lowered below the spend. Every transition is
// a conditional update, so its event is written exactly once even when several
// instances sweep at the same time. Each campaign it ends is recorded in the
// change history (the system, with the reason) in the transaction that ends it.
import { db } from "@/lib/db/client";
import { utcDay } from "@/lib/domain/campaigns/pacing";
import { recordChange, SYSTEM_ACTORS } from "@/lib/history/changes";
import { emitCampaignsChanged } from "@/lib/process-events";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import { budgetSteps, budgetThresholdEvent, campaignEndedEvent } from "../rules/budget-lifecycle";

export type SweepResult = { ended: { id: string; reason: "end_date" | "budget_exhausted" }[]; budgetEvents: number };

/** Applies due lifecycle transitions at `nowMs`; returns what changed. */
export async function sweepCampaignLifecycle(nowMs: number): Promise<SweepResult> {
  const today = utcDay(nowMs);
  const now = new Date(nowMs);
  const result: SweepResult = { ended: [], budgetEvents: 0 };

  // conditional on the status that was read, so the history's "from" is the status it ended from
  // (a campaign paused or resumed meanwhile is ended by the next sweep)
  const end = async (id: string, advertiserId: string, reason: "end_date" | "budget_exhausted", status: string) => {
    await db().$transaction(async (tx) => {
      const { count } = await tx.campaign.updateMany({
        where: { id, status },
        data: { status: "ended", endedReason: reason, endedAt: now, version: { increment: 1 } },
      });
      if (count !== 1) return;
      await enqueueEvent(tx, campaignEndedEvent(id, advertiserId, reason, nowMs));
      await recordChange(tx, {
        advertiserId,
        atMs: nowMs,
        actor: SYSTEM_ACTORS.lifecycle,
        operation: "endCampaign",
        target: { type: "campaign", id },
        campaignId: id,
        fields: { status: { from: status, to: "ended" }, ended_reason: { from: null, to: reason } },
        reason,
      });
      result.ended.push({ id, reason });
    });
  };

  // end date passed: the campaign can never run again (paused ones too)
  const expired = await db().campaign.findMany({
    where: { status: { in: ["active", "paused"] }, endDate: { not: null, lt: today } },
    select: { id: true, advertiserId: true, status: true },
  });
  for (const campaign of expired) await end(campaign.id, campaign.advertiserId, "end_date", campaign.status);

  // total budget exhausted without a batch noticing (the budget was lowered by an update)
  const exhausted = await db().$queryRaw<{ id: string; advertiser_id: string }[]>`
    SELECT id, advertiser_id FROM campaigns WHERE status = 'active' AND spend_micros >= total_budget_micros`;
  for (const campaign of exhausted) await end(campaign.id, campaign.advertiser_id, "budget_exhausted", "active");

  // 50% / 90% thresholds crossed by a lowered budget
  const crossed = await db().$queryRaw<
    { id: string; advertiser_id: string; spend_micros: bigint; total_budget_micros: bigint }[]
  >`
    SELECT id, advertiser_id, spend_micros, total_budget_micros FROM campaigns
    WHERE status IN ('active', 'paused')
      AND ((budget_50_at IS NULL AND spend_micros * 2 >= total_budget_micros)
        OR (budget_90_at IS NULL AND spend_micros * 10 >= total_budget_micros * 9))`;
  for (const campaign of crossed) {
    // which thresholds the spend is past; the conditional update decides whether this pass writes the event
    const progress = {
      id: campaign.id,
      advertiserId: campaign.advertiser_id,
      spendMicros: BigInt(campaign.spend_micros),
      totalBudgetMicros: BigInt(campaign.total_budget_micros),
      budget50Set: false,
      budget90Set: false,
    };
    await db().$transaction(async (tx) => {
      for (const step of budgetSteps(progress)) {
        if (step === "ended") continue;
        const { count } = await tx.campaign.updateMany({
          where:
            step === "budget_50pct" ? { id: campaign.id, budget50At: null } : { id: campaign.id, budget90At: null },
          data: step === "budget_50pct" ? { budget50At: now } : { budget90At: now },
        });
        if (count !== 1) continue;
        await enqueueEvent(tx, budgetThresholdEvent(progress, step, nowMs));
        result.budgetEvents += 1;
      }
    });
  }

  if (result.ended.length) emitCampaignsChanged(result.ended.map((entry) => entry.id));
  return result;
}
