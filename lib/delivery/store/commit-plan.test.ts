// The commit plan against an in-memory model of the statements (what each
// store's SQL does), so the algorithm both stores run is tested once, and both
// drivers are shown to run the same statements.
import { describe, expect, it } from "vitest";
import { HOUR_MS, MINUTE_MS } from "@/lib/clock";
import { mergeRollupDeltas } from "@/lib/domain/rollups/increment-rollups";
import type { ChangeRow } from "@/lib/history/changes";
import { eventDataSchemas } from "@/lib/webhooks/events";
import { EVENTS_PER_ROW, outboxEvents } from "@/lib/webhooks/outbox";
import { runPlan, runPlanAsync } from "@/lib/db/plan";
import type { AuctionRecord, ClickRecord, ImpressionRecord, RecentAlert, WriteBatch } from "./delivery-store";
import {
  USER_LOCKS_MAX,
  commitBatch,
  commitMoment,
  countedAuctions,
  impressionEvent,
  impressionEventRows,
  impressionRollups,
  type AsyncStatements,
  type SyncStatements,
} from "./commit-plan";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY = "2026-11-22";

type Row = {
  advertiserId: string;
  status: string;
  spend: number;
  total: number;
  daily: number;
  spendDay: string | null;
  daySpend: number;
  budget50: boolean;
  budget90: boolean;
  clicks: number;
};

type Account = {
  mode: string;
  allowance: number | null;
  spent: number;
  lowAt: number | null;
  balanceLow: boolean;
  limitReached: boolean;
};

