// both databases: the delivery stores' locks and SQL
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb, db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { usdToMicros } from "@/lib/money";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import type { DeliveryEngine } from "./delivery-engine";
import {
  deliveryCampaign,
  moment,
  NOV_22_NOON,
  resetDeliveryTables,
  startTestEngine,
  testClock,
} from "@/test/delivery-engine";

beforeEach(resetDeliveryTables);

const engines: DeliveryEngine[] = [];
async function engine(options: Parameters<typeof startTestEngine>[0] = {}) {
  const started = await startTestEngine(options);
  engines.push(started);
  return started;
}
afterEach(async () => {
  for (const started of engines.splice(0)) {
    await started.stop();
    await started.store.close();
  }
});

/** An active endpoint of `advertiserId` subscribed to impression.served. */
async function subscribeToImpressions(advertiserId: string) {
  await db().webhookEndpoint.create({
    data: {
      id: crypto.randomUUID(),
      advertiserId,
      url: "https://hooks.example.com/sma",
      events: JSON.stringify(["impression.served"]),
      secret: "0".repeat(64),
    },
  });
}

async function counts() {
  const [impressions, auctions, outbox] = await Promise.all([
    db().impression.count(),
    db().auction.findMany(),
    db().outboxEvent.findMany({ orderBy: { createdAtMs: "asc" } }),
  ]);
  return { impressions, auctions, outbox };
}

describe("second-price auction through the engine", () => {
  it("the highest bid wins, pays the runner-up's bid, and the impression costs CPM / 1000", async () => {
    const a = await createTestAdvertiser("A");
    const b = await createTestAdvertiser("B");
    const winner = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 3 });
    await deliveryCampaign({ advertiserId: b.advertiserId, bidCpmUsd: 1.234567 });
    await subscribeToImpressions(a.advertiserId);
    const delivery = await engine();
    const decision = await delivery.decide(moment());
    expect(decision.kind).toBe("filled");
    if (decision.kind !== "filled") return;
    expect(decision.view.campaign_id).toBe(winner.id);
    expect(decision.view.clearing_cpm_usd).toBe(1.234567);
    expect(decision.view.click_url).toMatch(/^http:\/\/sma\.test\/c\/clk_[0-9A-Za-z]{30}$/);
    const impression = await db().impression.findFirstOrThrow();
    expect(impression.clearingCpmMicros).toBe(1_234_567n);
    expect(impression.costMicros).toBe(1_235n); // 1234.567 rounded half up
    const campaign = await db().campaign.findUniqueOrThrow({ where: { id: winner.id } });
    expect(campaign.spendMicros).toBe(1_235n);
    expect(campaign.impressions).toBe(1n);
    expect(campaign.daySpendMicros).toBe(1_235n);
    expect(campaign.spendDay).toBe("2026-11-22");
    const auction = await db().auction.findFirstOrThrow();
    expect(auction).toMatchObject({
      outcome: "filled",
      bidders: 2,
      winningBidMicros: 3_000_000n,
      clearingCpmMicros: 1_234_567n,
    });
    const rollup = await db().hourlyRollup.findFirstOrThrow();
    expect(rollup).toMatchObject({
      campaignId: winner.id,
      impressions: 1n,
      spendMicros: 1_235n,
      hourMs: BigInt(NOV_22_NOON),
      // served at noon: in the hour's first quarter, so in every prefix
      impressionsM15: 1n,
      impressionsM30: 1n,
      impressionsM45: 1n,
      spendMicrosM15: 1_235n,
      spendMicrosM45: 1_235n,
    });
    const event = await db().outboxEvent.findFirstOrThrow({ where: { type: "impression.served" } });
    expect(JSON.parse(event.data)).toEqual({
      impression_id: impression.id,
      campaign_id: winner.id,
      creative_id: impression.creativeId,
      moment_type: "close_game",
      sport: "nba",
      clearing_cpm_usd: 1.234567,
      cost_usd: 0.001235,
      served_at: "2026-11-22T12:00:00.000Z",
      region: null,
    });
    expect(event.advertiserId).toBe(a.advertiserId);
  });

  it("a lone bidder pays the floor of the moment type", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({
      advertiserId: a.advertiserId,
      bidCpmUsd: 9,
      momentTypes: ["bet_resolved"],
      sports: ["nfl"],
    });
    const delivery = await engine();
    const decision = await delivery.decide(moment({ moment_type: "bet_resolved", sport: "nfl" }));
    expect(decision.kind === "filled" && decision.view.clearing_cpm_usd).toBe(0.5);
  });

  it("two campaigns of one advertiser do not raise its price", async () => {
    const a = await createTestAdvertiser();
    const best = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 5 });
    await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 4 });
    const decision = await (await engine()).decide(moment());
    expect(decision.kind === "filled" && decision.view.campaign_id).toBe(best.id);
    expect(decision.kind === "filled" && decision.view.clearing_cpm_usd).toBe(0.35);
  });

  it("splits traffic over approved variants only, with the injected randomness", async () => {
    const a = await createTestAdvertiser();
    const campaign = await deliveryCampaign({
      advertiserId: a.advertiserId,
      creatives: [{ status: "approved" }, { status: "rejected" }, { status: "approved" }, { status: "pending" }],
    });
    let value = 0;
    const delivery = await engine({ random: () => value });
    const labels = [];
    for (const [index, r] of [0, 0.49, 0.5, 0.99].entries()) {
      value = r;
      const decision = await delivery.decide(moment({ user_id: `u${index}` }));
      if (decision.kind === "filled") labels.push(decision.view.variant_label);
    }
    expect(labels).toEqual(["variant_a", "variant_a", "variant_c", "variant_c"]);
    expect(campaign.creatives.length).toBe(4);
  });
});

