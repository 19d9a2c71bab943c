// both databases: raw SQL over spend and rollups
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { usdToMicros } from "@/lib/money";
import { incrementRollups } from "@/lib/domain/rollups/increment-rollups";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { runCpaController } from "./cpa-controller";
import { sweepCampaignLifecycle } from "./lifecycle";
import { deliveryCampaign, NOV_22_NOON, resetDeliveryTables } from "@/test/delivery-engine";

beforeEach(resetDeliveryTables);

/** A campaign's rows in the change history, oldest first, fields parsed. */
const changesOf = async (campaignId: string) =>
  (await db().change.findMany({ where: { campaignId }, orderBy: { atMs: "asc" } })).map((row) => ({
    ...row,
    fields: JSON.parse(row.fields) as unknown,
  }));

const events = async (type: string) =>
  (await db().outboxEvent.findMany({ where: { type } })).map(
    (event) => JSON.parse(event.data) as Record<string, unknown>,
  );

describe("lifecycle sweep", () => {
  it("ends campaigns whose end date passed (active and paused) once, with campaign.ended", async () => {
    const a = await createTestAdvertiser();
    const past = await deliveryCampaign({ advertiserId: a.advertiserId, endDate: "2026-11-21" });
    const pausedPast = await deliveryCampaign({
      advertiserId: a.advertiserId,
      endDate: "2026-11-20",
      status: "paused",
    });
    const today = await deliveryCampaign({ advertiserId: a.advertiserId, endDate: "2026-11-22" });
    const cancelled = await deliveryCampaign({
      advertiserId: a.advertiserId,
      endDate: "2026-11-01",
      status: "cancelled",
    });
    const first = await sweepCampaignLifecycle(NOV_22_NOON);
    expect(first.ended.map((entry) => entry.id).sort()).toEqual([past.id, pausedPast.id].sort());
    const second = await sweepCampaignLifecycle(NOV_22_NOON + 60_000);
    expect(second.ended).toEqual([]);
    const ended = await events("campaign.ended");
    expect(ended).toHaveLength(2);
    expect(ended).toContainEqual({ campaign_id: past.id, reason: "end_date" });
    const row = await db().campaign.findUniqueOrThrow({ where: { id: past.id } });
    expect(row).toMatchObject({ status: "ended", endedReason: "end_date" });
    expect(row.version).toBe(2);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: today.id } })).status).toBe("active");
    expect((await db().campaign.findUniqueOrThrow({ where: { id: cancelled.id } })).status).toBe("cancelled");
    // each end recorded once, in its transaction: the system's lifecycle, the reason, the status it ended from
    expect(await changesOf(past.id)).toEqual([
      expect.objectContaining({
        advertiserId: a.advertiserId,
        atMs: BigInt(NOV_22_NOON),
        actorType: "system",
        actorId: "lifecycle",
        actorName: "Campaign lifecycle",
        operation: "endCampaign",
        targetType: "campaign",
        targetId: past.id,
        reason: "end_date",
        fields: { status: { from: "active", to: "ended" }, ended_reason: { from: null, to: "end_date" } },
      }),
    ]);
    expect((await changesOf(pausedPast.id)).map((change) => change.fields)).toEqual([
      { status: { from: "paused", to: "ended" }, ended_reason: { from: null, to: "end_date" } },
    ]);
    expect(await changesOf(today.id)).toEqual([]);
    expect(await changesOf(cancelled.id)).toEqual([]);
  });

  it("ends a campaign whose total budget was lowered below its spend and emits the missed thresholds once", async () => {
    const a = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: a.advertiserId, totalBudgetUsd: 100 });
    await db().campaign.update({
      where: { id: campaign.id },
      data: { spendMicros: usdToMicros(40), totalBudgetMicros: usdToMicros(30) },
    });
    await sweepCampaignLifecycle(NOV_22_NOON);
    await sweepCampaignLifecycle(NOV_22_NOON);
    expect(await events("campaign.ended")).toEqual([{ campaign_id: campaign.id, reason: "budget_exhausted" }]);
    expect(await changesOf(campaign.id)).toEqual([
      expect.objectContaining({ actorType: "system", actorId: "lifecycle", reason: "budget_exhausted" }),
    ]);
    const other = await deliveryCampaign({ advertiserId: a.advertiserId, totalBudgetUsd: 100 });
    await db().campaign.update({ where: { id: other.id }, data: { spendMicros: usdToMicros(60) } });
    await sweepCampaignLifecycle(NOV_22_NOON);
    await sweepCampaignLifecycle(NOV_22_NOON);
    expect(await events("campaign.budget_50pct")).toEqual([
      { campaign_id: other.id, spend_to_date_usd: 60, total_budget_usd: 100 },
    ]);
    expect(await events("campaign.budget_90pct")).toEqual([]);
  });
});