function model(
  campaigns: Record<string, Partial<Row>>,
  alerts: RecentAlert[] = [],
  accountRows: Record<string, Partial<Account>> = {},
) {
  const rows = new Map<string, Row>();
  for (const [id, row] of Object.entries(campaigns)) {
    rows.set(id, {
      advertiserId: "adv_1",
      status: "active",
      spend: 0,
      total: 1_000_000,
      daily: 1_000_000,
      spendDay: null,
      daySpend: 0,
      budget50: false,
      budget90: false,
      clicks: 0,
      ...row,
    });
  }
  const accounts = new Map<string, Account>(
    Object.entries(accountRows).map(([id, row]) => [
      id,
      { mode: "invoiced", allowance: null, spent: 0, lowAt: null, balanceLow: false, limitReached: false, ...row },
    ]),
  );
  const accountRow = (advertiserId: string) => {
    const row = accounts.get(advertiserId)!;
    return {
      advertiserId,
      mode: row.mode,
      allowanceMicros: row.allowance,
      spentMicros: row.spent,
      lowAtMicros: row.lowAt,
      balanceLowSet: row.balanceLow,
      limitReachedSet: row.limitReached,
    };
  };
  const log: string[] = [];
  const clickIds = new Set<string>();
  const written = {
    impressions: 0,
    auctions: [] as string[],
    outbox: [] as string[],
    rollups: 0,
    changes: [] as ChangeRow[],
    /** rows per insertChanges statement */
    changeStatements: [] as number[],
  };
  const statements: SyncStatements = {
    lockUsers: ({ users, scope }) => void log.push(`lockUsers ${scope} ${users.length}`),
    recentAlerts: ({ users }) => (log.push("recentAlerts"), alerts.filter((alert) => users.includes(alert.userId))),
    lockCampaigns: (ids) => void log.push(`lockCampaigns ${ids.join(",")}`),
    lockAccounts: (ids) => {
      log.push(`lockAccounts ${ids.join(",")}`);
      return ids.filter((id) => accounts.has(id)).map(accountRow);
    },
    spendAccounts: (rows) => {
      log.push(`spendAccounts ${rows.map(({ advertiserId, sumMicros }) => `${advertiserId}+${sumMicros}`).join(" ")}`);
      return rows.map(({ advertiserId, sumMicros }) => {
        const row = accounts.get(advertiserId);
        if (row) row.spent += sumMicros;
        else
          accounts.set(advertiserId, {
            mode: "invoiced",
            allowance: null,
            spent: sumMicros,
            lowAt: null,
            balanceLow: false,
            limitReached: false,
          });
        return accountRow(advertiserId);
      });
    },
    markAccounts: ({ advertiserIds, mark }) =>
      advertiserIds.map((id) => {
        const row = accounts.get(id)!;
        const key = mark === "balance_low" ? "balanceLow" : "limitReached";
        if (row[key]) return false;
        row[key] = true;
        return true;
      }),
    spend: (groups) => {
      log.push(`spend ${groups.map(({ campaignId, count }) => `${campaignId}x${count}`).join(" ")}`);
      return groups.map(({ campaignId, day, sumMicros, beforeLastMicros }) => {
        const row = rows.get(campaignId)!;
        const daySpend = row.spendDay === day ? row.daySpend : 0;
        if (row.status !== "active" || row.spend + beforeLastMicros >= row.total) return undefined;
        if (daySpend + beforeLastMicros >= row.daily) return undefined;
        row.spend += sumMicros;
        row.daySpend = daySpend + sumMicros;
        row.spendDay = day;
        return {
          advertiserId: row.advertiserId,
          status: row.status,
          spendMicros: BigInt(row.spend),
          totalBudgetMicros: BigInt(row.total),
          spendDay: row.spendDay,
          daySpendMicros: BigInt(row.daySpend),
          budget50Set: row.budget50,
          budget90Set: row.budget90,
        };
      });
    },
    readBudgets: (ids) => {
      log.push(`readBudgets ${ids.join(",")}`);
      return ids.map((id) => {
        const row = rows.get(id)!;
        return {
          id,
          status: row.status,
          spendMicros: row.spend,
          spendDay: row.spendDay,
          daySpendMicros: row.daySpend,
          totalBudgetMicros: row.total,
          dailyBudgetMicros: row.daily,
        };
      });
    },
    insertImpressions: (impressions) => void (written.impressions += impressions.length),
    // one outcome per auction: a counted row stands for auctionCount of them
    insertAuctions: (auctions) =>
      void written.auctions.push(
        ...auctions.flatMap((auction) => Array<string>(auction.auctionCount).fill(auction.outcome)),
      ),
    insertClicks: (clicks) =>
      clicks.map((click) => {
        if (clickIds.has(click.clickId)) return false;
        clickIds.add(click.clickId);
        return true;
      }),
    countClicks: (counts) => {
      for (const [id, count] of counts) rows.get(id)!.clicks += count;
    },
    upsertRollups: (rollups) => void (written.rollups += rollups.length),
    markBudget: ({ campaignIds, threshold }) =>
      campaignIds.map((campaignId) => {
        const row = rows.get(campaignId)!;
        const key = threshold === 50 ? "budget50" : "budget90";
        if (row[key]) return false;
        row[key] = true;
        return true;
      }),
    endForBudget: ({ campaignIds }) =>
      campaignIds.map((campaignId) => {
        const row = rows.get(campaignId)!;
        if (row.status !== "active" || row.spend < row.total) return false;
        row.status = "ended";
        return true;
      }),
    // the events the rows hold (impression events are packed, lib/webhooks/outbox.ts)
    insertOutbox: (rows) =>
      void written.outbox.push(
        ...rows.flatMap((row) =>
          outboxEvents({ ...row, createdAtMs: BigInt(row.createdAtMs) }).map((event) => event.type),
        ),
      ),
    insertChanges: (rows) => {
      written.changeStatements.push(rows.length);
      written.changes.push(...rows);
    },
  };
  return { rows, accounts, log, written, statements };
}

let sequence = 0;
function impression(
  campaignId: string,
  costMicros: number,
  overrides: Partial<ImpressionRecord> = {},
): ImpressionRecord {
  sequence += 1;
  return {
    impressionId: `imp_${sequence}`,
    clickId: `clk_${sequence}`,
    advertiserId: "adv_1",
    campaignId,
    creativeId: `cr_${campaignId}`,
    momentType: "close_game",
    sport: "nba",
    gameId: "game-1",
    userId: `user-${sequence}`,
    region: null,
    bidders: 2,
    winningBidMicros: 5_000_000,
    clearingCpmMicros: costMicros * 1000,
    costMicros,
    servedAtMs: NOW,
    sandbox: false,
    emitEvent: true,
    ...overrides,
  };
}

function click(of: ImpressionRecord): ClickRecord {
  return {
    clickId: of.clickId,
    impressionId: of.impressionId,
    advertiserId: of.advertiserId,
    campaignId: of.campaignId,
    creativeId: of.creativeId,
    momentType: of.momentType,
    sport: of.sport,
    region: of.region,
    clickedAtMs: NOW + 1000,
  };
}

