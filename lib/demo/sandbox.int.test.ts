// Demo traffic is sandboxed (docs/decisions/0903): decisions made with the demo
// platform key consider only the demo advertisers' campaigns, no other key ever
// sees a demo campaign, and the seeded demo password is generated per database.
// The demo's sportsbooks serve only bettors in their licensed regions who have not
// self-excluded, in single decisions and in a simulated run of the demo's traffic.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { verifyPassword } from "@/lib/auth/passwords";
import { db } from "@/lib/db/client";
import { deliveryEngine, stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { liesIn } from "@/lib/domain/regions/regions";
import { runDemoTraffic } from "@/lib/simulator/demo-traffic";
import { createHttpClient, type HttpClient } from "@/lib/simulator/http-client";
import { deliveryCampaign } from "@/test/delivery-engine";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { DEMO_LICENSED_REGIONS } from "./demo-campaigns";
import { DEMO_EMAIL, newDemoPassword, seedDemo, type DemoCredentials } from "./seed-demo";

const log = pino({ level: "silent" });
const dir = mkdtempSync(join(tmpdir(), "sma-demo-"));
const credentialsPath = join(dir, "demo-credentials.json");
let server: HotServer;
let demo: DemoCredentials;
let realKey: string;
let realCampaignId: string;
let sandboxCampaigns: Set<string>;

beforeAll(async () => {
  demo = await seedDemo(log, credentialsPath);
  // a real advertiser bidding far above every demo campaign where they all compete
  const real = await createTestAdvertiser("Real Sportsbook");
  realCampaignId = (
    await deliveryCampaign({
      advertiserId: real.advertiserId,
      bidCpmUsd: 900,
      momentTypes: ["close_game"],
      sports: ["nba"],
      startDate: "2020-01-01",
    })
  ).id;
  realKey = (await createPlatformKey("A real publisher")).key;
  const sandboxed = await db().campaign.findMany({ where: { advertiser: { sandbox: true } }, select: { id: true } });
  sandboxCampaigns = new Set(sandboxed.map((row) => row.id));
  server = await startHotServer();
});
afterAll(async () => {
  await server.close();
  await stopDeliveryEngine();
  rmSync(dir, { recursive: true, force: true });
});

type Audience = { region?: string; excluded_categories?: string[] };

async function decide(key: string, momentType: string, sport: string, user: string, audience: Audience = {}) {
  const response = await fetch(`${server.url}/api/delivery/decisions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ moment_type: momentType, sport, game_id: `g-${user}`, user_id: user, ...audience }),
  });
  return {
    status: response.status,
    body:
      response.status === 200 ? ((await response.json()) as { campaign_id: string; clearing_cpm_usd: number }) : null,
  };
}

describe("the demo seed", () => {
  it("makes the demo advertiser a sportsbook licensed where the simulated bettors may bet", async () => {
    const advertiser = await db().advertiser.findUniqueOrThrow({ where: { id: demo.advertiser_id } });
    expect(advertiser).toMatchObject({ category: "gambling", sandbox: true });
    expect(JSON.parse(advertiser.licensedRegions!)).toEqual(DEMO_LICENSED_REGIONS);
    expect(DEMO_LICENSED_REGIONS).toEqual(expect.arrayContaining(["US-NJ", "US-NY", "CA-ON"]));
  });

  it("makes the demo advertiser, its two rivals and the simulator's key the sandbox", async () => {
    const advertisers = await db().advertiser.findMany({ where: { sandbox: true }, select: { email: true } });
    expect(advertisers.map((row) => row.email).sort()).toEqual(
      [DEMO_EMAIL, "rival-1@sportsmomentads.test", "rival-2@sportsmomentads.test"].sort(),
    );
    const keys = await db().platformKey.findMany({ where: { sandbox: true }, select: { name: true } });
    expect(keys.map((row) => row.name)).toEqual(["Demo simulator"]);
    expect(sandboxCampaigns.size).toBeGreaterThanOrEqual(5);
    expect(sandboxCampaigns.has(realCampaignId)).toBe(false);
  });

  it("generates the password, stores only its hash, and writes it with the other credentials (owner-only file)", async () => {
    const saved = JSON.parse(readFileSync(credentialsPath, "utf8")) as DemoCredentials;
    expect(saved).toEqual(demo);
    expect(saved.password).toMatch(/^[0-9A-Za-z]{24}$/);
    expect(statSync(credentialsPath).mode & 0o777).toBe(0o600);
    const user = await db().user.findUniqueOrThrow({ where: { email: DEMO_EMAIL } });
    expect(user.passwordHash).not.toContain(saved.password);
    expect(await verifyPassword(saved.password, user.passwordHash)).toBe(true);
    expect(new Set(Array.from({ length: 50 }, newDemoPassword)).size).toBe(50);
    // an invoiced account with a credit line, billed monthly from its simulated spend
    expect(await db().billingAccount.findUniqueOrThrow({ where: { advertiserId: saved.advertiser_id } })).toMatchObject(
      {
        mode: "invoiced",
        creditLimitMicros: 50_000_000_000n,
      },
    );
  });

  it("a restart with the file keeps the credentials; without it, new ones (a new password replaces the old)", async () => {
    expect(await seedDemo(log, credentialsPath)).toEqual(demo);
    const elsewhere = join(dir, "other.json");
    const fresh = await seedDemo(log, elsewhere);
    expect(fresh.advertiser_id).toBe(demo.advertiser_id);
    expect(fresh.password).not.toBe(demo.password);
    const user = await db().user.findUniqueOrThrow({ where: { email: DEMO_EMAIL } });
    expect(await verifyPassword(fresh.password, user.passwordHash)).toBe(true);
    expect(await verifyPassword(demo.password, user.passwordHash)).toBe(false);
    expect(await db().platformKey.count({ where: { sandbox: true } })).toBe(2);
  });

  it("licenses a demo advertiser an older seed made, and leaves a licence set since alone", async () => {
    const where = { id: demo.advertiser_id };
    const licence = async () =>
      db().advertiser.findUniqueOrThrow({ where, select: { category: true, licensedRegions: true } });
    const seeded = await licence();
    await db().advertiser.update({ where, data: { category: "general", licensedRegions: null } });
    await seedDemo(log, credentialsPath);
    expect(await licence()).toEqual(seeded);
    await db().advertiser.update({ where, data: { licensedRegions: '["US-NJ"]' } });
    await seedDemo(log, credentialsPath);
    expect(await licence()).toEqual({ category: "gambling", licensedRegions: '["US-NJ"]' });
    await db().advertiser.update({ where, data: seeded });
  });

  it("keeps the credentials file 0600 at every start, and creates its directory 0700 (docs/decisions/0915)", async () => {
    const elsewhere = join(dir, "other.json");
    chmodSync(elsewhere, 0o644);
    const saved = await seedDemo(log, elsewhere);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o600);
    const previousUmask = process.umask(0o022);
    try {
      const nested = join(dir, "fresh", "data", "demo-credentials.json");
      const fresh = await seedDemo(log, nested);
      expect(fresh.advertiser_id).toBe(saved.advertiser_id);
      expect(statSync(nested).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, "fresh", "data")).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, "fresh")).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(previousUmask);
    }
  });
});

describe("decisions", () => {
  it("with the demo key consider only the demo advertisers' campaigns", async () => {
    let filled = 0;
    for (let index = 0; index < 30; index++) {
      const answer = await decide(demo.platform_key, "close_game", "nba", `demo-user-${index}`, { region: "US-PA" });
      if (!answer.body) continue;
      filled++;
      expect(sandboxCampaigns.has(answer.body.campaign_id)).toBe(true);
      // the real campaign's 900 USD bid never set a demo price (the demo bids are a few USD)
      expect(answer.body.clearing_cpm_usd).toBeLessThan(10);
    }
    // every demo user is new and the sandbox sportsbooks bid on close_game in the NBA in Pennsylvania: all fill
    expect(filled).toBe(30);
  });

  it("with any other key never see a demo campaign: the real campaign is a lone bidder and pays the floor", async () => {
    for (let index = 0; index < 10; index++) {
      const answer = await decide(realKey, "close_game", "nba", `real-user-${index}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ campaign_id: realCampaignId, clearing_cpm_usd: 0.35 });
    }
    // where only demo campaigns bid, a real key gets no fill
    for (const [momentType, sport] of [
      ["bet_resolved", "mlb"],
      ["position_alert", "nfl"],
      ["prop_alert", "nba"],
    ] as const) {
      expect((await decide(realKey, momentType, sport, `real-${momentType}`)).status).toBe(204);
    }
  });

  it("record their auctions as sandbox or not, with the winning advertiser, so market statistics can leave the demo out", async () => {
    const auctions = await db().auction.findMany({
      select: { outcome: true, sandbox: true, winnerAdvertiserId: true, auctionCount: true },
    });
    const total = (rows: { auctionCount: number }[]) => rows.reduce((sum, row) => sum + row.auctionCount, 0);
    const demoAdvertisers = new Set(
      (await db().advertiser.findMany({ where: { sandbox: true }, select: { id: true } })).map((row) => row.id),
    );
    const sandboxed = auctions.filter((auction) => auction.sandbox);
    const real = auctions.filter((auction) => !auction.sandbox);
    // the tests above: 30 demo decisions, all filled; 10 real fills and 3 real no-fills
    expect(total(sandboxed)).toBe(30);
    expect(sandboxed.every((auction) => demoAdvertisers.has(auction.winnerAdvertiserId!))).toBe(true);
    expect(total(real.filter((auction) => auction.outcome === "filled"))).toBe(10);
    const realWinner = (await db().campaign.findUniqueOrThrow({ where: { id: realCampaignId } })).advertiserId;
    for (const auction of real) {
      expect(auction.winnerAdvertiserId).toBe(auction.outcome === "filled" ? realWinner : null);
    }
  });
});

