// The PostgreSQL store begins a moment's transaction before the engine's
// auctions run (DeliveryStore.openMoment, decision 0408): the users' lock
// buckets are taken and their alerts read while the engine decides. These tests
// hold the transaction's promises: its locks last until it ends, a failed commit
// leaves nothing, and either way the connection serves the next moment; and, with
// the plan run while the alerts are read on another connection (decision 0411), the
// same outcomes as with the alerts read first.
import net from "node:net";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pgPoolConfig } from "@/lib/db/adapters";
import { db, dbKind } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { countAuctions, deliveryCampaign, NOV_22_NOON, resetDeliveryTables } from "@/test/delivery-engine";
import { until } from "@/test/until";
import type { AuctionRecord, ImpressionRecord, OpenedMoment, WriteBatch } from "../records";
import { EVENTS_PER_ROW, outboxEvents } from "@/lib/webhooks/outbox";
import {
  AHEAD_BACKOFF,
  COPY_FROM_CHARS,
  COPY_FROM_ROWS,
  PgDeliveryStore,
  textArrayLiteral,
  type PgOpenedMoment,
} from "./pg-store";

const USERS = ["bettor-1", "bettor-2", 'o\'neil \\ "quoted"'];

/** whether another session could take the lock bucket of `user` now (it lets go at once) */
async function bucketFree(other: pg.Client, user: string): Promise<boolean> {
  const result = await other.query<{ free: boolean }>(
    `SELECT pg_try_advisory_lock(403, (hashtextextended($1, 0) & 1023)::int) AS free`,
    [user],
  );
  const free = result.rows[0]!.free;
  if (free) await other.query(`SELECT pg_advisory_unlock(403, (hashtextextended($1, 0) & 1023)::int)`, [user]);
  return free;
}

/** A no-fill auction; auctions of different bidders counts are rows of their own. */
function auction(bidders: number): AuctionRecord {
  return {
    momentType: "close_game",
    sport: "nba",
    outcome: "no_fill",
    bidders,
    occurredAtMs: NOV_22_NOON,
    sandbox: false,
  };
}

function filledImpression(advertiserId: string, campaignId: string, creativeId: string): ImpressionRecord {
  return {
    impressionId: "imp_twice",
    clickId: "clk_1",
    advertiserId,
    campaignId,
    creativeId,
    momentType: "close_game",
    sport: "nba",
    gameId: "game-1",
    userId: "bettor-1",
    bidders: 2,
    winningBidMicros: 5_000_000,
    clearingCpmMicros: 3_000_000,
    costMicros: 3_000,
    servedAtMs: NOV_22_NOON,
    sandbox: false,
    emitEvent: false,
  };
}

function momentBatch(auctions: AuctionRecord[], opened: OpenedMoment | undefined): WriteBatch {
  return {
    impressions: [],
    auctions,
    clicks: [],
    day: "2026-11-22",
    nowMs: NOV_22_NOON,
    moment: { rebid: () => ({ impressions: [], auctions: [] }), campaignIds: [], opened },
  };
}

// every test twice: with the moment's plan run while its alerts are read on another
// connection (decision 0411), and with the alerts read in its transaction first
/** One impression of `base` for each user, ids `${prefix}${index}`. */
function impressionsFor(base: ImpressionRecord, users: readonly string[], prefix: string): ImpressionRecord[] {
  return users.map((userId, index) => ({
    ...base,
    impressionId: `imp_${prefix}${index}`,
    clickId: `clk_${prefix}${index}`,
    userId,
  }));
}

/**
 * A moment batch of `impressions` on `campaignId` whose rebid records each call's refused
 * impression ids (in `rebids`) and answers `auctions` for them.
 */
function rebidRecordingBatch(
  opened: OpenedMoment,
  impressions: ImpressionRecord[],
  campaignId: string,
  auctions: AuctionRecord[] = [],
): { batch: WriteBatch; rebids: string[][] } {
  const rebids: string[][] = [];
  const batch = momentBatch([], opened);
  return {
    rebids,
    batch: {
      ...batch,
      impressions,
      moment: {
        ...batch.moment!,
        campaignIds: [campaignId],
        rebid: (refused) => {
          rebids.push(refused.map((impression) => impression.impressionId));
          return { impressions: [], auctions };
        },
      },
    },
  };
}

