// both databases: percentiles over recorded impressions
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { createTestCampaign } from "@/test/factories/campaigns";
import { CTR_CACHE_MS } from "@/lib/domain/moment-types/list-moment-types";
import { listMomentTypes } from "@/test/catalog";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";

const { GET } = restRoute("/api/ads/moment-types");

/** Moves the clock past the one-minute CTR cache: the next read computes from the rows as they are now. */
const pastTheCache = () => vi.setSystemTime(Date.now() + CTR_CACHE_MS);
// Date only, and it keeps running: timers, the database drivers and the request path stay real
beforeAll(() => vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true }));
afterAll(() => vi.useRealTimers());

const SPEC_FLOORS: Record<string, [string, number]> = {
  bet_resolved: ["Bet Resolved", 0.5],
  prediction_resolved: ["Prediction Resolved", 0.6],
  overtime: ["Overtime", 0.4],
  close_game: ["Close Game", 0.35],
  spread_alert: ["Spread Alert", 0.3],
  moneyline_alert: ["Moneyline Alert", 0.3],
  total_alert: ["Total Alert", 0.25],
  prop_alert: ["Prop Alert", 0.25],
  position_alert: ["Position Alert", 0.2],
  foul_trouble: ["Foul Trouble", 0.15],
  follow_alert: ["Follow Alert", 0.1],
};

async function seedCampaignRollup(
  advertiserId: string,
  index: number,
  impressions: number,
  clicks: number,
  options: { momentType?: string; agoHours?: number } = {},
) {
  const id = `cmp_ctr${index}`;
  await createTestCampaign({ id, advertiserId, name: `c${index}`, bidCpmUsd: 1, creatives: [] });
  await db().hourlyRollup.create({
    data: {
      campaignId: id,
      creativeId: `cr_${index}`,
      momentType: options.momentType ?? "close_game",
      sport: "nba",
      hourMs: BigInt(Math.floor(Date.now() / 3_600_000) * 3_600_000 - (options.agoHours ?? 1) * 3_600_000),
      impressions: BigInt(impressions),
      clicks: BigInt(clicks),
      spendMicros: 1n,
    },
  });
}

describe("GET /api/ads/moment-types (E2)", () => {
  it("is public, cached for an hour, and lists the 11 types with the spec's names and floors", async () => {
    const res = await call(GET, "/api/ads/moment-types");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.body).toHaveLength(11);
    for (const type of res.body) {
      const [displayName, floor] = SPEC_FLOORS[type.key]!;
      expect(type).toEqual({
        key: type.key,
        display_name: displayName,
        description: expect.any(String),
        floor_cpm_usd: floor,
        typical_ctr_low: null,
        typical_ctr_high: null,
        available_sports: expect.any(Array),
      });
    }
    const sports = Object.fromEntries(
      res.body.map((t: { key: string; available_sports: string[] }) => [t.key, t.available_sports]),
    );
    expect(sports.foul_trouble).toEqual(["ncaa_basketball", "nba"]);
    expect(sports.overtime).toEqual(["ncaa_basketball", "nba", "nfl", "mlb"]);
  });

  it("publishes a CTR range only from enough real volume of 3 advertisers: p25 and p75 of per-campaign CTR", async () => {
    pastTheCache();
    const [a, b, c] = [
      await createTestAdvertiser("A"),
      await createTestAdvertiser("B"),
      await createTestAdvertiser("C"),
    ];
    const closeGame = async (now: Date) =>
      (await listMomentTypes({ clock: fixedClock(now) })).find((t) => t.key === "close_game")!;
    const t0 = new Date();
    await seedCampaignRollup(a.advertiserId, 1, 1000, 10); // 1.0%
    await seedCampaignRollup(a.advertiserId, 2, 2000, 60); // 3.0%
    await seedCampaignRollup(b.advertiserId, 3, 499, 400); // below 500 impressions: ignored
    await seedCampaignRollup(b.advertiserId, 4, 500, 10); // 2.0%
    // four qualifying campaigns, but from two advertisers only: nothing is published
    expect(await closeGame(t0)).toMatchObject({ typical_ctr_low: null, typical_ctr_high: null });

    await seedCampaignRollup(c.advertiserId, 5, 4000, 200); // 5.0%
    // computed at most once a minute
    expect((await closeGame(new Date(t0.getTime() + 59_000))).typical_ctr_low).toBeNull();
    const later = await closeGame(new Date(t0.getTime() + 60_000));
    // CTRs sorted: 0.01, 0.02, 0.03, 0.05 -> p25 = 0.0175, p75 = 0.035 (linear interpolation)
    expect(later.typical_ctr_low).toBe(0.0175);
    expect(later.typical_ctr_high).toBe(0.035);
    const overtime = (await listMomentTypes({ clock: fixedClock(t0.getTime() + 60_000) })).find(
      (t) => t.key === "overtime",
    )!;
    expect(overtime.typical_ctr_low).toBeNull();
  });

  it("counts neither the demo's (sandbox) advertisers nor campaigns older than the 7-day window", async () => {
    pastTheCache();
    const [a, b, demo, old, c] = [
      await createTestAdvertiser("A"),
      await createTestAdvertiser("B"),
      await createTestAdvertiser("Demo"),
      await createTestAdvertiser("Old"),
      await createTestAdvertiser("C"),
    ];
    await db().advertiser.update({ where: { id: demo.advertiserId }, data: { sandbox: true } });
    const bet = { momentType: "bet_resolved" };
    await seedCampaignRollup(a.advertiserId, 11, 1000, 10, bet); // 1.0%
    await seedCampaignRollup(b.advertiserId, 12, 1000, 20, bet); // 2.0%
    await seedCampaignRollup(demo.advertiserId, 13, 1000, 90, bet); // the demo's 9.0%
    await seedCampaignRollup(old.advertiserId, 14, 1000, 80, { ...bet, agoHours: 8 * 24 }); // 8 days ago: 8.0%
    const betResolved = async () => {
      pastTheCache();
      return (await listMomentTypes()).find((t) => t.key === "bet_resolved")!;
    };
    // two real advertisers in the window: nothing is published
    expect(await betResolved()).toMatchObject({ typical_ctr_low: null, typical_ctr_high: null });
    await seedCampaignRollup(c.advertiserId, 15, 1000, 30, bet); // 3.0%
    // 0.01, 0.02, 0.03 -> p25 0.015, p75 0.025 (with the demo's or the old campaign's, p75 would be higher)
    expect(await betResolved()).toMatchObject({ typical_ctr_low: 0.015, typical_ctr_high: 0.025 });
  });
});
