// The writer's side of a moment whose transaction the store began before its
// auctions (DeliveryStore.openMoment, decision 0408): it may begin only while no
// commit of this writer is under way (a batch of its own would otherwise wait on
// the moment's locks while the moment waits behind it), and the opened moment is
// committed before anything queued beside it.
import { describe, expect, it } from "vitest";
import { pino } from "pino";
import type { BatchResult, DeliveryStore, ImpressionRecord, OpenedMoment, WriteBatch } from "../records";
import { DeliveryWriter } from "./writer";

function impression(userId: string): ImpressionRecord {
  return {
    impressionId: `imp_${userId}`,
    clickId: `clk_${userId}`,
    advertiserId: "adv_1",
    campaignId: "cmp_1",
    creativeId: "cr_1",
    momentType: "close_game",
    sport: "nba",
    gameId: "game-1",
    userId,
    bidders: 2,
    winningBidMicros: 5_000_000,
    clearingCpmMicros: 3_000_000,
    costMicros: 3_000,
    servedAtMs: 0,
    sandbox: false,
    emitEvent: false,
  };
}

/** A store whose commits wait until the test lets them go; it records what each commit held. */
function heldStore() {
  const committed: string[] = [];
  const waiting: (() => void)[] = [];
  const store = {
    kind: "postgresql",
    openMoment: ({ users }: { users: readonly string[] }): OpenedMoment => ({
      users: new Set(users),
      abandon() {},
    }),
    commit: (batch: WriteBatch): Promise<BatchResult> =>
      new Promise((resolve) => {
        waiting.push(() => {
          committed.push(
            `${batch.moment ? (batch.moment.opened ? "opened moment" : "moment") : "singles"} ${batch.impressions.map((i) => i.userId).join(",")}`,
          );
          resolve({ impressions: batch.impressions.map(() => "accepted"), clicks: [], campaigns: [], ended: [] });
        });
      }),
  } as unknown as DeliveryStore;
  /** lets the oldest waiting commit finish, once there is one */
  const release = async () => {
    while (!waiting.length) await new Promise((resolve) => setImmediate(resolve));
    waiting.shift()!();
  };
  /** resolves once a commit has begun and waits */
  const begun = async () => {
    while (!waiting.length) await new Promise((resolve) => setImmediate(resolve));
  };
  return { store, committed, release, begun };
}

const moment = (userId: string, opened?: OpenedMoment) => ({
  impressions: [impression(userId)],
  auctions: [],
  moment: { rebid: () => ({ impressions: [], auctions: [] }), campaignIds: [], opened },
});

describe("a moment begun before its auctions, in the writer", () => {
  it("begins only while no commit of the writer is under way", async () => {
    const { store, release, begun } = heldStore();
    const writer = new DeliveryWriter(store, { clock: () => 0, log: pino({ level: "silent" }) });
    const single = writer.submitImpression(impression("u1"));
    // taken from the queue and being committed: nothing is pending, a commit is under way
    await begun();
    expect(writer.pending).toBe(0);
    expect(writer.openMoment({ users: ["u2"], gameId: "game-1", nowMs: 0 })).toBeUndefined();
    await release();
    await single;
    expect(writer.openMoment({ users: ["u2"], gameId: "game-1", nowMs: 0 })).toBeDefined();
  });

  it("commits the opened moment before the single decisions queued beside it, even after a moment went last", async () => {
    const { store, committed, release } = heldStore();
    const writer = new DeliveryWriter(store, { clock: () => 0, log: pino({ level: "silent" }) });
    const first = writer.submitMoment(moment("m1"));
    await release();
    await first;
    // a moment went last: queued single decisions would now go before a plain moment
    const opened = writer.openMoment({ users: ["m2"], gameId: "game-1", nowMs: 0 });
    expect(opened).toBeDefined();
    const single = writer.submitImpression(impression("s1"));
    const second = writer.submitMoment(moment("m2", opened));
    await release();
    await release();
    await Promise.all([single, second]);
    expect(committed).toEqual(["moment m1", "opened moment m2", "singles s1"]);
  });
});