function batch(impressions: ImpressionRecord[], clicks: ClickRecord[] = []): WriteBatch {
  return { impressions, clicks, auctions: [], day: DAY, nowMs: NOW };
}

describe("commitBatch", () => {
  it("spends a campaign's whole group with one conditional update when it stays under both budgets", () => {
    const m = model({ cmp_a: {}, cmp_b: {} });
    const result = runPlan(
      commitBatch(batch([impression("cmp_b", 100), impression("cmp_a", 200), impression("cmp_b", 300)])),
      m.statements,
    );
    expect(result.impressions).toEqual(["accepted", "accepted", "accepted"]);
    expect(m.log).toEqual([
      "lockUsers users 3",
      "recentAlerts",
      "lockCampaigns cmp_a,cmp_b",
      "lockAccounts adv_1",
      "spend cmp_ax1 cmp_bx2",
      "spendAccounts adv_1+600",
    ]);
    expect(m.rows.get("cmp_b")!.spend).toBe(400);
    expect(m.written).toEqual({
      impressions: 3,
      auctions: ["filled", "filled", "filled"],
      outbox: ["impression.served", "impression.served", "impression.served"],
      rollups: 2,
      changes: [],
      changeStatements: [],
    });
  });

  it("near a budget spends the prefix the committed counters admit: none starts above the budget, the rest are refused", () => {
    // 900 spent of 1000: the first impression starts at 900 (< 1000), the second would start at 1200
    const m = model({ cmp_a: { spend: 900, total: 1000, budget50: true, budget90: true }, cmp_b: {} });
    const result = runPlan(
      commitBatch(
        batch([impression("cmp_a", 300), impression("cmp_b", 100), impression("cmp_a", 300), impression("cmp_a", 300)]),
      ),
      m.statements,
    );
    expect(result.impressions).toEqual(["accepted", "accepted", "budget", "budget"]);
    // one statement for every group, the refused group's counters read once, its prefix spent once
    expect(m.log.slice(2)).toEqual([
      "lockCampaigns cmp_a,cmp_b",
      "lockAccounts adv_1",
      "spend cmp_ax3 cmp_bx1",
      "readBudgets cmp_a",
      "spend cmp_ax1",
      "spendAccounts adv_1+400",
    ]);
    expect(m.rows.get("cmp_a")!.spend).toBe(1200);
    // the batch that exhausted the budget ends the campaign and says so once
    expect(result.ended).toEqual(["cmp_a"]);
    expect(result.campaigns).toEqual([
      { id: "cmp_b", status: "active", spendMicros: 100, spendDay: DAY, daySpendMicros: 100 },
      { id: "cmp_a", status: "ended", spendMicros: 1200, spendDay: DAY, daySpendMicros: 300 },
    ]);
    expect(m.written.outbox).toEqual(["impression.served", "impression.served", "campaign.ended"]);
    // and records it in the change history in the same plan: the system, with its reason
    expect(m.written.changes).toEqual([
      expect.objectContaining({
        advertiserId: "adv_1",
        actorType: "system",
        actorId: "delivery",
        operation: "endCampaign",
        targetType: "campaign",
        targetId: "cmp_a",
        campaignId: "cmp_a",
        reason: "budget_exhausted",
        atMs: NOW,
      }),
    ]);
    expect(JSON.parse(m.written.changes[0]!.fields)).toEqual({
      status: { from: "active", to: "ended" },
      ended_reason: { from: null, to: "budget_exhausted" },
    });
  });

  it("writes no change-history statement in a batch that ends no campaign (no per-impression cost)", () => {
    const m = model({ cmp_a: {}, cmp_b: {} });
    runPlan(
      commitBatch(batch([impression("cmp_a", 100), impression("cmp_b", 100), impression("cmp_a", 100)])),
      m.statements,
    );
    expect(m.written.changeStatements).toEqual([]);
  });

  it("records every campaign one batch ends in one statement", () => {
    const m = model({ cmp_a: { spend: 950, total: 1000 }, cmp_b: { spend: 950, total: 1000 } });
    runPlan(commitBatch(batch([impression("cmp_a", 100), impression("cmp_b", 100)])), m.statements);
    expect(m.written.changeStatements).toEqual([2]);
    expect(m.written.changes.map((row) => row.targetId)).toEqual(["cmp_a", "cmp_b"]);
  });

  it("near the daily budget, the prefix stops where the day's spend reaches it", () => {
    const m = model({ cmp_a: { daily: 500, spendDay: DAY, daySpend: 250, spend: 250 } });
    const costs = [100, 100, 100, 100];
    const result = runPlan(commitBatch(batch(costs.map((cost) => impression("cmp_a", cost)))), m.statements);
    // 250, 350, 450 are under 500; the fourth would start at 550
    expect(result.impressions).toEqual(["accepted", "accepted", "accepted", "budget"]);
    expect(m.rows.get("cmp_a")!.daySpend).toBe(550);
  });

  it("writes the 50% and 90% events once, in the batch that crosses them", () => {
    const m = model({ cmp_a: { spend: 400, total: 1000 } });
    const first = runPlan(commitBatch(batch([impression("cmp_a", 150)])), m.statements);
    expect(m.written.outbox).toEqual(["impression.served", "campaign.budget_50pct"]);
    expect(first.ended).toEqual([]);
    runPlan(commitBatch(batch([impression("cmp_a", 400)])), m.statements);
    expect(m.written.outbox.filter((type) => type.startsWith("campaign."))).toEqual([
      "campaign.budget_50pct",
      "campaign.budget_90pct",
    ]);
  });

  it("re-checks per-user caps against committed alerts under per-user locks", () => {
    const committed = Array.from({ length: 4 }, (_, index) => ({
      userId: "user-x",
      gameId: "game-1",
      servedAtMs: NOW - 2 * 3_600_000 - index,
    }));
    const m = model({ cmp_a: {} }, committed);
    const mine = [impression("cmp_a", 100, { userId: "user-x" }), impression("cmp_a", 100, { userId: "user-x" })];
    const result = runPlan(commitBatch(batch(mine)), m.statements);
    // 4 committed + 1 = the 5 per game
    expect(result.impressions).toEqual(["accepted", "cap"]);
    expect(m.log.slice(0, 3)).toEqual(["lockUsers users 1", "recentAlerts", "lockCampaigns cmp_a"]);
  });

  it("records, counts and announces only the first click of a click id", () => {
    const m = model({ cmp_a: {} });
    const served = impression("cmp_a", 100);
    const result = runPlan(commitBatch(batch([], [click(served), click(served)])), m.statements);
    expect(result.clicks).toEqual([true, false]);
    expect(m.rows.get("cmp_a")!.clicks).toBe(1);
    expect(m.written.outbox).toEqual(["click.recorded"]);
    expect(runPlan(commitBatch(batch([], [click(served)])), m.statements).clicks).toEqual([false]);
  });

  it("the synchronous and the awaited driver run the same statements with the same results", async () => {
    const make = () => [
      impression("cmp_a", 300, { userId: "u1" }),
      impression("cmp_a", 300, { userId: "u2" }),
      impression("cmp_b", 100, { userId: "u1" }),
    ];
    const sync = model({ cmp_a: { spend: 800, total: 1000 }, cmp_b: {} });
    const asyncModel = model({ cmp_a: { spend: 800, total: 1000 }, cmp_b: {} });
    const awaited = Object.fromEntries(
      Object.entries(asyncModel.statements).map(([name, execute]) => [
        name,
        async (args: unknown) => (execute as (args: unknown) => unknown)(args),
      ]),
    ) as AsyncStatements;
    const impressionsA = make();
    const impressionsB = impressionsA.map((record) => ({ ...record }));
    const a = runPlan(commitBatch(batch(impressionsA)), sync.statements);
    const b = await runPlanAsync(commitBatch(batch(impressionsB)), awaited);
    expect(b).toEqual(a);
    expect(asyncModel.log).toEqual(sync.log);
    expect(a.impressions).toEqual(["accepted", "budget", "accepted"]);
  });
});