describe("eligibility", () => {
  it("paused, ended, cancelled, over-budget, not started, finished and creative-less campaigns never win", async () => {
    const a = await createTestAdvertiser();
    const ids = new Set<string>();
    const add = async (input: Parameters<typeof deliveryCampaign>[0]) => ids.add((await deliveryCampaign(input)).id);
    await add({ advertiserId: a.advertiserId, status: "paused", bidCpmUsd: 50 });
    await add({ advertiserId: a.advertiserId, status: "ended", bidCpmUsd: 50 });
    await add({ advertiserId: a.advertiserId, status: "cancelled", bidCpmUsd: 50 });
    await add({ advertiserId: a.advertiserId, startDate: "2026-11-23", bidCpmUsd: 50 });
    await add({ advertiserId: a.advertiserId, endDate: "2026-11-21", bidCpmUsd: 50 });
    await add({
      advertiserId: a.advertiserId,
      creatives: [{ status: "pending" }, { status: "rejected" }, { status: "paused" }],
      bidCpmUsd: 50,
    });
    await add({ advertiserId: a.advertiserId, sports: ["nfl"], bidCpmUsd: 50 });
    await add({ advertiserId: a.advertiserId, momentTypes: ["overtime"], bidCpmUsd: 50 });
    const spentTotal = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 50, totalBudgetUsd: 10 });
    await db().campaign.update({ where: { id: spentTotal.id }, data: { spendMicros: usdToMicros(10) } });
    ids.add(spentTotal.id);
    const spentToday = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 50, dailyBudgetUsd: 5 });
    await db().campaign.update({
      where: { id: spentToday.id },
      data: { spendMicros: usdToMicros(5), daySpendMicros: usdToMicros(5), spendDay: "2026-11-22" },
    });
    ids.add(spentToday.id);
    const spentYesterday = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 40, dailyBudgetUsd: 5 });
    await db().campaign.update({
      where: { id: spentYesterday.id },
      data: { spendMicros: usdToMicros(5), daySpendMicros: usdToMicros(5), spendDay: "2026-11-21" },
    });
    const endsToday = await deliveryCampaign({ advertiserId: a.advertiserId, endDate: "2026-11-22", bidCpmUsd: 1 });

    const delivery = await engine();
    const first = await delivery.decide(moment());
    // yesterday's spend does not count against today's budget
    expect(first.kind === "filled" && first.view.campaign_id).toBe(spentYesterday.id);
    const winners = new Set<string>();
    for (let user = 0; user < 30; user++) {
      const decision = await delivery.decide(moment({ user_id: `u${user}` }));
      if (decision.kind === "filled") winners.add(decision.view.campaign_id);
    }
    for (const id of ids) expect(winners.has(id)).toBe(false);
    expect([...winners].every((id) => id === spentYesterday.id || id === endsToday.id)).toBe(true);
  });

  it("answers no fill (and records it) when nothing is eligible, and for a type not available in the sport", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, momentTypes: ["foul_trouble"], sports: ["nba", "nfl"] });
    const delivery = await engine();
    expect((await delivery.decide(moment({ moment_type: "foul_trouble", sport: "nfl" }))).kind).toBe("no_fill");
    expect((await delivery.decide(moment({ moment_type: "overtime" }))).kind).toBe("no_fill");
    expect((await delivery.decide(moment({ moment_type: "foul_trouble", sport: "nba" }))).kind).toBe("filled");
    await delivery.writer.flush();
    const { auctions, impressions } = await counts();
    expect(impressions).toBe(1);
    expect(auctions.map((auction) => auction.outcome).sort()).toEqual(["filled", "no_fill", "no_fill"]);
    expect(auctions.find((auction) => auction.outcome === "no_fill")).toMatchObject({
      bidders: 0,
      winningBidMicros: null,
      clearingCpmMicros: null,
    });
  });
});