describe("the demo's jurisdictions", () => {
  it("no sportsbook serves a bettor of unknown region, outside the licence, or self-excluded", async () => {
    // only the two sandbox sportsbooks bid on close_game in the NBA
    const refused: [string, Audience][] = [
      ["unknown", {}],
      ["texas", { region: "US-TX" }],
      ["abroad", { region: "GB" }],
      ["self-excluded", { region: "US-NJ", excluded_categories: ["gambling"] }],
    ];
    for (const [who, audience] of refused)
      expect((await decide(demo.platform_key, "close_game", "nba", `jur-${who}`, audience)).status).toBe(204);
    const nj = await decide(demo.platform_key, "close_game", "nba", "jur-nj", { region: "US-NJ" });
    const boost = await db().campaign.findFirstOrThrow({ where: { name: "New Jersey: live-bet boost" } });
    // the New Jersey boost outbids the rest there
    expect(nj.body?.campaign_id).toBe(boost.id);
  });

  it("a simulated run serves the demo advertiser only in its licensed regions, never to a self-excluded bettor", async () => {
    // the users each moment named, as sent
    type SentUser = { user_id: string; region: string | null; excluded_categories: string[] };
    const sent = new Map<string, SentUser>();
    const http = createHttpClient(4);
    const client: HttpClient = {
      request: (method, url, options) => {
        if (url.endsWith("/api/delivery/moments"))
          for (const user of (JSON.parse(options!.body!) as { users: SentUser[] }).users) sent.set(user.user_id, user);
        return http.request(method, url, options);
      },
      close: http.close,
    };
    try {
      await runDemoTraffic({
        baseUrl: server.url,
        platformKey: demo.platform_key,
        seed: 11,
        rounds: 1,
        users: 150,
        speed: 0,
        client,
      });
    } finally {
      http.close();
    }
    await (await deliveryEngine()).writer.flush();
    const licence = new Set(DEMO_LICENSED_REGIONS);
    const gamblers = new Set(
      (await db().advertiser.findMany({ where: { category: "gambling" }, select: { id: true } })).map((row) => row.id),
    );
    const impressions = await db().impression.findMany({
      where: { userId: { in: [...sent.keys()] } },
      select: { advertiserId: true, campaignId: true, userId: true, region: true },
    });
    const ofDemo = impressions.filter((impression) => impression.advertiserId === demo.advertiser_id);
    expect(ofDemo.length).toBeGreaterThan(50);
    for (const impression of impressions) {
      // each impression records the region its user was sent with
      expect(impression.region).toBe(sent.get(impression.userId)!.region);
      if (!gamblers.has(impression.advertiserId)) continue;
      expect(impression.region !== null && liesIn(impression.region, licence)).toBe(true);
      expect(sent.get(impression.userId)!.excluded_categories).not.toContain("gambling");
    }
    // the map is not one state: the demo advertiser reached many of its licensed regions
    expect(new Set(ofDemo.map((impression) => impression.region)).size).toBeGreaterThan(5);
    const boost = await db().campaign.findFirstOrThrow({ where: { name: "New Jersey: live-bet boost" } });
    const promo = await db().campaign.findFirstOrThrow({ where: { name: "Settled bets: next-game promo" } });
    const inCampaign = (id: string) => ofDemo.filter((impression) => impression.campaignId === id);
    expect(inCampaign(boost.id).every((impression) => impression.region === "US-NJ")).toBe(true);
    expect(inCampaign(promo.id).some((impression) => impression.region === "CA-ON")).toBe(false);
    // the run had bettors the sportsbooks may not serve, and the prediction exchange (general) served some of them
    const unlicensed = [...sent.values()].filter(
      (user) => user.region === null || !liesIn(user.region, licence) || user.excluded_categories.includes("gambling"),
    );
    expect(unlicensed.length).toBeGreaterThan(20);
    expect(
      impressions.some(
        (impression) =>
          !gamblers.has(impression.advertiserId) && (impression.region === null || !liesIn(impression.region, licence)),
      ),
    ).toBe(true);
  }, 120_000);
});
