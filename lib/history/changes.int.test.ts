// both databases: history (its PostgreSQL notifications)
// The change history is written in the transaction of its change (docs/decisions/1008):
// a change that commits has its row; one refused (bad input, a transition the
// campaign cannot make, another advertiser's id) or failing inside its
// transaction (a forced fault after the history insert) leaves neither.
import { restRoute } from "@/test/rest-routes";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { campaignUpdated } from "@/lib/domain/campaigns/update-campaign";
import { db } from "@/lib/db/client";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { actorFor } from "@/test/factories/actors";
import { createTestCampaign } from "@/test/factories/campaigns";
import { call } from "@/test/http";

const { PATCH } = restRoute("/api/ads/campaigns/{id}");
const { DELETE: REVOKE_KEY } = restRoute("/api/ads/postback-keys/{id}");
const { POST: REGISTER_WEBHOOK } = restRoute("/api/ads/webhooks");

// a fault inside the transaction, after the campaign update and its history row
const fault = vi.hoisted(() => ({ outbox: false }));
vi.mock("@/lib/webhooks/outbox", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/webhooks/outbox")>();
  return {
    ...original,
    enqueueEvent: (...args: Parameters<typeof original.enqueueEvent>) => {
      if (fault.outbox) throw new Error("forced fault inside the transaction");
      return original.enqueueEvent(...args);
    },
  };
});
afterEach(() => {
  fault.outbox = false;
});

let adv: TestAdvertiser;
let headers: Record<string, string>;
beforeAll(async () => {
  adv = await createTestAdvertiser("Atomic Co");
  headers = await adv.auth();
});

const historyCount = () => db().change.count({ where: { advertiserId: adv.advertiserId } });
const patch = (id: string, body: unknown) =>
  call(PATCH, `/api/ads/campaigns/${id}`, { method: "PATCH", body, headers, params: { id } });

describe("a change and its history commit together", () => {
  it("a committed change has exactly its row", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const before = await historyCount();
    expect((await patch(campaign.id, { bid_cpm_usd: 7.5 })).status).toBe(200);
    expect(await historyCount()).toBe(before + 1);
    // a body that changes nothing records nothing
    expect((await patch(campaign.id, { bid_cpm_usd: 7.5 })).status).toBe(200);
    expect(await historyCount()).toBe(before + 1);
  });

  it("a refused input writes no row (validation: 422)", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const before = await historyCount();
    const res = await patch(campaign.id, { bid_cpm_usd: -1, name: "Would be renamed" });
    expect(res.status).toBe(422);
    const webhook = await call(REGISTER_WEBHOOK, "/api/ads/webhooks", {
      method: "POST",
      body: { url: "not a url", events: ["campaign.ended"] },
      headers,
    });
    expect(webhook.status).toBe(422);
    expect(await historyCount()).toBe(before);
  });

  it("a transition the campaign cannot make writes no row (409)", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, status: "cancelled" });
    const before = await historyCount();
    const res = await patch(campaign.id, { status: "active" });
    expect(res.status).toBe(409);
    expect(await historyCount()).toBe(before);
  });

  it("another advertiser's id writes no row (404), in neither history", async () => {
    const other = await createTestAdvertiser("Atomic Rival");
    const theirs = await createTestCampaign({ advertiserId: other.advertiserId });
    const before = [await historyCount(), await db().change.count({ where: { advertiserId: other.advertiserId } })];
    expect((await patch(theirs.id, { bid_cpm_usd: 9 })).status).toBe(404);
    const revoke = await call(REVOKE_KEY, "/api/ads/postback-keys/pbk_nothing", {
      method: "DELETE",
      headers,
      params: { id: "pbk_nothing" },
    });
    expect(revoke.status).toBe(404);
    expect([await historyCount(), await db().change.count({ where: { advertiserId: other.advertiserId } })]).toEqual(
      before,
    );
  });

  it("a fault inside the transaction, after the row was inserted, rolls back the change and its row", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const before = await historyCount();
    const bidBefore = (await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).bidCpmMicros;
    fault.outbox = true;
    await expect(
      campaignUpdated(actorFor(adv.advertiserId), { id: campaign.id, bid_cpm_usd: 8.25 } as never),
    ).rejects.toThrow("forced fault");
    fault.outbox = false;
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).bidCpmMicros).toBe(bidBefore);
    expect(await historyCount()).toBe(before);
    // the same change without the fault commits with its row
    await campaignUpdated(actorFor(adv.advertiserId), { id: campaign.id, bid_cpm_usd: 8.25 } as never);
    expect(await historyCount()).toBe(before + 1);
  });
});
