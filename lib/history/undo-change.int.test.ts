// both databases: history
// Undo from the change history (docs/decisions/0702): the exact prior values come back (bid,
// budgets, status, targeting, name), the undo is a change of its own, a change the campaign has
// moved on from is refused with the reason, kinds that cannot be undone are refused, another
// advertiser's change is 404; GraphQL's undoChange and Change.undoable agree.
import { beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { campaignUpdated } from "@/lib/domain/campaigns/update-campaign";
import { usdToMicros } from "@/lib/money";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { gqlAs } from "@/test/graphql";
import { changeUndone } from "./undo-change";

const NOW = "2026-11-30T12:00:00.000Z";

async function setup() {
  const adv = await createTestAdvertiser("Undo");
  const actor = actorFor(adv.advertiserId);
  const campaign = await createTestCampaign({
    advertiserId: adv.advertiserId,
    name: "Original",
    bidCpmUsd: 2.37,
    dailyBudgetUsd: 40,
    targetRegions: ["US-NJ"],
  });
  return { adv, actor, campaign };
}

async function lastChangeId(campaignId: string): Promise<string> {
  const row = await db().change.findFirstOrThrow({
    where: { campaignId },
    orderBy: [{ atMs: "desc" }, { id: "desc" }],
  });
  return row.id;
}

describe("undoChange", () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    ctx = await setup();
  });

  it("restores the exact prior values and records the undo as a change", async () => {
    const { actor, campaign } = ctx;
    await campaignUpdated(
      actor,
      {
        id: campaign.id,
        name: "Renamed",
        bid_cpm_usd: 3.1,
        daily_budget_usd: 55.5,
        target_regions: ["US-NJ", "US-PA"],
        status: "paused",
      },
      { clock: fixedClock(NOW) },
    );
    const changeId = await lastChangeId(campaign.id);
    const undone = await changeUndone(actor, changeId, { clock: fixedClock("2026-11-30T12:05:00.000Z") });
    expect(undone).toMatchObject({ name: "Original", status: "active", targetRegions: ["US-NJ"] });
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.bidCpmMicros).toBe(usdToMicros(2.37));
    expect(row.dailyBudgetMicros).toBe(usdToMicros(40));

    const undo = await db().change.findFirstOrThrow({ where: { campaignId: campaign.id, operation: "undoChange" } });
    expect(undo.reason).toBe(`undoes ${changeId}`);
    expect(JSON.parse(undo.fields)).toMatchObject({
      name: { from: "Renamed", to: "Original" },
      bid_cpm_usd: { from: 3.1, to: 2.37 },
      status: { from: "paused", to: "active" },
    });
    // the undo can be undone in turn
    await changeUndone(actor, undo.id);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).name).toBe("Renamed");
  });

  it("refuses a change the campaign has moved on from, and allows it once the later change is undone", async () => {
    const { actor, campaign } = ctx;
    await campaignUpdated(actor, { id: campaign.id, bid_cpm_usd: 3 });
    const first = await lastChangeId(campaign.id);
    await campaignUpdated(actor, { id: campaign.id, bid_cpm_usd: 4 });
    const second = await lastChangeId(campaign.id);

    await expect(changeUndone(actor, first)).rejects.toMatchObject({
      code: "conflict",
      detail: expect.stringContaining("bid_cpm_usd is 4 now, not 3 as the change left it"),
    });
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).bidCpmMicros).toBe(usdToMicros(4));
    expect(await db().change.count({ where: { campaignId: campaign.id, operation: "undoChange" } })).toBe(0);

    await changeUndone(actor, second);
    await changeUndone(actor, first);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).bidCpmMicros).toBe(
      usdToMicros(2.37),
    );
  });

  it("refuses what cannot be undone, and another advertiser's change is 404", async () => {
    const { actor, campaign } = ctx;
    await campaignUpdated(actor, { id: campaign.id, status: "ended" });
    await expect(changeUndone(actor, await lastChangeId(campaign.id))).rejects.toMatchObject({
      code: "conflict",
      detail: expect.stringContaining("cannot be undone"),
    });
    const other = await createTestAdvertiser("Other");
    const theirs = await createTestCampaign({ advertiserId: other.advertiserId });
    await campaignUpdated(actorFor(other.advertiserId), { id: theirs.id, bid_cpm_usd: 5 });
    await expect(changeUndone(actor, await lastChangeId(theirs.id))).rejects.toMatchObject({ code: "not_found" });
    await expect(changeUndone(actor, "chg_nothing")).rejects.toMatchObject({ code: "not_found" });
  });

  it("is GraphQL's undoChange, with the refusal as a user error", async () => {
    const { actor, campaign } = ctx;
    await campaignUpdated(actor, { id: campaign.id, bid_cpm_usd: 3 });
    const query = `
      query { viewer { advertiser { changes(first: 5) { nodes { id operation undoable } } } } }`;
    const listed = await gqlAs(actor, query);
    expect(listed.errors).toBeUndefined();
    const node = listed.data.viewer.advertiser.changes.nodes.find(
      (n: { operation: string }) => n.operation === "updateCampaign",
    );
    expect(node.undoable).toBe(true);
    const mutation = `
      mutation Undo($input: UndoChangeInput!) {
        undoChange(input: $input) { campaign { bidCpmUsd } userErrors { code message } }
      }`;
    const done = await gqlAs(actor, mutation, { input: { id: node.id } });
    expect(done.errors).toBeUndefined();
    expect(done.data.undoChange).toMatchObject({ campaign: { bidCpmUsd: "2.37" }, userErrors: [] });
    const again = await gqlAs(actor, mutation, { input: { id: node.id } });
    expect(again.data.undoChange.campaign).toBeNull();
    expect(again.data.undoChange.userErrors[0]).toMatchObject({ code: "CONFLICT" });
  });
});