describe("countedAuctions", () => {
  const unfilled = (overrides: Partial<AuctionRecord> = {}): AuctionRecord => ({
    momentType: "close_game",
    sport: "nba",
    outcome: "no_fill",
    bidders: 0,
    occurredAtMs: NOW,
    sandbox: false,
    ...overrides,
  });
  /** one line per auction, whatever the rows: what the market statistics read */
  const expanded = (rows: ReturnType<typeof countedAuctions>) =>
    rows.flatMap(({ id: _id, auctionCount, ...row }) => Array<string>(auctionCount).fill(JSON.stringify(row))).sort();
  /** the same auctions, each counted on its own */
  const oneEach = (accepted: ImpressionRecord[], rest: AuctionRecord[]) =>
    expanded([...accepted.flatMap((i) => countedAuctions([i], [])), ...rest.flatMap((a) => countedAuctions([], [a]))]);

  it("writes a filled auction with its prices and winner, an unfilled one without", () => {
    const [filled] = countedAuctions([impression("cmp_a", 3_000)], []);
    expect(filled).toMatchObject({
      momentType: "close_game",
      sport: "nba",
      outcome: "filled",
      bidders: 2,
      winningBidMicros: 5_000_000,
      clearingCpmMicros: 3_000_000,
      winnerAdvertiserId: "adv_1",
      occurredAtMs: NOW,
      sandbox: false,
      auctionCount: 1,
    });
    const [capped] = countedAuctions([], [unfilled({ outcome: "capped", bidders: 2 })]);
    expect(capped).toMatchObject({
      outcome: "capped",
      bidders: 2,
      winningBidMicros: null,
      clearingCpmMicros: null,
      winnerAdvertiserId: null,
      auctionCount: 1,
    });
  });

  it("counts alike auctions into one row and keeps every difference apart", () => {
    const accepted = [
      ...Array.from({ length: 50 }, () => impression("cmp_a", 3_000)),
      impression("cmp_a", 3_000, { advertiserId: "adv_2" }),
      impression("cmp_a", 3_100),
      impression("cmp_a", 3_000, { winningBidMicros: 6_000_000 }),
      impression("cmp_a", 3_000, { bidders: 3 }),
      impression("cmp_a", 3_000, { servedAtMs: NOW + 1 }),
      impression("cmp_a", 3_000, { momentType: "overtime" }),
      impression("cmp_a", 3_000, { sport: "nfl" }),
      impression("cmp_a", 3_000, { sandbox: true }),
      // alike the first ones again, after others
      impression("cmp_a", 3_000),
    ];
    const rest = [
      ...Array.from({ length: 30 }, () => unfilled()),
      unfilled({ outcome: "capped", bidders: 2 }),
      unfilled({ outcome: "capped", bidders: 2 }),
      unfilled({ bidders: 1 }),
      unfilled({ occurredAtMs: NOW + 1 }),
      unfilled({ sandbox: true }),
    ];
    const rows = countedAuctions(accepted, rest);
    expect(rows).toHaveLength(9 + 5);
    expect(rows[0]!.auctionCount).toBe(51);
    expect(rows.find((row) => row.outcome === "capped")!.auctionCount).toBe(2);
    expect(rows.reduce((sum, row) => sum + row.auctionCount, 0)).toBe(accepted.length + rest.length);
    expect(expanded(rows)).toEqual(oneEach(accepted, rest));
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(rows.every((row) => /^auc_/.test(row.id))).toBe(true);
  });

  it("writes nothing for nothing", () => {
    expect(countedAuctions([], [])).toEqual([]);
  });
});