describe("per-user caps across all campaigns", () => {
  it("refuses the 6th alert in a game (204, recorded as capped)", async () => {
    const a = await createTestAdvertiser();
    const b = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId });
    await deliveryCampaign({ advertiserId: b.advertiserId, bidCpmUsd: 1 });
    const clock = testClock();
    const delivery = await engine({ clock });
    const kinds = [];
    for (let index = 0; index < 6; index++) {
      kinds.push((await delivery.decide(moment({ user_id: "fan", game_id: "g1" }))).kind);
      clock.now += 60_000;
    }
    expect(kinds).toEqual(["filled", "filled", "filled", "filled", "filled", "capped"]);
    // another game still gets alerts, another user too
    expect((await delivery.decide(moment({ user_id: "fan", game_id: "g2" }))).kind).toBe("filled");
    expect((await delivery.decide(moment({ user_id: "other", game_id: "g1" }))).kind).toBe("filled");
    // the game cap does not expire with the hour
    clock.now += 2 * 3_600_000;
    expect((await delivery.decide(moment({ user_id: "fan", game_id: "g1" }))).kind).toBe("capped");
    await delivery.writer.flush();
    const capped = await db().auction.findMany({ where: { outcome: "capped" } });
    expect(capped).toHaveLength(2);
    expect(capped[0]).toMatchObject({ bidders: 2, winningBidMicros: null, clearingCpmMicros: null });
    expect(await db().impression.count({ where: { userId: "fan", gameId: "g1" } })).toBe(5);
  });

  it("refuses the 11th alert in a rolling hour, across games and campaigns", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, momentTypes: ["close_game"] });
    await deliveryCampaign({ advertiserId: a.advertiserId, momentTypes: ["overtime"] });
    const clock = testClock();
    const delivery = await engine({ clock });
    const start = clock.now;
    const kinds = [];
    for (let index = 0; index < 11; index++) {
      kinds.push(
        (
          await delivery.decide(
            moment({ user_id: "fan", game_id: `g${index}`, moment_type: index % 2 ? "overtime" : "close_game" }),
          )
        ).kind,
      );
      clock.now += 5 * 60_000;
    }
    expect(kinds.slice(0, 10).every((kind) => kind === "filled")).toBe(true);
    expect(kinds[10]).toBe("capped");
    // the first alert leaves the window one hour after it was sent
    clock.now = start + 3_600_000 + 1;
    expect((await delivery.decide(moment({ user_id: "fan", game_id: "g-new" }))).kind).toBe("filled");
    expect((await delivery.decide(moment({ user_id: "fan", game_id: "g-new2" }))).kind).toBe("capped");
  });

  it("a restarted engine remembers the alerts already sent", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId });
    const first = await engine();
    for (let index = 0; index < 5; index++) await first.decide(moment({ user_id: "fan", game_id: "g1" }));
    const second = await engine();
    expect((await second.decide(moment({ user_id: "fan", game_id: "g1" }))).kind).toBe("capped");
  });
});