describe.runIf(dbKind() === "postgresql").each([
  { planAhead: true, reads: "on another connection, the plan run ahead" },
  { planAhead: false, reads: "in its transaction, before the plan" },
])("the PostgreSQL delivery store's transactions (alerts read $reads)", ({ planAhead }) => {
  let store: PgDeliveryStore;
  let other: pg.Client;
  /**
   * A moment opened once the store's moment connection is idle again (and, planning
   * ahead, its alerts reader too: the first moments open both).
   */
  const openWhenIdle = async (users: readonly string[] = USERS): Promise<OpenedMoment> => {
    let opened: PgOpenedMoment | undefined;
    await until(() => {
      opened = store.openMoment({ users, gameId: "game-1", nowMs: NOV_22_NOON }) as PgOpenedMoment | undefined;
      if (!opened || opened.ahead === planAhead) return opened !== undefined;
      opened.abandon();
      return false;
    }, 5);
    return opened!;
  };

  beforeAll(async () => {
    other = new pg.Client(pgPoolConfig(env().DATABASE_URL));
    await other.connect();
  });
  afterAll(() => other.end());
  // a store of its own for each test: one whose plan ahead was undone reads the next moments' alerts first
  beforeEach(async () => {
    await resetDeliveryTables();
    store = new PgDeliveryStore(env().DATABASE_URL, { planAhead });
  });
  afterEach(async () => {
    // a test that failed may have left the other session's transaction open
    await other.query("ROLLBACK");
    await store.close();
  });

  it("holds its users' locks from its start until it is abandoned, then serves the next moment", async () => {
    expect(await bucketFree(other, USERS[2]!)).toBe(true);
    const opened = await openWhenIdle();
    expect([...opened.users]).toEqual(USERS);
    // the locks come with the query the store sent; nothing else of this test holds them
    await until(async () => !(await bucketFree(other, USERS[2]!)), 5);
    expect(await bucketFree(other, USERS[0]!)).toBe(false);
    opened.abandon();
    await until(() => bucketFree(other, USERS[2]!), 5);
    expect(await bucketFree(other, USERS[0]!)).toBe(true);
    const next = await openWhenIdle();
    await until(async () => !(await bucketFree(other, USERS[0]!)), 5);
    next.abandon();
  });

  it("writes a user list as one array literal PostgreSQL reads back as sent, escaped only when it must be", async () => {
    const plain = ["u-1", "a b", "comma,brace{}", "NULL", "", "ümlaut 🏈", "tab\there"];
    const odd = [...plain, 'quote"', "apostrophe's", "back\\slash", "\\N"];
    for (const values of [plain, odd]) {
      const { rows } = await other.query<{ a: string[] }>(`SELECT ${textArrayLiteral(other, values)} AS a`);
      expect(rows[0]!.a).toEqual(values);
    }
    // the list without quotes or backslashes is written as it is
    expect(textArrayLiteral(other, ["a", "b c"])).toBe(`'{"a","b c"}'::text[]`);
  });

  it("commits the moment in the transaction it began, and lets go of the users at commit", async () => {
    const opened = await openWhenIdle();
    await store.commit(momentBatch([auction(0), auction(1), auction(1)], opened));
    expect(
      await db().auction.findMany({ select: { bidders: true, auctionCount: true }, orderBy: { bidders: "asc" } }),
    ).toEqual([
      { bidders: 0, auctionCount: 1 },
      { bidders: 1, auctionCount: 2 },
    ]);
    expect(await bucketFree(other, USERS[1]!)).toBe(true);
    // taken: abandoning a committed moment changes nothing
    opened.abandon();
    expect(await db().auction.count()).toBe(2);
  });

  it("rolls a failed commit back whole and keeps serving moments", async () => {
    const opened = await openWhenIdle();
    const advertiser = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId });
    const record = filledImpression(advertiser.advertiserId, campaign.id, campaign.creatives[0]!.id);
    // the same impression id twice: the insert fails after the auctions' rows were sent
    const failing = {
      ...momentBatch([auction(0)], opened),
      impressions: [record, { ...record, clickId: "clk_2", userId: "bettor-2" }],
    };
    await expect(store.commit(failing)).rejects.toThrow(/duplicate key/);
    expect(await db().auction.count()).toBe(0);
    expect(await db().impression.count()).toBe(0);
    expect(await bucketFree(other, USERS[0]!)).toBe(true);
    const next = await openWhenIdle();
    await store.commit(momentBatch([auction(3)], next));
    expect(await db().auction.findMany({ select: { bidders: true } })).toEqual([{ bidders: 3 }]);
  });

  it("reports the insert that failed, not the statements that followed it into the aborted transaction", async () => {
    // inserts are sent without waiting for their answers; here the impressions fail (one id twice), and
    // the budget mark the spend calls for is then refused as "current transaction is aborted"
    const advertiser = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId, totalBudgetUsd: 0.01 });
    const record = filledImpression(advertiser.advertiserId, campaign.id, campaign.creatives[0]!.id);
    const batch: WriteBatch = {
      impressions: [record, { ...record, clickId: "clk_2", userId: "bettor-2" }],
      auctions: [],
      clicks: [],
      day: "2026-11-22",
      nowMs: NOV_22_NOON,
    };
    await expect(store.commit(batch)).rejects.toThrow(
      /duplicate key value violates unique constraint "impressions_pkey"/,
    );
    const after = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(after.spendMicros).toBe(0n);
    expect(after.budget50At).toBeNull();
    expect(await db().impression.count()).toBe(0);
  });

  it("reports a failed COPY of a large batch, and the COPY after it ends too (nothing waits forever)", async () => {
    const advertiser = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId });
    const impressions = Array.from({ length: COPY_FROM_ROWS }, (_, index) => ({
      ...filledImpression(advertiser.advertiserId, campaign.id, campaign.creatives[0]!.id),
      // the last one repeats the first one's id
      impressionId: `imp_${index % (COPY_FROM_ROWS - 1)}`,
      clickId: `clk_${index}`,
      userId: `bettor-${index}`,
    }));
    await expect(
      store.commit({ impressions, auctions: [], clicks: [], day: "2026-11-22", nowMs: NOV_22_NOON }),
    ).rejects.toThrow(/duplicate key value violates unique constraint "impressions_pkey"/);
    expect(await db().impression.count()).toBe(0);
    expect(await db().auction.count()).toBe(0);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).spendMicros).toBe(0n);
  });

  it("writes packed impression events of 64 KiB and more through COPY whole, escapes included", async () => {
    const advertiser = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId });
    // ids with a quote and a backslash: escaped once in the events' JSON, and again in COPY's text
    const impressions = Array.from({ length: 8 * EVENTS_PER_ROW }, (_, index) => ({
      ...filledImpression(advertiser.advertiserId, campaign.id, campaign.creatives[0]!.id),
      impressionId: `imp_${index}_"q\\b`,
      clickId: `clk_${index}`,
      userId: `bettor-${index}`,
      emitEvent: true,
    }));
    await store.commit({ impressions, auctions: [], clicks: [], day: "2026-11-22", nowMs: NOV_22_NOON });
    const rows = await db().outboxEvent.findMany({ where: { type: "impression.served" }, orderBy: { id: "asc" } });
    expect(rows).toHaveLength(8);
    expect(rows.reduce((chars, row) => chars + row.data.length, 0)).toBeGreaterThanOrEqual(COPY_FROM_CHARS);
    const events = rows.flatMap((row) => outboxEvents(row));
    expect(
      events.map((event) => (JSON.parse(event.dataJson) as { impression_id: string }).impression_id).sort(),
    ).toEqual(impressions.map((impression) => impression.impressionId).sort());
  });

  it("re-checks a moment's caps against the alerts other instances committed: the game's within a day, the rest within the hour", async () => {
    const advertiser = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId });
    const base = filledImpression(advertiser.advertiserId, campaign.id, campaign.creatives[0]!.id);
    let sequence = 0;
    const alert = (userId: string, gameId: string, minutesAgo: number): ImpressionRecord => {
      sequence += 1;
      return {
        ...base,
        impressionId: `imp_seen_${sequence}`,
        clickId: `clk_seen_${sequence}`,
        userId,
        gameId,
        servedAtMs: NOV_22_NOON - minutesAgo * 60_000,
      };
    };
    const minutes = (count: number, from: number, step: number) =>
      Array.from({ length: count }, (_, i) => from + i * step);
    // committed as another instance would: "game-1" 5 times in the last day for one bettor, 10 other
    // games in the last hour for another, 3 of "game-1" and 7 others in the hour for a third; for a
    // fourth 4 of "game-1" plus 5 other games in the hour and 20 other games earlier in the day (which
    // no cap of this moment counts), and for a fifth 4 of "game-1" and 5 others, all in the hour
    const seen = [
      ...minutes(5, 90, 60).map((ago) => alert("capped-by-game", "game-1", ago)),
      ...minutes(10, 2, 5).map((ago, index) => alert("capped-by-hour", `game-${index + 2}`, ago)),
      ...minutes(3, 1, 1).map((ago) => alert("capped-by-both-in-hour", "game-1", ago)),
      ...minutes(7, 10, 5).map((ago, index) => alert("capped-by-both-in-hour", `game-${index + 2}`, ago)),
      ...minutes(4, 120, 60).map((ago) => alert("still-open", "game-1", ago)),
      ...minutes(5, 2, 5).map((ago, index) => alert("still-open", `game-${index + 2}`, ago)),
      ...minutes(20, 70, 30).map((ago, index) => alert("still-open", `game-${index + 20}`, ago)),
      ...minutes(4, 1, 1).map((ago) => alert("one-under-both", "game-1", ago)),
      ...minutes(5, 10, 5).map((ago, index) => alert("one-under-both", `game-${index + 2}`, ago)),
    ];
    await store.commit({ impressions: seen, auctions: [], clicks: [], day: "2026-11-22", nowMs: NOV_22_NOON });
    const users = ["capped-by-game", "capped-by-hour", "capped-by-both-in-hour", "still-open", "one-under-both"];
    const opened = await openWhenIdle(users);
    const now = users.map((userId) => ({ ...alert(userId, "game-1", 0), servedAtMs: NOV_22_NOON }));
    const result = await store.commit({ ...momentBatch([], opened), impressions: now });
    expect(result.impressions).toEqual(["cap", "cap", "cap", "accepted", "accepted"]);
  });

  it("reads the users' alerts only once it holds them: alerts a transaction holding a user committed meanwhile count", async () => {
    const advertiser = await createTestAdvertiser();
    // two impressions fit the budget (3,000 micros each against 5,000): without the late user's cap, the third is refused
    const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId, totalBudgetUsd: 0.005 });
    const base = filledImpression(advertiser.advertiserId, campaign.id, campaign.creatives[0]!.id);
    const late = "alerted-meanwhile";
    // the store's connections open with a first moment, before the user is held
    (await openWhenIdle(["warm-up"])).abandon();
    // another instance's transaction holds the user and has alerted them 5 times in this game, uncommitted
    await other.query("BEGIN");
    await other.query("SELECT pg_advisory_xact_lock(403, (hashtextextended($1, 0) & 1023)::int)", [late]);
    await other.query(
      `INSERT INTO impressions (id, click_id, advertiser_id, campaign_id, creative_id, moment_type, sport, game_id,
         user_id, clearing_cpm_micros, cost_micros, served_at_ms)
       SELECT 'imp_meanwhile_' || g, 'clk_meanwhile_' || g, $1, $2, $3, 'close_game', 'nba', 'game-1', $4, 3000000, 3000,
         $5::bigint - g * 60000 FROM generate_series(1, 5) AS g`,
      [advertiser.advertiserId, campaign.id, base.creativeId, late, NOV_22_NOON],
    );
    const users = [late, "not-alerted-1", "not-alerted-2"];
    const opened = await openWhenIdle(users);
    // the moment waits for the user's lock; then the other transaction commits and lets go of it
    await until(async () => {
      const waiting = await other.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
      );
      return Number(waiting.rows[0]!.n) > 0;
    }, 5);
    await other.query("COMMIT");
    const { batch, rebids } = rebidRecordingBatch(opened, impressionsFor(base, users, "now_"), campaign.id);
    const result = await store.commit(batch);
    // capped by what was committed meanwhile, so the other two fit: nobody is offered again, nothing spent twice
    expect(result.impressions).toEqual(["cap", "accepted", "accepted"]);
    expect(rebids).toEqual([]);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).spendMicros).toBe(6_000n);
    expect(await db().impression.count({ where: { userId: late } })).toBe(5);
    expect(await db().impression.count({ where: { id: { startsWith: "imp_now_" } } })).toBe(2);
  });

  it("rebids the impressions a budget refused once, and spends on the campaign once", async () => {
    const advertiser = await createTestAdvertiser();
    // 3,000 micros an impression against 5,000: two fit (the second starts under the budget), the third is refused
    const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId, totalBudgetUsd: 0.005 });
    const base = filledImpression(advertiser.advertiserId, campaign.id, campaign.creatives[0]!.id);
    const opened = await openWhenIdle();
    const { batch, rebids } = rebidRecordingBatch(opened, impressionsFor(base, USERS, ""), campaign.id, [auction(1)]);
    const result = await store.commit(batch);
    expect(result.impressions).toEqual(["accepted", "accepted", "budget"]);
    expect(rebids).toEqual([["imp_2"]]);
    const stored = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(stored.spendMicros).toBe(6_000n);
    expect(await db().impression.count()).toBe(2);
    expect(await db().auction.findMany({ select: { outcome: true, auctionCount: true } })).toEqual(
      expect.arrayContaining([
        { outcome: "filled", auctionCount: 2 },
        { outcome: "no_fill", auctionCount: 1 },
      ]),
    );
  });

  it("after a plan ahead is undone, reads the next moments' alerts first, then plans ahead again", async () => {
    const advertiser = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: advertiser.advertiserId, totalBudgetUsd: 0.005 });
    const base = filledImpression(advertiser.advertiserId, campaign.id, campaign.creatives[0]!.id);
    const opened = await openWhenIdle();
    // the budget refuses the third impression: a plan ahead comes to a rebid and is undone
    await store.commit(rebidRecordingBatch(opened, impressionsFor(base, USERS, ""), campaign.id).batch);
    const ahead: boolean[] = [];
    for (let index = 0; index <= AHEAD_BACKOFF; index++) {
      let next: PgOpenedMoment | undefined;
      await until(
        () =>
          (next = store.openMoment({ users: USERS, gameId: "game-1", nowMs: NOV_22_NOON }) as
            PgOpenedMoment | undefined) !== undefined,
        5,
      );
      ahead.push(next!.ahead);
      await store.commit(momentBatch([auction(index)], next));
    }
    expect(ahead).toEqual([...Array<boolean>(AHEAD_BACKOFF).fill(false), planAhead]);
  });
});