describe("impressionEventRows", () => {
  /** an event's data and the row it was read from, without the random ids */
  const unpacked = (rows: ReturnType<typeof impressionEventRows>) =>
    rows.flatMap((row) =>
      outboxEvents({ ...row, createdAtMs: BigInt(row.createdAtMs) }).map((event) => ({
        advertiserId: row.advertiserId,
        createdAtMs: Number(event.createdAtMs),
        data: JSON.parse(event.dataJson) as Record<string, unknown>,
      })),
    );

  it("packs one advertiser's events at one instant, EVENTS_PER_ROW to a row, and keeps every event", () => {
    const many = EVENTS_PER_ROW * 2 + 3;
    const records = [
      // a moment: two advertisers' impressions interleaved at one instant
      ...Array.from({ length: many }, (_, index) =>
        impression(index % 3 ? "cmp_a" : "cmp_b", 100 + index, { advertiserId: index % 3 ? "adv_1" : "adv_2" }),
      ),
      // an impression of adv_1 a millisecond later, and one of a non-subscriber
      impression("cmp_a", 5, { servedAtMs: NOW + 1 }),
      impression("cmp_c", 5, { advertiserId: "adv_3", emitEvent: false }),
    ];
    const rows = impressionEventRows(records);
    const perAdvertiser = (advertiserId: string, at: number) =>
      records.filter((r) => r.emitEvent && r.advertiserId === advertiserId && r.servedAtMs === at).length;
    const a = perAdvertiser("adv_1", NOW);
    const b = perAdvertiser("adv_2", NOW);
    expect(rows.map((row) => [row.advertiserId, row.createdAtMs])).toEqual([
      // adv_2 appears first (the first impression)
      ...Array.from({ length: Math.ceil(b / EVENTS_PER_ROW) }, () => ["adv_2", NOW]),
      ...Array.from({ length: Math.ceil(a / EVENTS_PER_ROW) }, () => ["adv_1", NOW]),
      ["adv_1", NOW + 1],
    ]);
    // the lone event's row is an ordinary one
    expect(JSON.parse(rows.at(-1)!.data)).toMatchObject({ impression_id: records.at(-2)!.impressionId });
    // a packed row's id is its first event's; every event keeps its own evt_ id
    const ids = rows.flatMap((row) => outboxEvents({ ...row, createdAtMs: BigInt(row.createdAtMs) }).map((e) => e.id));
    expect(new Set(ids).size).toBe(records.length - 1);
    for (const row of rows) expect(row.id).toBe(outboxEvents({ ...row, createdAtMs: 0n })[0]!.id);
    // the same events, with the same data, as one row per impression: per advertiser in the impressions' order
    const one = (record: ImpressionRecord) => impressionEvent(record);
    const expected = [
      ...records.filter((r) => r.advertiserId === "adv_2"),
      ...records.filter((r) => r.advertiserId === "adv_1" && r.servedAtMs === NOW),
      records.at(-2)!,
    ].map((record) => ({
      advertiserId: record.advertiserId,
      createdAtMs: record.servedAtMs,
      data: JSON.parse(one(record).data),
    }));
    expect(unpacked(rows)).toEqual(expected);
    for (const event of unpacked(rows))
      expect(eventDataSchemas["impression.served"].parse(event.data)).toEqual(event.data);
  });

  it("writes no row without subscribers' impressions", () => {
    expect(impressionEventRows([impression("cmp_a", 1, { emitEvent: false })])).toEqual([]);
    expect(impressionEventRows([])).toEqual([]);
  });
});

