// both databases: the delivery stores' transactions
// The delivery store's transactions on the run's database: a moment decides once on
// the committed state its locks guard and writes it whole or not at all
// (DeliveryStore.commitMoment, docs/decisions/0408); on PostgreSQL it waits for whoever
// holds its users or campaigns and reads what they committed, and batches report the
// insert that failed.
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pgPoolConfig } from "@/lib/db/adapters";
import { db, dbKind } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createDeliveryStore } from "@/lib/delivery/engine/engine-instance";
import { EVENTS_PER_ROW, outboxEvents } from "@/lib/webhooks/outbox";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { countAuctions, deliveryCampaign, NOV_22_NOON, resetDeliveryTables } from "@/test/delivery-engine";
import { until } from "@/test/until";
import type { DeliveryStore, ImpressionRecord, MomentLocks, MomentState, MomentWrites } from "./delivery-store";
import { COPY_FROM_CHARS, COPY_FROM_ROWS } from "./pg-store";

const DAY = "2026-11-22";

async function campaignWithBudget(totalBudgetUsd: number) {
  const advertiser = await createTestAdvertiser();
  const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId, totalBudgetUsd });
  return { advertiserId: advertiser.advertiserId, campaignId: campaign.id, creativeId: campaign.creatives[0]!.id };
}

type Target = Awaited<ReturnType<typeof campaignWithBudget>>;

/** One impression of 3,000 micros of `target` for each user (`prefix` keeps ids apart). */
function impressions(target: Target, users: readonly string[], prefix = "now"): ImpressionRecord[] {
  return users.map((userId, index) => ({
    impressionId: `imp_${prefix}_${index}`,
    clickId: `clk_${prefix}_${index}`,
    advertiserId: target.advertiserId,
    campaignId: target.campaignId,
    creativeId: target.creativeId,
    momentType: "close_game",
    sport: "nba",
    gameId: "game-1",
    userId,
    region: null,
    bidders: 2,
    winningBidMicros: 5_000_000,
    clearingCpmMicros: 3_000_000,
    costMicros: 3_000,
    servedAtMs: NOV_22_NOON,
    sandbox: false,
    emitEvent: false,
  }));
}

const locks = (
  users: readonly string[],
  campaignIds: readonly string[],
  advertiserIds: readonly string[] = [],
): MomentLocks => ({
  users,
  gameId: "game-1",
  campaignIds,
  advertiserIds,
  nowMs: NOV_22_NOON,
});

/** A moment that records the state it was decided on and writes `writes`. */
async function commitRecording(
  store: DeliveryStore,
  momentLocks: MomentLocks,
  writes: MomentWrites,
): Promise<MomentState> {
  let seen: MomentState | undefined;
  await store.commitMoment(momentLocks, (state) => {
    seen = state;
    return writes;
  });
  return seen!;
}

describe("the delivery store's moments", () => {
  let store: DeliveryStore;
  beforeEach(async () => {
    await resetDeliveryTables();
    store = createDeliveryStore();
  });
  afterEach(() => store.close());

  it("decides on the campaigns' committed counters and budgets, and writes what it decided", async () => {
    const target = await campaignWithBudget(1);
    // another instance spent and the budget was lowered, both unknown to this instance's index
    await db().campaign.update({
      where: { id: target.campaignId },
      data: { spendMicros: 40_000n, spendDay: DAY, daySpendMicros: 40_000n, totalBudgetMicros: 50_000n },
    });
    const users = ["bettor-1", "bettor-2"];
    const state = await commitRecording(store, locks(users, [target.campaignId, "cmp_gone"]), {
      impressions: impressions(target, users),
      auctions: [
        {
          momentType: "close_game",
          sport: "nba",
          outcome: "no_fill",
          bidders: 0,
          occurredAtMs: NOV_22_NOON,
          sandbox: false,
        },
      ],
    });
    expect(state.campaigns).toEqual([
      {
        id: target.campaignId,
        status: "active",
        spendMicros: 40_000,
        spendDay: DAY,
        daySpendMicros: 40_000,
        totalBudgetMicros: 50_000,
        dailyBudgetMicros: expect.any(Number),
      },
    ]);
    // no other instance alerted these users
    expect([...state.cappedUsers]).toEqual([]);
    const row = await db().campaign.findUniqueOrThrow({ where: { id: target.campaignId } });
    expect(row.spendMicros).toBe(46_000n);
    expect(await db().impression.count()).toBe(2);
    expect(await countAuctions()).toBe(3);
  });

  it("fails whole when what it decided does not fit what it read, and serves the next moment", async () => {
    const target = await campaignWithBudget(0.005);
    await db().campaign.update({ where: { id: target.campaignId }, data: { spendMicros: 5_000n } });
    const users = ["bettor-1"];
    await expect(
      commitRecording(store, locks(users, [target.campaignId]), {
        impressions: impressions(target, users),
        auctions: [],
      }),
    ).rejects.toThrow(`a moment's spend on ${target.campaignId} was refused under its lock`);
    expect(await db().impression.count()).toBe(0);
    expect(await countAuctions()).toBe(0);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: target.campaignId } })).spendMicros).toBe(5_000n);
    const next = await campaignWithBudget(1);
    await commitRecording(store, locks(users, [next.campaignId]), {
      impressions: impressions(next, users, "next"),
      auctions: [],
    });
    expect(await db().impression.count()).toBe(1);
  });

  it("rolls a failed insert back whole: no row, no spend", async () => {
    const target = await campaignWithBudget(1);
    const [first] = impressions(target, ["bettor-1"]);
    // the same impression id twice
    const twice = [first!, { ...first!, clickId: "clk_other", userId: "bettor-2" }];
    await expect(
      commitRecording(store, locks(["bettor-1", "bettor-2"], [target.campaignId]), {
        impressions: twice,
        auctions: [],
      }),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(await db().impression.count()).toBe(0);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: target.campaignId } })).spendMicros).toBe(0n);
  });
});