describe("budgets hold under concurrency", () => {
  async function contested(totalBudgetUsd: number, dailyBudgetUsd: number) {
    const a = await createTestAdvertiser("A");
    const b = await createTestAdvertiser("B");
    // the runner-up makes the winner pay 0.999 USD per impression
    const target = await deliveryCampaign({
      advertiserId: a.advertiserId,
      bidCpmUsd: 1000,
      totalBudgetUsd,
      dailyBudgetUsd,
    });
    const runnerUp = await deliveryCampaign({
      advertiserId: b.advertiserId,
      bidCpmUsd: 999,
      totalBudgetUsd: 100000,
      dailyBudgetUsd: 100000,
    });
    return { a, target, runnerUp };
  }

  it("200 concurrent decisions never overspend the total budget by more than one impression", async () => {
    const { target, a } = await contested(10.5, 1000);
    const delivery = await engine();
    const decisions = await Promise.all(
      Array.from({ length: 200 }, (_, index) => delivery.decide(moment({ user_id: `u${index}` }))),
    );
    await delivery.writer.flush();
    const campaign = await db().campaign.findUniqueOrThrow({ where: { id: target.id } });
    const won = decisions.filter(
      (decision) => decision.kind === "filled" && decision.view.campaign_id === target.id,
    ).length;
    const impressions = await db().impression.findMany({ where: { campaignId: target.id } });
    expect(impressions).toHaveLength(won);
    const spent = impressions.reduce((sum, impression) => sum + impression.costMicros, 0n);
    expect(campaign.spendMicros).toBe(spent);
    expect(campaign.spendMicros).toBeGreaterThanOrEqual(usdToMicros(10.5));
    expect(campaign.spendMicros).toBeLessThan(usdToMicros(10.5) + 999_000n);
    expect(won).toBe(11);
    expect(campaign.status).toBe("ended");
    expect(campaign.endedReason).toBe("budget_exhausted");
    const events = await db().outboxEvent.findMany({
      where: { advertiserId: a.advertiserId, type: { startsWith: "campaign." } },
    });
    expect(events.map((event) => event.type).sort()).toEqual([
      "campaign.budget_50pct",
      "campaign.budget_90pct",
      "campaign.ended",
    ]);
    expect(JSON.parse(events.find((event) => event.type === "campaign.ended")!.data)).toEqual({
      campaign_id: target.id,
      reason: "budget_exhausted",
    });
    // the batch that ended it recorded it in the change history: the system, with the reason, once
    const changes = await db().change.findMany({ where: { campaignId: target.id } });
    expect(changes).toEqual([
      expect.objectContaining({
        actorType: "system",
        actorId: "delivery",
        actorName: "Ad delivery",
        operation: "endCampaign",
        targetType: "campaign",
        targetId: target.id,
        campaignId: target.id,
        reason: "budget_exhausted",
        atMs: BigInt(campaign.endedAt!.getTime()),
      }),
    ]);
    expect(JSON.parse(changes[0]!.fields)).toEqual({
      status: { from: "active", to: "ended" },
      ended_reason: { from: null, to: "budget_exhausted" },
    });
    // the rest of the decisions went to the runner-up at the floor
    expect(decisions.filter((decision) => decision.kind === "filled").length).toBe(200);
  });

  it("200 concurrent decisions never overspend the daily budget by more than one impression", async () => {
    const { target } = await contested(1000, 5.2);
    const delivery = await engine();
    await Promise.all(Array.from({ length: 200 }, (_, index) => delivery.decide(moment({ user_id: `u${index}` }))));
    const campaign = await db().campaign.findUniqueOrThrow({ where: { id: target.id } });
    expect(campaign.daySpendMicros).toBeGreaterThanOrEqual(usdToMicros(5.2));
    expect(campaign.daySpendMicros).toBeLessThan(usdToMicros(5.2) + 999_000n);
    expect(campaign.status).toBe("active");
    expect(await db().impression.count({ where: { campaignId: target.id } })).toBe(6);
  });

  it("two engines (two app instances) sharing the database never overspend together", async () => {
    const { target } = await contested(10.5, 1000);
    const one = await engine();
    const two = await engine();
    await Promise.all(
      Array.from({ length: 200 }, (_, index) => (index % 2 ? one : two).decide(moment({ user_id: `u${index}` }))),
    );
    const campaign = await db().campaign.findUniqueOrThrow({ where: { id: target.id } });
    expect(campaign.spendMicros).toBeGreaterThanOrEqual(usdToMicros(10.5));
    expect(campaign.spendMicros).toBeLessThan(usdToMicros(10.5) + 999_000n);
    expect(await db().impression.count({ where: { campaignId: target.id } })).toBe(11);
    expect(await db().outboxEvent.count({ where: { type: "campaign.ended" } })).toBe(1);
  });

  it("caps hold across two engines", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId });
    const one = await engine();
    const two = await engine();
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? one : two).decide(moment({ user_id: "fan", game_id: "g1" })),
      ),
    );
    const filledBy = (engineIndex: number) =>
      decisions.filter((decision, index) => index % 2 === engineIndex && decision.kind === "filled").length;
    const filled = filledBy(0) + filledBy(1);
    if ((await import("@/lib/db/client")).dbKind() === "postgresql") {
      // each batch re-checks the caps at commit against every instance's impressions: 5 in all
      expect(filled).toBe(5);
    } else {
      // SQLite is one instance's database (decision 0403): the re-check at commit reads no other
      // process's alerts, so each engine's own in-memory caps hold exactly: 5 of its 6 requests each
      expect([filledBy(0), filledBy(1)]).toEqual([5, 5]);
    }
    expect(await db().impression.count()).toBe(filled);
  });
});