describe("impressionEvent", () => {
  it("writes data its event schema accepts unchanged, each impression at its own instant", () => {
    const records = [
      impression("cmp_a", 1_234),
      impression("cmp_a", 1_234, { servedAtMs: NOW + 1 }),
      impression("cmp_b", 7, { servedAtMs: NOW + 1, sport: "nfl", region: "US-NJ" }),
      impression("cmp_a", 999_999, { servedAtMs: NOW }),
    ];
    for (const record of records) {
      const row = impressionEvent(record);
      const data = JSON.parse(row.data) as Record<string, unknown>;
      expect(eventDataSchemas["impression.served"].parse(data)).toEqual(data);
      expect(data).toEqual({
        impression_id: record.impressionId,
        campaign_id: record.campaignId,
        creative_id: record.creativeId,
        moment_type: record.momentType,
        sport: record.sport,
        clearing_cpm_usd: record.clearingCpmMicros / 1e6,
        cost_usd: record.costMicros / 1e6,
        served_at: new Date(record.servedAtMs).toISOString(),
        region: record.region,
      });
      expect(row).toMatchObject({
        advertiserId: record.advertiserId,
        type: "impression.served",
        createdAtMs: record.servedAtMs,
      });
      expect(row.id).toMatch(/^evt_/);
    }
  });
});