describe.runIf(dbKind() === "postgresql")("the PostgreSQL delivery store beside other instances", () => {
  let store: DeliveryStore;
  let other: pg.Client;
  beforeAll(async () => {
    other = new pg.Client(pgPoolConfig(env().DATABASE_URL));
    await other.connect();
  });
  afterAll(() => other.end());
  beforeEach(async () => {
    await resetDeliveryTables();
    store = createDeliveryStore();
  });
  afterEach(async () => {
    // a test that failed may have left the other session's transaction open
    await other.query("ROLLBACK");
    await store.close();
  });

  /** Until the database shows a lock request of this kind waiting. */
  const waitingFor = (locktype: "advisory" | "transactionid" | "tuple") =>
    until(async () => {
      const { rows } = await other.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_locks WHERE locktype = $1 AND NOT granted",
        [locktype],
      );
      return Number(rows[0]!.n) > 0;
    }, 5);

  it("waits for a transaction holding one of its users, and counts the alerts it committed", async () => {
    const target = await campaignWithBudget(1);
    const late = "alerted-meanwhile";
    // another instance's transaction holds the user and has alerted them 5 times in this game, uncommitted
    await other.query("BEGIN");
    await other.query("SELECT pg_advisory_xact_lock(403, (hashtextextended($1, 0) & 1023)::int)", [late]);
    await other.query(
      `INSERT INTO impressions (id, click_id, advertiser_id, campaign_id, creative_id, moment_type, sport, game_id,
         user_id, clearing_cpm_micros, cost_micros, served_at_ms)
       SELECT 'imp_meanwhile_' || g, 'clk_meanwhile_' || g, $1, $2, $3, 'close_game', 'nba', 'game-1', $4, 3000000, 3000,
         $5::bigint - g * 60000 FROM generate_series(1, 5) AS g`,
      [target.advertiserId, target.campaignId, target.creativeId, late, NOV_22_NOON],
    );
    const users = [late, "not-alerted"];
    const decided = commitRecording(store, locks(users, [target.campaignId]), { impressions: [], auctions: [] });
    await waitingFor("advisory");
    await other.query("COMMIT");
    expect([...(await decided).cappedUsers]).toEqual([late]);
  });

  it("waits for a transaction holding one of its campaigns, and decides on the spend it committed", async () => {
    const target = await campaignWithBudget(1);
    await other.query("BEGIN");
    await other.query("UPDATE campaigns SET spend_micros = 990000 WHERE id = $1", [target.campaignId]);
    const decided = commitRecording(store, locks(["bettor-1"], [target.campaignId]), { impressions: [], auctions: [] });
    await waitingFor("transactionid");
    await other.query("COMMIT");
    expect((await decided).campaigns.map((campaign) => campaign.spendMicros)).toEqual([990_000]);
  });

  it("finds the users other instances put at a cap: the game's alerts within a day, the rest within the hour", async () => {
    const target = await campaignWithBudget(1000);
    const minutes = (count: number, from: number, step: number) =>
      Array.from({ length: count }, (_, i) => from + i * step);
    let sequence = 0;
    const alerts = (userId: string, agos: number[], game?: (index: number) => string): ImpressionRecord[] =>
      agos.map((ago, index) => ({
        ...impressions(target, [userId], `seen${(sequence += 1)}`)[0]!,
        gameId: game ? game(index) : "game-1",
        servedAtMs: NOV_22_NOON - ago * 60_000,
      }));
    const seen = [
      ...alerts("capped-by-game", minutes(5, 90, 60)),
      ...alerts("capped-by-hour", minutes(10, 2, 5), (index) => `game-${index + 2}`),
      ...alerts("capped-by-both-in-hour", minutes(3, 1, 1)),
      ...alerts("capped-by-both-in-hour", minutes(7, 10, 5), (index) => `game-${index + 2}`),
      // 4 in the game, 5 others in the hour, 20 others earlier in the day (no cap of this moment counts them)
      ...alerts("still-open", minutes(4, 120, 60)),
      ...alerts("still-open", minutes(5, 2, 5), (index) => `game-${index + 2}`),
      ...alerts("still-open", minutes(20, 70, 30), (index) => `game-${index + 20}`),
      ...alerts("one-under-both", minutes(4, 1, 1)),
      ...alerts("one-under-both", minutes(5, 10, 5), (index) => `game-${index + 2}`),
    ];
    await store.commit({ impressions: seen, auctions: [], clicks: [], day: DAY, nowMs: NOV_22_NOON });
    const users = ["capped-by-game", "capped-by-hour", "capped-by-both-in-hour", "still-open", "one-under-both"];
    const state = await commitRecording(store, locks(users, []), { impressions: [], auctions: [] });
    expect([...state.cappedUsers].sort()).toEqual(["capped-by-both-in-hour", "capped-by-game", "capped-by-hour"]);
  });

  it("a moment and batches over the same users and campaigns commit side by side, never deadlocked", async () => {
    const target = await campaignWithBudget(1000);
    const users = Array.from({ length: 300 }, (_, index) => `bettor-${index}`);
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 4; round++) {
      work.push(
        commitRecording(store, locks(users, [target.campaignId]), {
          impressions: impressions(target, users.slice(round * 50, round * 50 + 50), `moment${round}`),
          auctions: [],
        }),
        store.commit({
          impressions: impressions(target, [users[round]!, users[299 - round]!], `batch${round}`),
          auctions: [],
          clicks: [],
          day: DAY,
          nowMs: NOV_22_NOON,
        }),
      );
    }
    await Promise.all(work);
    expect(await db().impression.count()).toBe(4 * 50 + 4 * 2);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: target.campaignId } })).spendMicros).toBe(
      BigInt(208 * 3_000),
    );
  });

  it("reports the insert that failed, not the statements that followed it into the aborted transaction", async () => {
    // inserts are sent without waiting for their answers; here the impressions fail (one id twice), and
    // the budget mark the spend calls for is then refused as "current transaction is aborted"
    const target = await campaignWithBudget(0.01);
    const [first] = impressions(target, ["bettor-1"]);
    await expect(
      store.commit({
        impressions: [first!, { ...first!, clickId: "clk_2", userId: "bettor-2" }],
        auctions: [],
        clicks: [],
        day: DAY,
        nowMs: NOV_22_NOON,
      }),
    ).rejects.toThrow(/duplicate key value violates unique constraint "impressions_pkey"/);
    const after = await db().campaign.findUniqueOrThrow({ where: { id: target.campaignId } });
    expect(after.spendMicros).toBe(0n);
    expect(after.budget50At).toBeNull();
    expect(await db().impression.count()).toBe(0);
  });

  it("reports a failed COPY of a large batch, and the COPY after it ends too (nothing waits forever)", async () => {
    const target = await campaignWithBudget(1000);
    const users = Array.from({ length: COPY_FROM_ROWS }, (_, index) => `bettor-${index}`);
    // the last one repeats the first one's id
    const rows = impressions(target, users).map((impression, index) => ({
      ...impression,
      impressionId: `imp_${index % (COPY_FROM_ROWS - 1)}`,
    }));
    await expect(
      store.commit({ impressions: rows, auctions: [], clicks: [], day: DAY, nowMs: NOV_22_NOON }),
    ).rejects.toThrow(/duplicate key value violates unique constraint "impressions_pkey"/);
    expect(await db().impression.count()).toBe(0);
    expect(await countAuctions()).toBe(0);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: target.campaignId } })).spendMicros).toBe(0n);
  });

  it("writes packed impression events of 64 KiB and more through COPY whole, escapes included", async () => {
    const target = await campaignWithBudget(1000);
    const users = Array.from({ length: 8 * EVENTS_PER_ROW }, (_, index) => `bettor-${index}`);
    // ids with a quote and a backslash: escaped once in the events' JSON, and again in COPY's text
    const rows = impressions(target, users).map((impression, index) => ({
      ...impression,
      impressionId: `imp_${index}_"q\\b`,
      emitEvent: true,
    }));
    await store.commit({ impressions: rows, auctions: [], clicks: [], day: DAY, nowMs: NOV_22_NOON });
    const outbox = await db().outboxEvent.findMany({ where: { type: "impression.served" }, orderBy: { id: "asc" } });
    expect(outbox).toHaveLength(8);
    expect(outbox.reduce((chars, row) => chars + row.data.length, 0)).toBeGreaterThanOrEqual(COPY_FROM_CHARS);
    const events = outbox.flatMap((row) => outboxEvents(row));
    expect(
      events.map((event) => (JSON.parse(event.dataJson) as { impression_id: string }).impression_id).sort(),
    ).toEqual(rows.map((impression) => impression.impressionId).sort());
  });
});
