// both databases: conditional updates under concurrency
// retryCampaignChange: a write that finds the row moved is decided again on
// the fresh row, at most three times, then 409 conflict; nothing to write
// answers the row as it is.
import { describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { campaignView } from "@/test/campaigns";
import { createTestCampaign } from "@/test/factories/campaigns";
import { retryCampaignChange } from "./retry-campaign-change";

const NOW = "2026-03-10T12:00:00.000Z";

async function campaign() {
  const adv = await createTestAdvertiser();
  return createTestCampaign({ advertiserId: adv.advertiserId, name: "Before" });
}

describe("retryCampaignChange", () => {
  it("answers the row as read when there is nothing to write", async () => {
    const row = await campaign();
    const detail = campaignView(await retryCampaignChange(row.id, fixedClock(NOW), async () => ({ row })));
    expect(detail).toMatchObject({ id: row.id, name: "Before" });
  });

  it("decides again when the row moved, and writes at the clock's instant", async () => {
    const row = await campaign();
    const seen: Date[] = [];
    const detail = await retryCampaignChange(row.id, fixedClock(NOW), async (now) => {
      seen.push(now);
      const fresh = await db().campaign.findUniqueOrThrow({ where: { id: row.id } });
      // the first decision is overtaken by a concurrent change (the version moves on)
      if (seen.length === 1) await db().campaign.update({ where: { id: row.id }, data: { version: { increment: 1 } } });
      return {
        row: fresh,
        write: async (tx) => {
          const result = await tx.campaign.updateMany({
            where: { id: row.id, version: fresh.version },
            data: { name: "After", version: { increment: 1 }, updatedAt: now },
          });
          return result.count === 1;
        },
      };
    });
    expect(seen).toEqual([new Date(NOW), new Date(NOW)]);
    expect(campaignView(detail)).toMatchObject({ name: "After", updated_at: NOW });
  });

  it("gives up with 409 conflict after three tries, having written nothing", async () => {
    const row = await campaign();
    let tries = 0;
    const attempt = retryCampaignChange(row.id, undefined, async () => {
      tries += 1;
      return { row, write: async () => false };
    });
    await expect(attempt).rejects.toMatchObject({ code: "conflict" });
    expect(tries).toBe(3);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: row.id } })).name).toBe("Before");
  });
});