/**
 * A TCP proxy to PostgreSQL that, like PgBouncer, announces a backend pid of its own
 * (its BackendKeyData) and otherwise passes every byte through.
 */
async function startPidRewritingProxy(target: {
  host: string;
  port: number;
}): Promise<{ port: number; close: () => void }> {
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    inbound.pipe(outbound);
    let pending = Buffer.alloc(0);
    let rewriting = true;
    outbound.on("data", (chunk: Buffer) => {
      if (!rewriting) return void inbound.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      // the server's startup messages: a type byte and a length; BackendKeyData ('K') comes before ReadyForQuery ('Z')
      let offset = 0;
      while (pending.length - offset >= 5) {
        const length = pending.readUInt32BE(offset + 1);
        if (pending.length - offset < 1 + length) break;
        const type = String.fromCharCode(pending[offset]!);
        if (type === "K") pending.writeUInt32BE(pending.readUInt32BE(offset + 5) ^ 0x5a5a, offset + 5);
        offset += 1 + length;
        if (type === "Z") {
          rewriting = false;
          break;
        }
      }
      inbound.write(pending.subarray(0, rewriting ? offset : pending.length));
      pending = pending.subarray(rewriting ? offset : pending.length);
    });
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on("error", end).on("close", end);
    outbound.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

describe.runIf(dbKind() === "postgresql")("the PostgreSQL delivery store behind a pooler", () => {
  it("reads every moment's alerts in its transaction: its gate, a session's lock, would not hold from one transaction to the next", async () => {
    const config = pgPoolConfig(env().DATABASE_URL);
    const proxy = await startPidRewritingProxy({ host: config.host ?? "127.0.0.1", port: config.port ?? 5432 });
    const url = new URL(env().DATABASE_URL);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    const store = new PgDeliveryStore(url.toString());
    await resetDeliveryTables();
    try {
      const seen: boolean[] = [];
      // the first moments open the store's connections; every moment after them is opened too
      while (seen.length < 5) {
        const opened = store.openMoment({ users: USERS, gameId: "game-1", nowMs: NOV_22_NOON }) as
          PgOpenedMoment | undefined;
        if (!opened) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        seen.push(opened.ahead);
        await store.commit(momentBatch([auction(seen.length)], opened));
      }
      expect(seen).toEqual([false, false, false, false, false]);
      expect(await countAuctions()).toBe(5);
    } finally {
      await store.close();
      proxy.close();
    }
  });
});
