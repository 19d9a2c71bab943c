// The group commit of single decisions: what is queued in one turn of the event
// loop is one batch, what is queued while a batch commits goes in the next, and a
// store that cannot begin (StoreBusyError) is tried again until it has been busy
// for the writer's timeout, then the decisions fail with 503.
import { describe, expect, it } from "vitest";
import { pino } from "pino";
import { AppError } from "@/lib/errors";
import {
  StoreBusyError,
  type BatchResult,
  type DeliveryStore,
  type ImpressionRecord,
  type WriteBatch,
} from "../store/delivery-store";
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
    region: null,
    bidders: 2,
    winningBidMicros: 5_000_000,
    clearingCpmMicros: 3_000_000,
    costMicros: 3_000,
    servedAtMs: 0,
    sandbox: false,
    emitEvent: false,
  };
}

const accepted = (batch: WriteBatch): BatchResult => ({
  impressions: batch.impressions.map(() => "accepted"),
  clicks: [],
  campaigns: [],
  ended: [],
  accounts: [],
});

/** A store whose commits wait until the test lets them go; it records the users of each commit. */
function heldStore() {
  const committed: string[][] = [];
  const waiting: (() => void)[] = [];
  const store = {
    kind: "sqlite",
    commit: (batch: WriteBatch): Promise<BatchResult> =>
      new Promise((resolve) => {
        waiting.push(() => {
          committed.push(batch.impressions.map((i) => i.userId));
          resolve(accepted(batch));
        });
      }),
  } as unknown as DeliveryStore;
  /** lets the oldest waiting commit finish, once there is one */
  const release = async () => {
    while (!waiting.length) await new Promise((resolve) => setImmediate(resolve));
    waiting.shift()!();
  };
  return { store, committed, release };
}

const log = pino({ level: "silent" });

describe("DeliveryWriter", () => {
  it("commits what is queued in one turn together, and what is queued meanwhile in the next batch", async () => {
    const { store, committed, release } = heldStore();
    const writer = new DeliveryWriter(store, { clock: () => 0, log });
    const first = [writer.submitImpression(impression("u1")), writer.submitImpression(impression("u2"))];
    await release();
    await Promise.all(first);
    const second = [writer.submitImpression(impression("u3"))];
    await new Promise((resolve) => setImmediate(resolve));
    const third = [writer.submitImpression(impression("u4")), writer.submitImpression(impression("u5"))];
    await release();
    await release();
    await Promise.all([...second, ...third]);
    expect(committed).toEqual([["u1", "u2"], ["u3"], ["u4", "u5"]]);
    expect(writer.batches).toBe(3);
  });

  it("tries a busy store again and commits the batch once", async () => {
    let attempts = 0;
    const store = {
      kind: "sqlite",
      commit: async (batch: WriteBatch) => {
        attempts += 1;
        if (attempts < 3) throw new StoreBusyError();
        return accepted(batch);
      },
    } as unknown as DeliveryStore;
    const writer = new DeliveryWriter(store, { clock: () => 0, log });
    await expect(writer.submitImpression(impression("u1"))).resolves.toBe("accepted");
    expect(attempts).toBe(3);
    expect(writer.batches).toBe(1);
  });

  it("fails the batch's decisions with 503 once the store has been busy for the timeout", async () => {
    let now = 0;
    const store = {
      kind: "sqlite",
      commit: async () => {
        now += 400;
        throw new StoreBusyError();
      },
    } as unknown as DeliveryStore;
    const writer = new DeliveryWriter(store, { clock: () => now, log, busyTimeoutMs: 1000 });
    const refused = await writer.submitImpression(impression("u1")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "unavailable", status: 503 });
    // busy from 0: tried at 400, 800 and 1200, then given up
    expect(now).toBe(1200);
    expect(writer.batches).toBe(0);
  });
});