describe("target-CPA controller", () => {
  async function withResults(targetCpaUsd: number | null, spendUsd: number, conversions: number, bidCpmUsd = 2) {
    const a = await createTestAdvertiser();
    const campaign = await deliveryCampaign({
      advertiserId: a.advertiserId,
      targetCpaUsd,
      bidCpmUsd,
      momentTypes: ["close_game", "bet_resolved"],
    });
    await incrementRollups(db(), [
      {
        campaignId: campaign.id,
        creativeId: campaign.creatives[0]!.id,
        momentType: "close_game",
        sport: "nba",
        atMs: NOV_22_NOON - 3_600_000,
        impressions: 1000,
        spendMicros: usdToMicros(spendUsd),
        conversions,
      },
    ]);
    return campaign;
  }

  it("steps the bid down when the CPA is above target, records it and emits campaign.bid_adjusted", async () => {
    const campaign = await withResults(10, 150, 10);
    const adjustments = await runCpaController(NOV_22_NOON);
    expect(adjustments).toHaveLength(1);
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.bidCpmMicros).toBe(usdToMicros(1.6));
    expect(row.version).toBe(2);
    const recorded = await db().bidAdjustment.findMany({ where: { campaignId: campaign.id } });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ oldBidMicros: usdToMicros(2), newBidMicros: usdToMicros(1.6) });
    expect(await events("campaign.bid_adjusted")).toEqual([
      {
        campaign_id: campaign.id,
        old_bid_cpm_usd: 2,
        new_bid_cpm_usd: 1.6,
        reason: "cpa_above_target: observed 15 USD, target 10 USD, 10 conversions",
      },
    ]);
    // recorded in the change history with the bid adjustment: the controller, its reasoning, USD before and after
    expect(await changesOf(campaign.id)).toEqual([
      expect.objectContaining({
        advertiserId: campaign.advertiserId,
        atMs: BigInt(NOV_22_NOON),
        actorType: "system",
        actorId: "cpa_controller",
        actorName: "Target-CPA controller",
        operation: "adjustBid",
        targetType: "campaign",
        targetId: campaign.id,
        reason: "cpa_above_target: observed 15 USD, target 10 USD, 10 conversions",
        fields: { bid_cpm_usd: { from: 2, to: 1.6 } },
      }),
    ]);
    // not again before the minimum interval
    expect(await runCpaController(NOV_22_NOON + 10 * 60_000)).toEqual([]);
  });

  it("steps up when the CPA is below target, up to the ceiling, and never below the highest floor", async () => {
    const cheap = await withResults(10, 20, 10, 2);
    const low = await withResults(1, 500, 10, 0.55);
    await runCpaController(NOV_22_NOON);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: cheap.id } })).bidCpmMicros).toBe(usdToMicros(2.4));
    // 0.55 * 0.8 = 0.44 is below bet_resolved's 0.50 floor
    expect((await db().campaign.findUniqueOrThrow({ where: { id: low.id } })).bidCpmMicros).toBe(usdToMicros(0.5));
  });

  it("leaves campaigns without a target, without evidence, or not active alone", async () => {
    const none = await withResults(null, 500, 1);
    const young = await withResults(10, 5, 0);
    const paused = await withResults(10, 500, 10);
    await db().campaign.update({ where: { id: paused.id }, data: { status: "paused" } });
    expect(await runCpaController(NOV_22_NOON)).toEqual([]);
    for (const id of [none.id, young.id, paused.id]) {
      expect(await db().bidAdjustment.count({ where: { campaignId: id } })).toBe(0);
      expect(await changesOf(id)).toEqual([]);
    }
  });
});
