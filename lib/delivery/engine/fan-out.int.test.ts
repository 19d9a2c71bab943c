// both databases: the delivery stores' locks and SQL
// A moment equals the same users' single decisions made one after another with the
// same clock and randomness (docs/decisions/0408): a seeded property over random
// campaigns (region targeting, advertisers' categories and licences) and moments (users
// with regions, exclusions or neither), budgets running out and caps reached
// mid-moment; the answers and every row written are compared, and no filled decision
// breaks a licence, a targeting rule or an exclusion. Both databases (TEST_DATABASE).
import fc from "fast-check";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db, dbKind } from "@/lib/db/client";
import { createRng } from "@/lib/random";
import { usdToMicros } from "@/lib/money";
import { MOMENT_TYPE_KEYS, isAvailableIn } from "@/lib/domain/moment-types/catalog";
import type { Sport } from "@/lib/domain/sports";
import { outboxEvents } from "@/lib/webhooks/outbox";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import {
  auctionOutcomes,
  countAuctions,
  deliveryCampaign,
  NOV_22_NOON,
  resetDeliveryTables,
  startTestEngine,
  testClock,
} from "@/test/delivery-engine";
import type { MomentUser } from "../delivery.schemas";
import { reaches, type CampaignReach } from "../rules/audience";
import type { Decision, DeliveryEngine, MomentDecision } from "./delivery-engine";

const SPORTS: Sport[] = ["nba", "nfl"];
const TYPES = MOMENT_TYPE_KEYS.filter((type) => SPORTS.some((sport) => isAvailableIn(type, sport))).slice(0, 3);
const USERS = ["u-a", "u-b", "u-c", "u-d", "u-e", "u-f", "u-g"];
const GAMES = ["game-1", "game-2"];
/** regions that nest (US holds US-NJ) and one elsewhere; users may also have none */
const REGIONS = ["US", "US-NJ", "US-NY", "CA-ON"];
const USER_REGIONS = ["US-NJ", "US-NY", "US-PA", "CA-ON", "US", null];
const regionList = fc.option(fc.subarray(REGIONS, { minLength: 1 }), { nil: null });

const campaignArb = fc.record({
  advertiser: fc.integer({ min: 0, max: 3 }),
  bidCpmUsd: fc.integer({ min: 1, max: 12 }),
  /** in tenths of a cent: mostly a few impressions' worth, so budgets run out mid-moment; some deep pockets, so caps are reached */
  totalTenthCents: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 300, max: 2000 })),
  dailyTenthCents: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 300, max: 2000 })),
  pacing: fc.constantFrom("asap", "even"),
  types: fc.subarray(TYPES, { minLength: 1 }),
  sports: fc.subarray(SPORTS, { minLength: 1 }),
  variants: fc.integer({ min: 1, max: 3 }),
  targetRegions: regionList,
  excludedRegions: regionList,
});

/** a user of a moment: mostly with a region, sometimes excluding gambling or alcohol */
const userArb = (userId: string) =>
  fc.record({
    user_id: fc.constant(userId),
    region: fc.constantFrom(...USER_REGIONS),
    excluded_categories: fc.constantFrom<("gambling" | "alcohol")[]>([], [], [], ["gambling"], ["alcohol", "gambling"]),
  });

const momentArb = fc.record({
  moment_type: fc.constantFrom(...TYPES),
  sport: fc.constantFrom(...SPORTS),
  game_id: fc.constantFrom(...GAMES),
  users: fc
    .shuffledSubarray(USERS, { minLength: 4 })
    .chain((ids) => fc.tuple(...ids.map(userArb)))
    .map((users) => [...users]),
  /** sent as `user_ids` (no region, nothing excluded) instead of `users` */
  asIds: fc.boolean(),
  sandbox: fc.boolean(),
});

/** advertisers 1 and 3 sell something restricted: gambling within licensed regions, or alcohol */
const restrictedArb = fc.record({
  category: fc.constantFrom("general", "gambling", "alcohol"),
  licensed: regionList,
});