describe("pacing", () => {
  it("even pacing holds a campaign to the straight line through the UTC day", async () => {
    const a = await createTestAdvertiser();
    const b = await createTestAdvertiser();
    // 24 USD a day at 0.999 USD per impression: about 1 USD an hour
    const paced = await deliveryCampaign({
      advertiserId: a.advertiserId,
      bidCpmUsd: 1000,
      dailyBudgetUsd: 24,
      pacing: "even",
    });
    await deliveryCampaign({ advertiserId: b.advertiserId, bidCpmUsd: 999, pacing: "asap" });
    const clock = testClock(Date.UTC(2026, 10, 22, 6, 0, 0));
    const delivery = await engine({ clock });
    let user = 0;
    const burst = async () => {
      let won = 0;
      for (let index = 0; index < 40; index++) {
        const decision = await delivery.decide(moment({ user_id: `u${user++}` }));
        if (decision.kind === "filled" && decision.view.campaign_id === paced.id) won++;
      }
      return won;
    };
    // at 06:00 the line allows 6 USD + a 15-minute lead (0.25 USD): 7 impressions of 0.999
    expect(await burst()).toBe(7);
    const afterMorning = await db().campaign.findUniqueOrThrow({ where: { id: paced.id } });
    expect(Number(afterMorning.daySpendMicros)).toBeLessThanOrEqual(6_250_000 + 999_000);
    // an hour later about one more dollar is allowed
    clock.now += 3_600_000;
    expect(await burst()).toBe(1);
    // at 18:00 the line is at 18 USD
    clock.now = Date.UTC(2026, 10, 22, 18, 0, 0);
    expect(await burst()).toBe(11);
  });

  it("asap pacing spends the daily budget as fast as moments come", async () => {
    const a = await createTestAdvertiser();
    const b = await createTestAdvertiser();
    const fast = await deliveryCampaign({
      advertiserId: a.advertiserId,
      bidCpmUsd: 1000,
      dailyBudgetUsd: 24,
      pacing: "asap",
    });
    await deliveryCampaign({ advertiserId: b.advertiserId, bidCpmUsd: 999 });
    const delivery = await engine({ clock: testClock(Date.UTC(2026, 10, 22, 0, 5, 0)) });
    let won = 0;
    for (let index = 0; index < 40; index++) {
      const decision = await delivery.decide(moment({ user_id: `u${index}` }));
      if (decision.kind === "filled" && decision.view.campaign_id === fast.id) won++;
    }
    expect(won).toBe(25);
  });
});