describe("impressionRollups", () => {
  it("equals the merge of one delta per impression and click (creatives, lanes, regions, quarters and hours apart)", () => {
    const impressions = [
      ...Array.from({ length: 7 }, (_, index) => impression("cmp_a", 1_000 + index)),
      impression("cmp_a", 1_500, { region: "US-NJ" }),
      impression("cmp_a", 1_600, { region: "US-NJ" }),
      impression("cmp_a", 2_500, { creativeId: "cr_a_variant" }),
      impression("cmp_a", 3_000, { sport: "nfl" }),
      impression("cmp_a", 3_100, { momentType: "overtime" }),
      impression("cmp_b", 4_000, { servedAtMs: NOW + 20 * MINUTE_MS }),
      impression("cmp_b", 4_100, { servedAtMs: NOW + 20 * MINUTE_MS }),
      impression("cmp_b", 4_200, { servedAtMs: NOW + 50 * MINUTE_MS }),
      impression("cmp_b", 4_300, { servedAtMs: NOW + HOUR_MS }),
    ];
    const clicks = [click(impressions[0]!), click(impressions[11]!), click(impressions[7]!)];
    const oneByOne = mergeRollupDeltas([
      ...impressions.map((i) => ({
        campaignId: i.campaignId,
        creativeId: i.creativeId,
        momentType: i.momentType,
        sport: i.sport,
        region: i.region,
        atMs: i.servedAtMs,
        impressions: 1,
        spendMicros: BigInt(i.costMicros),
      })),
      ...clicks.map((c) => ({
        campaignId: c.campaignId,
        creativeId: c.creativeId,
        momentType: c.momentType,
        sport: c.sport,
        region: c.region,
        atMs: c.clickedAtMs,
        clicks: 1,
      })),
    ]);
    const rows = impressionRollups(impressions, clicks);
    const byKey = (list: typeof rows) =>
      [...list].sort((x, y) =>
        `${x.creativeId}${x.momentType}${x.sport}${x.region}${x.hourMs}`.localeCompare(
          `${y.creativeId}${y.momentType}${y.sport}${y.region}${y.hourMs}`,
        ),
      );
    expect(byKey(rows)).toEqual(byKey(oneByOne));
    expect(
      rows.find((row) => row.creativeId === "cr_cmp_a" && row.region === "US-NJ" && row.momentType === "close_game"),
    ).toMatchObject({ impressions: 2, clicks: 1, spendMicros: 3_100n });
    expect(
      rows.find(
        (row) =>
          row.creativeId === "cr_cmp_a" && row.sport === "nba" && row.momentType === "close_game" && row.region === "",
      ),
    ).toMatchObject({
      impressions: 7,
      clicks: 1,
      spendMicros: 7_021n,
    });
  });
});

describe("commitMoment", () => {
  const auction = (outcome: AuctionRecord["outcome"], bidders: number): AuctionRecord => ({
    momentType: "close_game",
    sport: "nba",
    outcome,
    bidders,
    occurredAtMs: NOW,
    sandbox: false,
  });

  it("writes a moment's decisions: one conditional spend per campaign, no lock or read of its own", () => {
    const m = model({ cmp_a: { spend: 700, total: 1000 }, cmp_b: {} });
    const impressions = [
      impression("cmp_b", 100, { userId: "u1" }),
      impression("cmp_a", 100, { userId: "u2" }),
      impression("cmp_a", 100, { userId: "u3" }),
    ];
    const outcome = runPlan(
      commitMoment({ impressions, auctions: [auction("no_fill", 0), auction("capped", 2)] }, DAY, NOW),
      m.statements,
    );
    expect(m.log).toEqual(["spend cmp_ax2 cmp_bx1", "spendAccounts adv_1+300"]);
    expect(outcome.campaigns.map((campaign) => [campaign.id, campaign.spendMicros])).toEqual([
      ["cmp_a", 900],
      ["cmp_b", 100],
    ]);
    expect(m.written.impressions).toBe(3);
    expect([...m.written.auctions].sort()).toEqual(["capped", "filled", "filled", "filled", "no_fill"]);
    expect(m.written.rollups).toBeGreaterThan(0);
    // cmp_a crossed 50% and 90% in this moment
    expect(m.written.outbox.filter((type) => type.startsWith("campaign."))).toEqual([
      "campaign.budget_50pct",
      "campaign.budget_90pct",
    ]);
  });

  it("fails whole when a spend it decided is refused: the state moved under its locks", () => {
    // decided as if 300 were spent; 1,000 already is
    const m = model({ cmp_a: { spend: 1000, total: 1000 }, cmp_b: {} });
    const impressions = [impression("cmp_b", 100, { userId: "u1" }), impression("cmp_a", 100, { userId: "u2" })];
    expect(() => runPlan(commitMoment({ impressions, auctions: [] }, DAY, NOW), m.statements)).toThrow(
      "a moment's spend on cmp_a was refused under its lock",
    );
    expect(m.written.impressions).toBe(0);
    expect(m.written.auctions).toEqual([]);
  });

  it("ends a campaign whose budget the moment spent, with its event and its history row", () => {
    // the second impression starts at 950, under the budget, and ends past it
    const m = model({ cmp_a: { spend: 850, total: 1000, budget50: true, budget90: true } });
    const impressions = [impression("cmp_a", 100, { userId: "u1" }), impression("cmp_a", 100, { userId: "u2" })];
    const outcome = runPlan(commitMoment({ impressions, auctions: [] }, DAY, NOW), m.statements);
    expect(outcome.ended).toEqual(["cmp_a"]);
    expect(m.written.outbox).toContain("campaign.ended");
    expect(m.written.changes.map((change) => change.operation)).toEqual(["endCampaign"]);
  });
});

