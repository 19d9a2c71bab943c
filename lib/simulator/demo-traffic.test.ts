// The demo's traffic keeps filling ads hour after hour with the real caps in
// force (5 alerts per user per game, 10 per rolling hour): the users rotate. The
// delivery endpoint is answered in memory by the engine's own cap rules on a
// simulated clock that advances as a step of the games takes at the demo's
// speed (30 game seconds at 15x: 2 seconds); every ad that the caps allow fills.
// Every moment names its users with their region and exclusions, which a user
// keeps for as long as they stay.
import { describe, expect, it } from "vitest";
import type { MomentUser } from "@/lib/delivery/delivery.schemas";
import { UserCaps } from "@/lib/delivery/rules/caps";
import { isRegionCode } from "@/lib/domain/regions/regions";
import { runDemoTraffic } from "./demo-traffic";
import type { HttpClient } from "./http-client";
import { countProfiles } from "./jurisdictions";
import { createPopulation } from "./population";
import { createRng } from "@/lib/random";

const START = Date.parse("2026-03-01T18:00:00Z");
const STEP_MS = (30 * 1000) / 15;

type SentUser = Required<MomentUser>;

function cappedServer() {
  const caps = new UserCaps();
  let now = START;
  let impressions = 0;
  /** every user of every moment, as sent */
  const sent: SentUser[] = [];
  const client: HttpClient = {
    request: async (method, url, options = {}) => {
      const path = new URL(url).pathname;
      if (method === "POST" && path === "/api/delivery/moments") {
        const body = JSON.parse(options.body!) as { game_id: string; users: SentUser[]; user_ids?: unknown };
        expect(body.user_ids).toBeUndefined();
        sent.push(...body.users);
        const decisions = body.users.map(({ user_id: userId }) => {
          if (!caps.tryReserve(userId, body.game_id, now))
            return { user_id: userId, impression_id: null, reason: "capped" };
          impressions += 1;
          return {
            user_id: userId,
            impression_id: `imp_${impressions}`,
            campaign_id: "cmp_demo",
            clearing_cpm_usd: 3,
            click_url: `http://demo.test/c/clk_${impressions}`,
          };
        });
        return { status: 200, headers: {}, body: JSON.stringify({ decisions }) };
      }
      if (path.startsWith("/c/")) return { status: 302, headers: {}, body: "" };
      return { status: 200, headers: {}, body: "{}" };
    },
    close: () => {},
  };
  return { client, sent, tick: () => (now += STEP_MS), elapsedHours: () => (now - START) / 3_600_000 };
}

/** The users the demo's moments named over `rounds` rounds of `seed`, each with their profile as sent. */
async function usersSent(seed: number, rounds: number): Promise<{ sent: SentUser[]; users: Map<string, SentUser> }> {
  const server = cappedServer();
  await runDemoTraffic({
    baseUrl: "http://demo.test",
    platformKey: "pk_test",
    seed,
    rounds,
    speed: 0,
    client: server.client,
    clock: () => START,
    onProgress: () => server.tick(),
  });
  return { sent: server.sent, users: new Map(server.sent.map((user) => [user.user_id, user])) };
}

/** Filled ads per round over `hours` simulated hours, with the given churn. */
async function fills(churn: number, hours: number): Promise<number[]> {
  const server = cappedServer();
  const filled: number[] = [];
  const stop = new AbortController();
  await runDemoTraffic({
    baseUrl: "http://demo.test",
    platformKey: "pk_test",
    seed: 42,
    churn,
    speed: 0,
    client: server.client,
    signal: stop.signal,
    clock: () => START,
    onProgress: () => server.tick(),
    onRound: (_, summary) => {
      filled.push(summary.decisions.filled);
      if (server.elapsedHours() >= hours) stop.abort();
    },
  });
  return filled;
}

describe("demo traffic", () => {
  it("keeps the fill per round within a band for 3 simulated hours, every round filling ads", async () => {
    const filled = await fills(0.5, 3);
    expect(filled.length).toBeGreaterThanOrEqual(30);
    const steady = filled.slice(1);
    const mean = steady.reduce((sum, value) => sum + value, 0) / steady.length;
    expect(mean).toBeGreaterThan(filled[0]! * 0.4);
    for (const value of steady) {
      expect(value).toBeGreaterThan(mean * 0.5);
      expect(value).toBeLessThan(mean * 1.5);
    }
  });

  it("starves without rotation: the same users every round get next to nothing until their hour rolls over", async () => {
    const filled = await fills(0, 1);
    expect(filled[0]).toBeGreaterThan(500);
    // rounds 4 to 13 (the rest of the hour): the caps hold nearly every alert
    expect(filled.slice(3, 13).every((value) => value < filled[0]! * 0.05)).toBe(true);
  });
});

describe("the demo's bettors", () => {
  it("are named with their region and exclusions in every moment, each user's the same while they stay", async () => {
    const { sent, users } = await usersSent(42, 3);
    // three rounds of 200 users, half of them new each round
    expect(users.size).toBeGreaterThan(350);
    for (const user of sent) {
      expect(users.get(user.user_id)).toEqual(user);
      if (user.region !== null) expect(isRegionCode(user.region)).toBe(true);
    }
  });

  it("are mostly in legal betting regions, about one in ten self-excluded; the same seed, the same people", async () => {
    const { users } = await usersSent(42, 3);
    const counts = countProfiles(
      [...users.values()].map((user) => ({ region: user.region, excludedCategories: user.excluded_categories })),
    );
    expect(counts.legalRegion / users.size).toBeGreaterThan(0.7);
    expect(counts.legalRegion / users.size).toBeLessThan(0.9);
    expect(counts.otherRegion).toBeGreaterThan(0);
    expect(counts.unknownRegion).toBeGreaterThan(0);
    expect(counts.selfExcluded / users.size).toBeGreaterThan(0.05);
    expect(counts.selfExcluded / users.size).toBeLessThan(0.15);
    expect(counts.alcoholExcluded).toBeGreaterThan(0);
    expect((await usersSent(42, 3)).users).toEqual(users);
  });
});

describe("a rotating population", () => {
  it("keeps its size, replaces leavers with new ids and never reuses one", () => {
    const population = createPopulation({ size: 100, churn: 0.3, prefix: "t" });
    const rng = createRng(1);
    const first = population.nextRound(rng);
    const second = population.nextRound(rng);
    expect(first).toHaveLength(100);
    expect(second).toHaveLength(100);
    expect(new Set(second.map((user) => user.id)).size).toBe(100);
    // a stayer is the same person: the same region and exclusions
    const stayed = second.filter((user) => first.includes(user)).length;
    expect(second.filter((user) => first.some((earlier) => earlier.id === user.id)).length).toBe(stayed);
    expect(stayed).toBeGreaterThan(55);
    expect(stayed).toBeLessThan(85);
    expect(population.seen).toBe(100 + (100 - stayed));
    expect(() => createPopulation({ size: 1, churn: 2, prefix: "t" })).toThrow(/churn/);
  });
});