describe("the index follows campaign changes", () => {
  it("a bid change announced on the bus is used by the very next decision", async () => {
    const a = await createTestAdvertiser();
    const b = await createTestAdvertiser();
    const mine = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 3 });
    const other = await deliveryCampaign({ advertiserId: b.advertiserId, bidCpmUsd: 2 });
    const delivery = await engine();
    const before = await delivery.decide(moment({ user_id: "u1" }));
    expect(before.kind === "filled" && before.view.clearing_cpm_usd).toBe(2);
    await db().campaign.update({
      where: { id: other.id },
      data: { bidCpmMicros: usdToMicros(2.5), version: { increment: 1 } },
    });
    const { emitCampaignsChanged } = await import("@/lib/process-events");
    emitCampaignsChanged([other.id]);
    const after = await delivery.decide(moment({ user_id: "u2" }));
    expect(after.kind === "filled" && after.view.campaign_id).toBe(mine.id);
    expect(after.kind === "filled" && after.view.clearing_cpm_usd).toBe(2.5);
    // pausing removes it at once
    await db().campaign.update({ where: { id: mine.id }, data: { status: "paused", version: { increment: 1 } } });
    emitCampaignsChanged([mine.id]);
    const paused = await delivery.decide(moment({ user_id: "u3" }));
    expect(paused.kind === "filled" && paused.view.campaign_id).toBe(other.id);
  });

  it("changes made elsewhere (another instance, SQL) are picked up by the periodic check", async () => {
    const a = await createTestAdvertiser();
    const delivery = await engine();
    expect((await delivery.decide(moment({ user_id: "u1" }))).kind).toBe("no_fill");
    const created = await deliveryCampaign({ advertiserId: a.advertiserId });
    await delivery.index.refresh();
    const decision = await delivery.decide(moment({ user_id: "u2" }));
    expect(decision.kind === "filled" && decision.view.campaign_id).toBe(created.id);
  });
});

