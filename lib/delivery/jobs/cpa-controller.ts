// Target-CPA auto-bidding (docs/decisions/0405-cpa-controller.md): a periodic
// controller moves the bid of each active campaign with target_cpa toward the
// target from recorded conversions and spend, in bounded steps, between the
// highest floor of its moment types and a ceiling of 3x the advertiser's own bid
// (never above the API maximum of 1000 USD). Each change is a conditional
// update (skipped if the advertiser changed the bid meanwhile), a bid_adjustments
// row, a campaign.bid_adjusted event and its row in the change history (the
// system, with the reason), in one transaction.
import { DAY_MS, MINUTE_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { ADVERTISER_BID_REASON } from "@/lib/domain/campaigns/campaign";
import { highestFloorMicros, isMomentType, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { hourStartMs } from "@/lib/domain/rollups/increment-rollups";
import { recordChange, SYSTEM_ACTORS } from "@/lib/history/changes";
import { newId } from "@/lib/ids";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { emitCampaignsChanged } from "@/lib/process-events";
import { enqueueEvent } from "@/lib/webhooks/outbox";

export const CPA_POLICY = {
  /** evidence window: the last 24 h, or since the last adjustment if later */
  windowMs: DAY_MS,
  /** at least this long between two adjustments of one campaign */
  minIntervalMs: 30 * MINUTE_MS,
  /** at most +-20% per step */
  maxStep: 0.2,
  /** no change while the observed CPA is within 5% of the target */
  deadBand: 0.05,
  /** a CPA is trusted from this many conversions on */
  minConversions: 3,
  /** without enough conversions, act only once spend exceeds this many target CPAs per (conversions + 1) */
  minSpendTargets: 2,
  /** ceiling: this multiple of the advertiser's own bid */
  ceilingMultiple: 3,
  maxBidMicros: usdToMicros(1000),
} as const;

export type CpaPolicy = typeof CPA_POLICY;

export type CpaEvidence = {
  bidMicros: bigint;
  targetCpaMicros: bigint;
  spendMicros: bigint;
  conversions: number;
  floorMicros: bigint;
  baseBidMicros: bigint;
};

export type CpaStep = { newBidMicros: bigint; reason: string } | null;

/** The controller's rule for one campaign (pure). */
export function nextCpaBid(evidence: CpaEvidence, policy: CpaPolicy = CPA_POLICY): CpaStep {
  const { bidMicros: bid, targetCpaMicros: target, spendMicros: spend, conversions } = evidence;
  if (target <= 0n || spend <= 0n) return null;
  let ratio: number;
  let reason: string;
  if (conversions >= policy.minConversions) {
    // ratio = target / observed CPA = target * conversions / spend
    ratio = (Number(target) * conversions) / Number(spend);
    const cpa = microsToUsd(spend / BigInt(conversions));
    reason = `${ratio < 1 ? "cpa_above_target" : "cpa_below_target"}: observed ${cpa} USD, target ${microsToUsd(target)} USD, ${conversions} conversions`;
  } else {
    // too few conversions to trust a CPA: only a clear overspend without results moves the bid (down)
    if (spend < target * BigInt(policy.minSpendTargets) * BigInt(conversions + 1)) return null;
    ratio = (Number(target) * (conversions + 1)) / Number(spend);
    reason = `cpa_above_target: ${microsToUsd(spend)} USD spent for ${conversions} conversions, target ${microsToUsd(target)} USD`;
  }
  if (Math.abs(ratio - 1) < policy.deadBand) return null;
  const factor = Math.min(1 + policy.maxStep, Math.max(1 - policy.maxStep, ratio));
  // whole tenths of a cent
  let next = BigInt(Math.round((Number(bid) * factor) / 1000)) * 1000n;
  const ceiling = [evidence.baseBidMicros * BigInt(policy.ceilingMultiple), policy.maxBidMicros].reduce((a, b) =>
    a < b ? a : b,
  );
  if (next > ceiling) next = ceiling;
  if (next < evidence.floorMicros) next = evidence.floorMicros;
  if (next === bid) return null;
  return { newBidMicros: next, reason };
}

/**
 * The bid the advertiser set: the current bid if the advertiser changed it after
 * the controller's last adjustment; otherwise the bid before the controller's
 * unbroken chain of adjustments.
 */
export function baseBid(
  currentBidMicros: bigint,
  adjustments: readonly { oldBidMicros: bigint; newBidMicros: bigint; reason?: string }[],
): bigint {
  // adjustments newest first; the advertiser's own change (its row's reason) ends the controller's chain
  let base = currentBidMicros;
  let expected = currentBidMicros;
  for (const adjustment of adjustments) {
    if (adjustment.reason === ADVERTISER_BID_REASON || adjustment.newBidMicros !== expected) break;
    base = adjustment.oldBidMicros;
    expected = adjustment.oldBidMicros;
  }
  return base;
}

export type CpaAdjustment = { campaignId: string; oldBidMicros: bigint; newBidMicros: bigint; reason: string };

/** One pass of the controller over every active campaign with a target CPA. */
export async function runCpaController(nowMs: number, policy: CpaPolicy = CPA_POLICY): Promise<CpaAdjustment[]> {
  const campaigns = await db().campaign.findMany({
    where: { status: "active", targetCpaMicros: { not: null } },
    select: { id: true, advertiserId: true, bidCpmMicros: true, targetCpaMicros: true, momentTypes: true },
  });
  const adjustments: CpaAdjustment[] = [];
  for (const campaign of campaigns) {
    const history = await db().bidAdjustment.findMany({
      where: { campaignId: campaign.id },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: { oldBidMicros: true, newBidMicros: true, reason: true, createdAt: true },
    });
    const lastMs = history[0]?.createdAt.getTime();
    if (lastMs !== undefined && nowMs - lastMs < policy.minIntervalMs) continue;
    const sinceMs = Math.max(nowMs - policy.windowMs, lastMs ?? 0);
    const totals = await db().hourlyRollup.aggregate({
      where: { campaignId: campaign.id, hourMs: { gte: hourStartMs(sinceMs) } },
      _sum: { spendMicros: true, conversions: true },
    });
    const types = (JSON.parse(campaign.momentTypes) as string[]).filter(isMomentType) as MomentTypeKey[];
    const step = nextCpaBid(
      {
        bidMicros: campaign.bidCpmMicros,
        targetCpaMicros: campaign.targetCpaMicros!,
        spendMicros: totals._sum.spendMicros ?? 0n,
        conversions: Number(totals._sum.conversions ?? 0n),
        floorMicros: highestFloorMicros(types),
        baseBidMicros: baseBid(campaign.bidCpmMicros, history),
      },
      policy,
    );
    if (!step) continue;
    const applied = await db().$transaction(async (tx) => {
      const { count } = await tx.campaign.updateMany({
        where: { id: campaign.id, status: "active", bidCpmMicros: campaign.bidCpmMicros },
        data: { bidCpmMicros: step.newBidMicros, version: { increment: 1 } },
      });
      if (count !== 1) return false;
      await tx.bidAdjustment.create({
        data: {
          id: newId("bid"),
          campaignId: campaign.id,
          oldBidMicros: campaign.bidCpmMicros,
          newBidMicros: step.newBidMicros,
          reason: step.reason,
          createdAt: new Date(nowMs),
        },
      });
      await enqueueEvent(tx, {
        advertiserId: campaign.advertiserId,
        type: "campaign.bid_adjusted",
        data: {
          campaign_id: campaign.id,
          old_bid_cpm_usd: microsToUsd(campaign.bidCpmMicros),
          new_bid_cpm_usd: microsToUsd(step.newBidMicros),
          reason: step.reason,
        },
        createdAtMs: nowMs,
      });
      await recordChange(tx, {
        advertiserId: campaign.advertiserId,
        atMs: nowMs,
        actor: SYSTEM_ACTORS.cpaController,
        operation: "adjustBid",
        target: { type: "campaign", id: campaign.id },
        campaignId: campaign.id,
        fields: {
          bid_cpm_usd: { from: microsToUsd(campaign.bidCpmMicros), to: microsToUsd(step.newBidMicros) },
        },
        reason: step.reason,
      });
      return true;
    });
    if (applied)
      adjustments.push({
        campaignId: campaign.id,
        oldBidMicros: campaign.bidCpmMicros,
        newBidMicros: step.newBidMicros,
        reason: step.reason,
      });
  }
  if (adjustments.length) emitCampaignsChanged(adjustments.map((adjustment) => adjustment.campaignId));
  return adjustments;
}