describe("account limits", () => {
  it("refuse an advertiser's impressions from the first that starts at its allowance, across its campaigns", () => {
    const m = model({ cmp_a: {}, cmp_b: {}, cmp_c: { advertiserId: "adv_2" } }, [], {
      adv_1: { allowance: 1_000, spent: 700 },
    });
    const impressions = [
      impression("cmp_a", 200),
      impression("cmp_c", 200, { advertiserId: "adv_2" }),
      impression("cmp_b", 200),
      impression("cmp_a", 200),
    ];
    const result = runPlan(commitBatch(batch(impressions)), m.statements);
    // 700 and 900 start under 1,000; the third would start at 1,100: one impression over at most
    expect(result.impressions).toEqual(["accepted", "accepted", "accepted", "account"]);
    expect(m.accounts.get("adv_1")!.spent).toBe(1_100);
    // adv_2 has no account: no limit, and its first spend makes one
    expect(m.accounts.get("adv_2")!.spent).toBe(200);
    expect(result.accounts).toEqual([
      { advertiserId: "adv_1", allowanceMicros: 1_000, spentMicros: 1_100 },
      { advertiserId: "adv_2", allowanceMicros: null, spentMicros: 200 },
    ]);
    expect(m.written.outbox.filter((type) => type.startsWith("account."))).toEqual(["account.limit_reached"]);
    // refused again, and said once
    const again = runPlan(commitBatch(batch([impression("cmp_a", 200)])), m.statements);
    expect(again.impressions).toEqual(["account"]);
    expect(m.written.outbox.filter((type) => type.startsWith("account."))).toEqual(["account.limit_reached"]);
  });

  it("say the balance is low once, in the commit that crosses the mark", () => {
    const m = model({ cmp_a: {} }, [], { adv_1: { mode: "prepaid", allowance: 10_000, lowAt: 8_000, spent: 7_000 } });
    runPlan(commitBatch(batch([impression("cmp_a", 500)])), m.statements);
    expect(m.written.outbox.filter((type) => type.startsWith("account."))).toEqual([]);
    runPlan(commitBatch(batch([impression("cmp_a", 600)])), m.statements);
    runPlan(commitBatch(batch([impression("cmp_a", 600)])), m.statements);
    expect(m.written.outbox.filter((type) => type.startsWith("account."))).toEqual(["account.balance_low"]);
  });

  it("fail a moment whose spend passes an account's allowance by more than its last impression", () => {
    const m = model({ cmp_a: {} }, [], { adv_1: { allowance: 1_000, spent: 900 } });
    const impressions = [impression("cmp_a", 100, { userId: "u1" }), impression("cmp_a", 100, { userId: "u2" })];
    expect(() => runPlan(commitMoment({ impressions, auctions: [] }, DAY, NOW), m.statements)).toThrow(
      "the spend of adv_1 passed its account limit under its lock",
    );
  });
});

describe("commitBatch's user locks", () => {
  it("locks whole user buckets for more than USER_LOCKS_MAX users, each user under its bucket for fewer", () => {
    const many = Array.from({ length: USER_LOCKS_MAX + 1 }, (_, index) =>
      impression("cmp_a", 1, { userId: `u${index}` }),
    );
    const m = model({ cmp_a: {} });
    runPlan(commitBatch(batch(many)), m.statements);
    expect(m.log[0]).toBe(`lockUsers buckets ${USER_LOCKS_MAX + 1}`);
    const few = model({ cmp_a: {} });
    runPlan(commitBatch(batch(many.slice(0, USER_LOCKS_MAX))), few.statements);
    expect(few.log[0]).toBe(`lockUsers users ${USER_LOCKS_MAX}`);
  });
});