const scenarioArb = fc.record({
  campaigns: fc.array(campaignArb, { minLength: 1, maxLength: 6 }),
  restricted: fc.tuple(restrictedArb, restrictedArb),
  /** each advertiser's account allowance in tenths of a cent (null: no limit): small ones run out mid-moment */
  allowances: fc.tuple(...Array.from({ length: 4 }, () => fc.option(fc.integer({ min: 1, max: 80 }), { nil: null }))),
  /** advertisers 2 and 3 are the demo's (sandbox); advertiser 1 receives impression.served */
  moments: fc.array(momentArb, { minLength: 8, maxLength: 14 }),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

let advertisers: string[] = [];

async function setUp(scenario: Scenario): Promise<void> {
  await resetDeliveryTables();
  await db().webhookEndpoint.deleteMany();
  advertisers = [];
  for (let index = 0; index < 4; index++) {
    const advertiser = await createTestAdvertiser(`Book ${index}`);
    const restricted = index % 2 === 1 ? scenario.restricted[(index - 1) / 2]! : undefined;
    await db().advertiser.update({
      where: { id: advertiser.advertiserId },
      data: {
        sandbox: index >= 2,
        category: restricted?.category ?? "general",
        licensedRegions: restricted?.licensed ? JSON.stringify(restricted.licensed) : null,
      },
    });
    const allowance = scenario.allowances[index];
    await db().billingAccount.update({
      where: { advertiserId: advertiser.advertiserId },
      data: { allowanceMicros: allowance == null ? null : BigInt(allowance * 100) },
    });
    advertisers.push(advertiser.advertiserId);
  }
  await db().webhookEndpoint.create({
    data: {
      id: crypto.randomUUID(),
      advertiserId: advertisers[1]!,
      url: "https://hooks.example.com/sma",
      events: JSON.stringify(["impression.served"]),
      secret: "0".repeat(64),
    },
  });
  // a low bidder with a deep pocket in every cell, real and sandbox: users keep filling until their caps stop them
  for (const advertiser of [0, 2]) {
    await createTestCampaign({
      id: `cmp_house${advertiser}`,
      advertiserId: advertisers[advertiser]!,
      bidCpmUsd: 0.5,
      totalBudgetUsd: 10,
      dailyBudgetUsd: 10,
      pacing: "asap",
      momentTypes: TYPES,
      sports: SPORTS,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
  }
  for (const [index, campaign] of scenario.campaigns.entries()) {
    const id = `cmp_prop${String(index).padStart(2, "0")}`;
    await createTestCampaign({
      id,
      advertiserId: advertisers[campaign.advertiser]!,
      bidCpmUsd: campaign.bidCpmUsd,
      totalBudgetUsd: campaign.totalTenthCents / 10_000,
      dailyBudgetUsd: campaign.dailyTenthCents / 10_000,
      pacing: campaign.pacing,
      momentTypes: campaign.types,
      sports: campaign.sports,
      createdAt: new Date("2026-01-01T00:00:00Z"),
      creatives: Array.from({ length: campaign.variants }, (_, variant) => ({ headline: `Variant ${variant}` })),
    });
    await db().campaign.update({
      where: { id },
      data: {
        targetRegions: campaign.targetRegions && JSON.stringify(campaign.targetRegions),
        excludedRegions: campaign.excludedRegions && JSON.stringify(campaign.excludedRegions),
      },
    });
  }
}

/** Whom each scenario campaign may serve, as the rules say (docs/api.md, "Jurisdictions"). */
function reachOf(scenario: Scenario, campaignId: string): CampaignReach {
  const set = (list: string[] | null) => (list ? new Set(list) : null);
  const general: CampaignReach = {
    category: "general",
    licensedRegions: null,
    targetRegions: null,
    excludedRegions: null,
  };
  const index = /^cmp_prop(\d+)$/.exec(campaignId);
  if (!index) return general;
  const campaign = scenario.campaigns[Number(index[1])]!;
  const restricted = campaign.advertiser % 2 === 1 ? scenario.restricted[(campaign.advertiser - 1) / 2]! : undefined;
  return {
    category: (restricted?.category ?? "general") as CampaignReach["category"],
    licensedRegions: set(restricted?.licensed ?? null),
    targetRegions: set(campaign.targetRegions),
    excludedRegions: set(campaign.excludedRegions),
  };
}

/** Back to the state setUp left: no delivery rows, campaigns unspent and active. */
async function rewind(): Promise<void> {
  const client = db();
  await client.outboxEvent.deleteMany();
  await client.impression.deleteMany();
  await client.auction.deleteMany();
  await client.hourlyRollup.deleteMany();
  await client.billingAccount.updateMany({ data: { spentMicros: 0n, balanceLowAt: null, limitReachedAt: null } });
  await client.campaign.updateMany({
    data: {
      spendMicros: 0n,
      daySpendMicros: 0n,
      spendDay: null,
      impressions: 0n,
      status: "active",
      budget50At: null,
      budget90At: null,
      endedAt: null,
      endedReason: null,
    },
  });
}

/** A decision without the ids that are random by design (impression, click). */
function comparable(userId: string, decision: Decision) {
  if (decision.kind !== "filled") return { userId, kind: decision.kind };
  const { impression_id: _impression, click_url: _click, ...rest } = decision.view;
  return { userId, kind: decision.kind, ...rest };
}

/** What the database holds, without random ids, in a stable order. */
async function state() {
  const client = db();
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  const [campaigns, impressions, auctions, rollups, outbox] = await Promise.all([
    client.campaign.findMany({
      orderBy: { id: "asc" },
      select: {
        id: true,
        status: true,
        spendMicros: true,
        daySpendMicros: true,
        spendDay: true,
        impressions: true,
        endedReason: true,
        budget50At: true,
        budget90At: true,
      },
    }),
    client.impression.findMany({
      select: { campaignId: true, creativeId: true, userId: true, gameId: true, momentType: true, costMicros: true },
    }),
    client.auction.findMany({
      select: {
        outcome: true,
        bidders: true,
        momentType: true,
        sport: true,
        winningBidMicros: true,
        clearingCpmMicros: true,
        winnerAdvertiserId: true,
        sandbox: true,
        auctionCount: true,
      },
    }),
    client.hourlyRollup.findMany({
      select: { campaignId: true, creativeId: true, hourMs: true, impressions: true, spendMicros: true },
    }),
    client.outboxEvent.findMany({
      select: { id: true, type: true, advertiserId: true, data: true, eventCount: true, createdAtMs: true },
    }),
  ]);
  // budget_50pct and budget_90pct state the spend of the commit that crossed them: a moment is one
  // commit where single decisions one after another are one each (as concurrent ones share a batch)
  const withoutIds = (data: string) =>
    data
      .replace(/"impression_id":"[^"]+"/, '"impression_id":"-"')
      .replace(/"spend_to_date_usd":[\d.e-]+/, '"spend_to_date_usd":"-"');
  return {
    campaigns: campaigns.map((row) =>
      JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? `${value}` : value)),
    ),
    impressions: sorted(impressions.map((row) => ({ ...row, costMicros: `${row.costMicros}` }))),
    // one entry per auction: a batch's alike auctions share a counted row, and batches differ
    auctions: sorted(
      auctions.flatMap(({ auctionCount, ...row }) =>
        Array<object>(auctionCount).fill({
          ...row,
          winningBidMicros: `${row.winningBidMicros}`,
          clearingCpmMicros: `${row.clearingCpmMicros}`,
        }),
      ),
    ),
    rollups: sorted(
      rollups.map((row) => ({
        ...row,
        hourMs: `${row.hourMs}`,
        impressions: `${row.impressions}`,
        spendMicros: `${row.spendMicros}`,
      })),
    ),
    // one entry per event: a moment packs its impression events, single decisions may not
    outbox: sorted(
      outbox.flatMap((row) =>
        outboxEvents(row).map((event) => ({
          type: event.type,
          advertiserId: row.advertiserId,
          data: withoutIds(event.dataJson),
        })),
      ),
    ),
  };
}

async function withEngine<T>(seed: number, work: (engine: DeliveryEngine) => Promise<T>): Promise<T> {
  const rng = createRng(seed);
  const engine = await startTestEngine({ clock: testClock(NOV_22_NOON), random: () => rng.next() });
  try {
    const result = await work(engine);
    await engine.writer.flush();
    return result;
  } finally {
    await engine.stop();
    await engine.store.close();
  }
}

async function compare(scenario: Scenario): Promise<void> {
  await setUp(scenario);
  const usersOf = (moment: Scenario["moments"][number]): MomentUser[] =>
    moment.asIds ? moment.users.map((user) => ({ user_id: user.user_id })) : moment.users;
  const fanned = await withEngine(scenario.seed, async (engine) => {
    const answers: ReturnType<typeof comparable>[][] = [];
    for (const moment of scenario.moments) {
      const { sandbox, asIds, users, ...rest } = moment;
      const input = asIds ? { ...rest, user_ids: users.map((user) => user.user_id) } : { ...rest, users };
      const decisions: MomentDecision[] = await engine.fanOut(input, { sandbox });
      // no filled decision breaks a licence, a targeting rule or an exclusion
      decisions.forEach((decision, index) => {
        if (decision.kind !== "filled") return;
        const user = usersOf(moment)[index]!;
        const audience = { region: user.region ?? null, excludedCategories: user.excluded_categories ?? [] };
        const reach = reachOf(scenario, decision.view.campaign_id);
        expect(reaches(reach, audience), JSON.stringify(user)).toBe(true);
        if (reach.category === "gambling") seen.gambling++;
      });
      answers.push(decisions.map(({ userId, ...decision }) => comparable(userId, decision as Decision)));
    }
    return answers;
  });
  const afterFanOut = await state();
  await expectWithinAccountLimits();
  await rewind();
  const single = await withEngine(scenario.seed, async (engine) => {
    const answers: ReturnType<typeof comparable>[][] = [];
    for (const moment of scenario.moments) {
      const { sandbox, asIds: _asIds, users: _users, ...rest } = moment;
      const decisions: ReturnType<typeof comparable>[] = [];
      for (const user of usersOf(moment))
        decisions.push(comparable(user.user_id, await engine.decide({ ...rest, ...user }, { sandbox })));
      answers.push(decisions);
    }
    return answers;
  });
  const afterSingles = await state();
  expect(fanned).toEqual(single);
  expect(afterFanOut).toEqual(afterSingles);
  for (const row of afterFanOut.auctions) if (row.includes('"outcome":"capped"')) seen.capped++;
  for (const row of afterFanOut.campaigns) if (row.includes('"status":"ended"')) seen.ended++;
  seen.runs++;
}

/** No account passed its allowance by more than one impression (its costliest, to be safe). */
async function expectWithinAccountLimits(): Promise<void> {
  for (const account of await db().billingAccount.findMany({ where: { advertiserId: { in: advertisers } } })) {
    const spent = (
      await db().impression.aggregate({ where: { advertiserId: account.advertiserId }, _sum: { costMicros: true } })
    )._sum.costMicros;
    expect(account.spentMicros).toBe(spent ?? 0n);
    if (account.allowanceMicros === null) continue;
    const costliest = (
      await db().impression.aggregate({ where: { advertiserId: account.advertiserId }, _max: { costMicros: true } })
    )._max.costMicros;
    expect(account.spentMicros - (costliest ?? 0n)).toBeLessThan(account.allowanceMicros);
    if (account.spentMicros >= account.allowanceMicros) seen.accountLimited++;
  }
}

/** what the random scenarios reached, over all runs (the property must exercise caps and exhausted budgets) */
const seen = { runs: 0, capped: 0, ended: 0, gambling: 0, accountLimited: 0 };

beforeEach(resetDeliveryTables);
afterAll(async () => {
  await db().webhookEndpoint.deleteMany();
});

describe("a fanned-out moment", () => {
  it("equals the same users' single decisions one after another (answers and every row written)", async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, compare), { numRuns: 15, seed: 408, endOnFailure: true });
    expect(seen.runs).toBe(15);
    expect(seen.capped, JSON.stringify(seen)).toBeGreaterThan(0);
    // licensed sportsbooks won users in their regions; account limits were reached
    expect(seen.gambling).toBeGreaterThan(0);
    expect(seen.accountLimited).toBeGreaterThan(0);
    expect(seen.ended).toBeGreaterThan(0);
  }, 240_000);

  it("the scenarios reach what the property is about: budgets run out and caps are hit mid-moment", async () => {
    // one fixed scenario: two campaigns that run out within the first moment, eight users seen six times in one game
    const scenario: Scenario = {
      campaigns: [
        {
          advertiser: 0,
          bidCpmUsd: 10,
          totalTenthCents: 25,
          dailyTenthCents: 60,
          pacing: "asap",
          types: [TYPES[0]!],
          sports: ["nba"],
          variants: 2,
          targetRegions: null,
          excludedRegions: null,
        },
        {
          advertiser: 1,
          bidCpmUsd: 6,
          totalTenthCents: 60,
          dailyTenthCents: 18,
          pacing: "asap",
          types: [TYPES[0]!],
          sports: ["nba"],
          variants: 1,
          targetRegions: null,
          excludedRegions: null,
        },
        {
          advertiser: 2,
          bidCpmUsd: 3,
          totalTenthCents: 60,
          dailyTenthCents: 60,
          pacing: "even",
          types: [TYPES[0]!],
          sports: ["nba"],
          variants: 3,
          targetRegions: null,
          excludedRegions: null,
        },
        {
          advertiser: 0,
          bidCpmUsd: 1,
          totalTenthCents: 600,
          dailyTenthCents: 600,
          pacing: "asap",
          types: [TYPES[0]!],
          sports: ["nba"],
          variants: 1,
          targetRegions: null,
          excludedRegions: null,
        },
      ],
      moments: Array.from({ length: 6 }, (_, index) => ({
        moment_type: TYPES[0]!,
        sport: "nba" as const,
        game_id: "game-1",
        users: (index % 2 ? [...USERS].reverse() : USERS).map((user_id) => ({
          user_id,
          region: null,
          excluded_categories: [],
        })),
        asIds: true,
        sandbox: index === 5,
      })),
      restricted: [
        { category: "general", licensed: null },
        { category: "general", licensed: null },
      ],
      allowances: [null, null, null, null],
      seed: 7,
    };
    await compare(scenario);
    const outcomes = await auctionOutcomes();
    const count = (outcome: string) => outcomes[outcome] ?? 0;
    expect(count("capped")).toBeGreaterThan(0);
    expect(count("filled")).toBeGreaterThan(0);
    const ended = await db().campaign.findUniqueOrThrow({ where: { id: "cmp_prop00" } });
    expect(ended.status).toBe("ended");
    expect(ended.spendMicros).toBeGreaterThanOrEqual(usdToMicros(0.0025));
    const daily = await db().campaign.findUniqueOrThrow({ where: { id: "cmp_prop01" } });
    expect(daily.daySpendMicros).toBeGreaterThanOrEqual(usdToMicros(0.0018));
  }, 60_000);
});

