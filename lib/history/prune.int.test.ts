// both databases: history
// The change history keeps 400 days (docs/decisions/1008): the pruner deletes
// rows older than that, in chunks, and nothing younger.
import { describe, expect, it } from "vitest";
import { DAY_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { CHANGE_RETENTION_DAYS, recordChange, SYSTEM_ACTORS } from "./changes";
import { pruneChanges } from "./prune";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe("pruneChanges", () => {
  it("deletes the changes older than the retention, a chunk at a time, and keeps the rest", async () => {
    expect(CHANGE_RETENTION_DAYS).toBeGreaterThanOrEqual(400);
    const adv = await createTestAdvertiser("Prune Co");
    await db().change.deleteMany({});
    const ages = [CHANGE_RETENTION_DAYS + 30, CHANGE_RETENTION_DAYS + 1, CHANGE_RETENTION_DAYS + 1, 399, 10, 0];
    for (const [index, days] of ages.entries()) {
      await db().$transaction((tx) =>
        recordChange(tx, {
          advertiserId: adv.advertiserId,
          atMs: NOW - days * DAY_MS - index,
          actor: SYSTEM_ACTORS.lifecycle,
          operation: "endCampaign",
          target: { type: "campaign", id: `cmp_${index}` },
          fields: { status: { from: "active", to: "ended" } },
          reason: "end_date",
        }),
      );
    }
    expect(await pruneChanges(db(), NOW, 2)).toBe(3);
    const left = await db().change.findMany({ orderBy: { atMs: "asc" }, select: { targetId: true } });
    expect(left.map((row) => row.targetId)).toEqual(["cmp_3", "cmp_4", "cmp_5"]);
    expect(await pruneChanges(db(), NOW)).toBe(0);
  });
});
