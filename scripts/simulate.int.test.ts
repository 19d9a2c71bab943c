// `npm run simulate` against a real server: the service's recorded totals match
// the simulator's own counts, and each impression the region its user was sent with.
import { restRoute } from "@/test/rest-routes";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { db } from "@/lib/db/client";
import { deliveryEngine, stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { countAuctions, deliveryCampaign } from "@/test/delivery-engine";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { countProfiles, simulatedProfiles } from "@/lib/simulator/jurisdictions";
import type { SimulationSummary } from "@/lib/simulator/run-simulation";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";

const { GET: postbackRoute } = restRoute("/api/ads/postback");

const run = promisify(execFile);
let server: HotServer;

beforeAll(async () => {
  // the simulator converts through the real postback route handler (E16)
  server = await startHotServer({ "/api/ads/postback": { GET: postbackRoute } });
});
afterAll(async () => {
  await server.close();
  await stopDeliveryEngine();
});

describe("npm run simulate", () => {
  it("completes a short run and the recorded totals match the simulator's counts", async () => {
    const { key } = await createPlatformKey("simulator");
    const a = await createTestAdvertiser("A");
    const b = await createTestAdvertiser("B");
    const all = {
      momentTypes: [...MOMENT_TYPE_KEYS],
      sports: ["nba", "nfl", "mlb", "ncaa_basketball"],
      dailyBudgetUsd: 1000,
      totalBudgetUsd: 5000,
    };
    await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 3, ...all, creatives: [{}, {}] });
    await deliveryCampaign({
      advertiserId: b.advertiserId,
      bidCpmUsd: 2.5,
      ...all,
      momentTypes: ["close_game", "bet_resolved", "spread_alert", "overtime"],
    });

    const { stdout } = await run(
      "node_modules/.bin/tsx",
      [
        "scripts/simulate.ts",
        "--base-url",
        server.url,
        "--platform-key",
        key,
        "--games",
        "4",
        "--users",
        "120",
        "--speed",
        "0",
        "--seed",
        "7",
        "--json",
      ],
      { env: { ...process.env, LOG_LEVEL: "silent" }, timeout: 120_000 },
    );
    const summary = JSON.parse(stdout) as SimulationSummary;
    await (await deliveryEngine()).writer.flush();

    // seed 7 fixes the games and their moments; A bids on every moment, so a decision
    // goes unfilled only when a per-user cap holds it, and how many the caps hold does
    // not depend on the order in which concurrent decisions arrive
    expect(summary.moments).toBe(1723);
    // each moment went out once for all its users (POST /api/delivery/moments), not once per user
    expect(summary.requests).toBeGreaterThan(0);
    expect(summary.requests).toBeLessThan(summary.moments / 2);
    expect(summary.decisions).toEqual({ requested: 1723, filled: 908, noFill: 815, errors: 0 });
    expect(await db().auction.count({ where: { outcome: "no_fill" } })).toBe(0);
    expect(Object.keys(summary.sports).sort()).toEqual(["mlb", "nba", "ncaa_basketball", "nfl"]);
    expect(await countAuctions()).toBe(summary.decisions.requested);
    expect(await countAuctions({ outcome: "filled" })).toBe(summary.decisions.filled);
    expect(await db().impression.count()).toBe(summary.decisions.filled);
    // the users went out with their regions (A and B are general advertisers: regions do not change the fill)
    const profiles = new Map(simulatedProfiles(120, 7).map((profile) => [profile.id, profile]));
    expect(summary.audience).toEqual(countProfiles([...profiles.values()]));
    const impressions = await db().impression.findMany({ select: { userId: true, region: true } });
    for (const impression of impressions) expect(impression.region).toBe(profiles.get(impression.userId)!.region);
    expect(new Set(impressions.map((impression) => impression.region)).size).toBeGreaterThan(10);
    expect(await countAuctions({ outcome: { in: ["no_fill", "capped"] } })).toBe(summary.decisions.noFill);
    const counters = await db().campaign.aggregate({ _sum: { impressions: true, clicks: true, spendMicros: true } });
    expect(Number(counters._sum.impressions)).toBe(summary.decisions.filled);
    expect(summary.clicks.redirected).toBe(summary.clicks.attempted);
    expect(await db().click.count()).toBe(summary.clicks.unique);
    expect(Number(counters._sum.clicks)).toBe(summary.clicks.unique);
    const rollups = await db().hourlyRollup.aggregate({ _sum: { impressions: true, clicks: true, spendMicros: true } });
    expect(Number(rollups._sum.impressions)).toBe(summary.decisions.filled);
    expect(Number(rollups._sum.clicks)).toBe(summary.clicks.unique);
    expect(rollups._sum.spendMicros).toBe(counters._sum.spendMicros);
    // the spend the simulator saw, within the per-impression rounding of CPM / 1000
    expect(Math.abs(Number(counters._sum.spendMicros) / 1e6 - summary.spendUsd)).toBeLessThanOrEqual(
      summary.decisions.filled * 1e-6,
    );
    // conversions go through the real postback endpoint. Which moments of a user past a
    // cap fill depends on arrival order, and clicks and conversions follow the filled
    // moments, so their exact number is not fixed by the seed: the run must have made some
    // (else the equalities below would hold vacuously), and every one must be recorded.
    expect(summary.conversions.attempted).toBeGreaterThan(0);
    expect(summary.conversions).toMatchObject({ recorded: summary.conversions.attempted, failed: 0 });
    expect(await db().conversion.count()).toBe(summary.conversions.recorded);
    const converted = await db().campaign.aggregate({ _sum: { conversions: true } });
    expect(Number(converted._sum.conversions)).toBe(summary.conversions.recorded);
    expect(await db().click.count({ where: { converted: true } })).toBe(summary.conversions.recorded);
  }, 150_000);
});