describe("moments of two engines (two app instances) on one database", () => {
  const started: DeliveryEngine[] = [];
  async function engine() {
    const one = await startTestEngine({ clock: testClock(NOV_22_NOON) });
    started.push(one);
    return one;
  }
  afterAll(async () => {
    for (const one of started.splice(0)) {
      await one.stop();
      await one.store.close();
    }
  });
  const users = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
  const input = (userIds: string[], gameId = "g1") => ({
    moment_type: "close_game" as const,
    sport: "nba" as const,
    game_id: gameId,
    user_ids: userIds,
  });

  it("never overspend together: the second moment is decided against the spend the first committed", async () => {
    const a = await createTestAdvertiser("A");
    const b = await createTestAdvertiser("B");
    // the runner-up makes the winner pay 0.999 USD per impression: 11 impressions reach 10.5 USD
    const target = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 1000, totalBudgetUsd: 10.5 });
    const runnerUp = await deliveryCampaign({
      advertiserId: b.advertiserId,
      bidCpmUsd: 999,
      totalBudgetUsd: 100000,
      dailyBudgetUsd: 100000,
    });
    const [one, two] = [await engine(), await engine()];
    // each engine believes the whole budget is left: both give the target their first 11 users
    const [first, second] = await Promise.all([
      one.fanOut(input(users("one", 60))),
      two.fanOut(input(users("two", 60))),
    ]);
    const all = [...first, ...second];
    expect(all.every((decision) => decision.kind === "filled")).toBe(true);
    const byTarget = all.filter((decision) => decision.kind === "filled" && decision.view.campaign_id === target.id);
    expect(byTarget).toHaveLength(11);
    // one engine's first 11 users went to the target; the other's moment, waiting on the campaigns' locks, read
    // the target's budget spent: the runner-up alone, at the floor, as for every later user of both
    const campaignsOfFirst = (decisions: typeof first) =>
      decisions.slice(0, 11).map((decision) => (decision.kind === "filled" ? decision.view.campaign_id : null));
    expect([campaignsOfFirst(first), campaignsOfFirst(second)].sort()).toEqual(
      [Array(11).fill(runnerUp.id), Array(11).fill(target.id)].sort(),
    );
    for (const decision of all) {
      if (decision.kind === "filled" && decision.view.campaign_id === runnerUp.id)
        expect(decision.view.clearing_cpm_usd).toBe(0.35);
    }
    const row = await db().campaign.findUniqueOrThrow({ where: { id: target.id } });
    expect(row.spendMicros).toBeGreaterThanOrEqual(usdToMicros(10.5));
    expect(row.spendMicros).toBeLessThan(usdToMicros(10.5) + 999_000n);
    expect(row.status).toBe("ended");
    // every answer is committed, one auction per user, the end announced once
    const ids = all.flatMap((decision) => (decision.kind === "filled" ? [decision.view.impression_id] : []));
    expect(await db().impression.count({ where: { id: { in: ids } } })).toBe(120);
    expect(await db().impression.count()).toBe(120);
    expect(await countAuctions()).toBe(120);
    expect(await db().outboxEvent.count({ where: { type: "campaign.ended" } })).toBe(1);
  });

  it("hold the per-game cap: exactly 5 alerts across both on PostgreSQL, each engine's own on SQLite", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, totalBudgetUsd: 1000, dailyBudgetUsd: 1000 });
    const [one, two] = [await engine(), await engine()];
    const moments = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? one : two).fanOut(input([`other-${index}`, "fan", `more-${index}`])),
      ),
    );
    const fan = moments.map((decisions) => decisions[1]!);
    const filledBy = (engineIndex: number) =>
      fan.filter((decision, index) => index % 2 === engineIndex && decision.kind === "filled").length;
    if (dbKind() === "postgresql") {
      // each moment reads, under its users' locks, the alerts the other instance committed: 5 in all
      expect(filledBy(0) + filledBy(1)).toBe(5);
    } else {
      // SQLite is one instance's database (decision 0403): each engine's in-memory caps hold exactly
      expect([filledBy(0), filledBy(1)]).toEqual([5, 5]);
    }
    expect(fan.filter((decision) => decision.kind === "capped")).toHaveLength(12 - filledBy(0) - filledBy(1));
    expect(await db().impression.count({ where: { userId: "fan" } })).toBe(filledBy(0) + filledBy(1));
    // every user of every moment has its auction: filled, or capped (decided under the moment's locks)
    expect(await countAuctions()).toBe(36);
    expect(await countAuctions({ outcome: "capped" })).toBe(12 - filledBy(0) - filledBy(1));
  });
});

