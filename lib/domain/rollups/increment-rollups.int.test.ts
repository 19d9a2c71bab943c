// both databases: rollups
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hourStartMs, incrementRollups } from "./increment-rollups";

describe("incrementRollups", () => {
  it("adds to the hour's row, creating it on first use, inside a transaction", async () => {
    const at = Date.UTC(2026, 10, 22, 14, 37, 12);
    await db().$transaction(async (tx) => {
      await incrementRollups(tx, [
        {
          campaignId: "cmp_a",
          creativeId: "cr_a",
          momentType: "overtime",
          sport: "nba",
          atMs: at,
          impressions: 1,
          spendMicros: 350n,
        },
        {
          campaignId: "cmp_a",
          creativeId: "cr_a",
          momentType: "overtime",
          sport: "nba",
          atMs: at + 60_000,
          impressions: 1,
          spendMicros: 400n,
        },
        {
          campaignId: "cmp_a",
          creativeId: "cr_a",
          momentType: "overtime",
          sport: "nba",
          atMs: at + 3_600_000,
          impressions: 1,
          spendMicros: 1n,
        },
      ]);
    });
    await incrementRollups(db(), [
      { campaignId: "cmp_a", creativeId: "cr_a", momentType: "overtime", sport: "nba", atMs: at, clicks: 1 },
      {
        campaignId: "cmp_a",
        creativeId: "cr_a",
        momentType: "overtime",
        sport: "nba",
        atMs: at,
        conversions: 1,
        conversionValueMicros: 25_000_000n,
      },
    ]);
    const rows = await db().hourlyRollup.findMany({ orderBy: { hourMs: "asc" } });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      hourMs: hourStartMs(at),
      impressions: 2n,
      clicks: 1n,
      conversions: 1n,
      spendMicros: 750n,
      conversionValueMicros: 25_000_000n,
    });
    // 14:37:12 and 14:38:12 are after minute 30 and before minute 45; so is the click and the conversion
    expect(rows[0]).toMatchObject({
      impressionsM15: 0n,
      impressionsM30: 0n,
      impressionsM45: 2n,
      spendMicrosM30: 0n,
      spendMicrosM45: 750n,
      clicksM45: 1n,
      conversionsM30: 0n,
      conversionsM45: 1n,
    });
    expect(rows[0]!.hourMs).toBe(BigInt(Date.UTC(2026, 10, 22, 14)));
    expect(rows[1]).toMatchObject({ impressions: 1n, spendMicros: 1n });
  });

  it("rolls back with its transaction", async () => {
    await expect(
      db().$transaction(async (tx) => {
        await incrementRollups(tx, [
          { campaignId: "cmp_b", creativeId: "cr_b", momentType: "overtime", sport: "nfl", atMs: 0, impressions: 5 },
        ]);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db().hourlyRollup.count({ where: { campaignId: "cmp_b" } })).toBe(0);
  });
});