describe("clicks", () => {
  it("records the first click once and redirects to the action URL with click_id", async () => {
    const a = await createTestAdvertiser();
    const campaign = await deliveryCampaign({
      advertiserId: a.advertiserId,
      creatives: [{ actionUrl: "https://book.example.com/promo?src=push#top" }],
    });
    const clock = testClock();
    const delivery = await engine({ clock });
    const decision = await delivery.decide(moment());
    if (decision.kind !== "filled") throw new Error("expected a fill");
    const clickId = decision.view.click_url.split("/c/")[1]!;
    clock.now += 90 * 60_000;
    const [first, second] = await Promise.all([delivery.click(clickId), delivery.click(clickId)]);
    const third = await delivery.click(clickId);
    for (const location of [first, second, third]) {
      expect(location).toBe(`https://book.example.com/promo?src=push&click_id=${clickId}#top`);
    }
    const clicks = await db().click.findMany();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({
      id: clickId,
      campaignId: campaign.id,
      converted: false,
      clickedAtMs: BigInt(clock.now),
    });
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).clicks).toBe(1n);
    const rollups = await db().hourlyRollup.findMany({ orderBy: { hourMs: "asc" } });
    expect(
      rollups.map((rollup) => [
        Number(rollup.hourMs),
        Number(rollup.impressions),
        Number(rollup.clicks),
        [rollup.clicksM15, rollup.clicksM30, rollup.clicksM45].map(Number),
      ]),
    ).toEqual([
      [NOV_22_NOON, 1, 0, [0, 0, 0]],
      // clicked at 13:30: after minute 30, before minute 45
      [NOV_22_NOON + 3_600_000, 0, 1, [0, 0, 1]],
    ]);
    const events = await db().outboxEvent.findMany({ where: { type: "click.recorded" } });
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toEqual({
      click_id: clickId,
      impression_id: decision.view.impression_id,
      campaign_id: campaign.id,
      creative_id: decision.view.creative_id,
      clicked_at: new Date(clock.now).toISOString(),
    });
    expect(await delivery.click("clk_unknownunknownunknown1")).toBeNull();
    expect(await delivery.click("not-a-click")).toBeNull();
  });
});

describe("sharing the database with the rest of the app", () => {
  it("decisions wait for an open interactive transaction, which then commits its read-then-write", async () => {
    const a = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: a.advertiserId });
    const delivery = await engine();
    let decision: ReturnType<DeliveryEngine["decide"]> | undefined;
    await db().$transaction(async (tx) => {
      const row = await tx.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
      // a decision arrives while the transaction is open between its read and its write
      decision = delivery.decide(moment({ user_id: "during-tx" }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.campaign.update({ where: { id: campaign.id }, data: { name: `${row.name} (renamed)` } });
    });
    expect((await decision!).kind).toBe("filled");
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.name).toBe("Test campaign (renamed)");
    expect(row.impressions).toBe(1n);
  });

  it("writes on its own client's connection, not on that of another client opened later on the same database", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId });
    // a second client (as tests and scripts open) connects after the app's client
    const second = createDb(env().DATABASE_URL);
    await second.$queryRawUnsafe("SELECT 1");
    const delivery = await engine();
    // closing it must not take the engine's connection along
    await second.$disconnect();
    expect((await delivery.decide(moment())).kind).toBe("filled");
    expect(await db().impression.count()).toBe(1);
  });
});

describe("impression.served events", () => {
  it("are written only for advertisers with a subscribed endpoint, from the registration on", async () => {
    const a = await createTestAdvertiser("A");
    await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 3 });
    const delivery = await engine();
    expect((await delivery.decide(moment({ user_id: "u1" }))).kind).toBe("filled");
    expect(await db().impression.count()).toBe(1);
    expect(await db().outboxEvent.count({ where: { type: "impression.served" } })).toBe(0);

    // a click.recorded-only endpoint does not count
    await db().webhookEndpoint.create({
      data: {
        id: crypto.randomUUID(),
        advertiserId: a.advertiserId,
        url: "https://hooks.example.com/c",
        events: '["click.recorded"]',
        secret: "0".repeat(64),
      },
    });
    await delivery.refreshSubscribers();
    expect((await delivery.decide(moment({ user_id: "u2" }))).kind).toBe("filled");
    expect(await db().outboxEvent.count({ where: { type: "impression.served" } })).toBe(0);

    await subscribeToImpressions(a.advertiserId);
    await delivery.refreshSubscribers();
    expect((await delivery.decide(moment({ user_id: "u3" }))).kind).toBe("filled");
    const events = await db().outboxEvent.findMany({ where: { type: "impression.served" } });
    expect(events).toHaveLength(1);
    const third = await db().impression.findFirstOrThrow({ where: { userId: "u3" } });
    expect(JSON.parse(events[0]!.data).impression_id).toBe(third.id);
  });
});