describe("a moment whose commit fails once its auctions are decided", () => {
  const input = (userIds: string[]) => ({
    moment_type: "close_game" as const,
    sport: "nba" as const,
    game_id: "g1",
    user_ids: userIds,
  });
  const tenUsers = Array.from({ length: 10 }, (_, index) => `bettor-${index}`);

  /** An engine whose store fails the next moment after deciding it, inside its transaction (so nothing is written). */
  async function engineFailingOnce(): Promise<DeliveryEngine> {
    const engine = await startTestEngine({ clock: testClock(NOV_22_NOON) });
    const commitMoment = engine.store.commitMoment.bind(engine.store);
    let failing = true;
    engine.store.commitMoment = (locks, decide) =>
      commitMoment(locks, (state) => {
        const writes = decide(state);
        if (!failing) return writes;
        failing = false;
        throw new Error("the database went away");
      });
    return engine;
  }

  it("answers nothing but the failure, writes nothing, and gives the spend in flight back", async () => {
    const a = await createTestAdvertiser();
    // a lone bidder pays the floor, 0.35 USD CPM: 10 impressions spend the whole 0.0035 USD
    await deliveryCampaign({ advertiserId: a.advertiserId, totalBudgetUsd: 0.0035, dailyBudgetUsd: 1000 });
    const engine = await engineFailingOnce();
    try {
      await expect(engine.fanOut(input(tenUsers))).rejects.toThrow("the database went away");
      expect(await db().impression.count()).toBe(0);
      expect(await countAuctions()).toBe(0);
      // the failed moment's spend is no longer in flight: the whole budget serves the same users again
      const again = await engine.fanOut(input(tenUsers));
      expect(again.map((decision) => decision.kind)).toEqual(Array(10).fill("filled"));
      expect(await db().impression.count()).toBe(10);
    } finally {
      await engine.stop();
      await engine.store.close();
    }
  });

  it("gives the users' cap slots back", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, totalBudgetUsd: 1000, dailyBudgetUsd: 1000 });
    const engine = await engineFailingOnce();
    try {
      await expect(engine.fanOut(input(["fan"]))).rejects.toThrow("the database went away");
      // 5 alerts per game: all 5 committed moments reach the fan, the 6th is capped
      const kinds = [];
      for (let index = 0; index < 6; index++) kinds.push((await engine.fanOut(input(["fan"])))[0]!.kind);
      expect(kinds).toEqual(["filled", "filled", "filled", "filled", "filled", "capped"]);
    } finally {
      await engine.stop();
      await engine.store.close();
    }
  });
});
