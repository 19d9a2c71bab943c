// both databases: percentiles over recorded auctions
// E3 from seeded auction rows: percentiles only from a market sample of at
// least 20 auctions won by 3 distinct advertisers, demo auctions left out.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { CLEARING_CACHE_MS, getCachedClearingPrices } from "@/lib/domain/clearing-prices/get-clearing-prices";
import { clearingPricesView } from "@/lib/http/views/catalog";
import { MARKET_MIN_AUCTIONS } from "@/lib/domain/market/market.schemas";
import { newId } from "@/lib/ids";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { expectMatchesOpenApi } from "@/test/openapi";

const { GET } = restRoute("/api/ads/clearing-prices");

let adv: TestAdvertiser;
const DAY = 86_400_000;

/** Moves the clock past the one-minute cache: the next request computes from the rows as they are now. */
const pastTheCache = () => vi.setSystemTime(Date.now() + CLEARING_CACHE_MS);

beforeAll(async () => {
  // Date only, and it keeps running: timers, the database drivers and the request path stay real
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  adv = await createTestAdvertiser();
});
afterAll(() => vi.useRealTimers());
beforeEach(pastTheCache);

async function seed(
  momentType: string,
  clearingUsd: number[],
  options: { agoMs?: number; outcome?: string; sport?: string; winners?: number; sandbox?: boolean } = {},
) {
  const filled = (options.outcome ?? "filled") === "filled";
  const now = Date.now();
  await db().auction.createMany({
    data: clearingUsd.map((usd, i) => ({
      id: newId("auc"),
      momentType,
      sport: options.sport ?? (i % 2 ? "nba" : "nfl"),
      outcome: options.outcome ?? "filled",
      bidders: 2,
      winningBidMicros: BigInt(Math.round(usd * 1e6)) + 1_000_000n,
      clearingCpmMicros: filled ? BigInt(Math.round(usd * 1e6)) : null,
      // by default three advertisers win in turn
      winnerAdvertiserId: filled ? `adv_w${i % (options.winners ?? 3)}` : null,
      sandbox: options.sandbox ?? false,
      occurredAtMs: BigInt(now - (options.agoMs ?? 3_600_000) - i),
    })),
  });
}

describe("GET /api/ads/clearing-prices (E3)", () => {
  it("lists all 11 types with floors and null percentiles when nothing was recorded, cached 15 minutes", async () => {
    const res = await call(GET, "/api/ads/clearing-prices", { headers: await adv.auth([]) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=900");
    expectMatchesOpenApi("GET", "/api/ads/clearing-prices", 200, res.body);
    expect(res.body.as_of).toMatch(/Z$/);
    expect(res.body.moment_types).toHaveLength(11);
    expect(res.body.moment_types.find((t: { moment_type: string }) => t.moment_type === "prediction_resolved")).toEqual(
      {
        moment_type: "prediction_resolved",
        floor_cpm_usd: 0.6,
        clearing_price_p25_usd: null,
        clearing_price_p50_usd: null,
        clearing_price_p75_usd: null,
        clearing_price_p90_usd: null,
      },
    );
  });

  it("computes p25/p50/p75/p90 of clearing prices over the trailing 7 days of filled auctions only", async () => {
    // 1.00, 1.01, ..., 1.20 (21 values, listed twice for two sports): linear-interpolated percentiles
    const prices = Array.from({ length: 21 }, (_, i) => 1 + i / 100);
    await seed("close_game", [...prices, ...prices]);
    // ignored: too old, not filled, other types below the volume threshold
    await seed("close_game", Array(30).fill(50), { agoMs: 8 * DAY });
    await seed("close_game", Array(30).fill(0), { outcome: "no_fill" });
    await seed("overtime", Array(MARKET_MIN_AUCTIONS - 1).fill(3));
    await seed("spread_alert", Array(MARKET_MIN_AUCTIONS).fill(0.3));
    const res = await call(GET, "/api/ads/clearing-prices", { headers: await adv.auth(["reporting:read"]) });
    const byType = Object.fromEntries(res.body.moment_types.map((t: { moment_type: string }) => [t.moment_type, t]));
    // 42 sorted values, each price twice: rank (n-1)p = 10.25 -> 1.05; 20.5 -> 1.10; 30.75 -> 1.15; 36.9 -> 1.18
    expect(byType.close_game).toEqual({
      moment_type: "close_game",
      floor_cpm_usd: 0.35,
      clearing_price_p25_usd: 1.05,
      clearing_price_p50_usd: 1.1,
      clearing_price_p75_usd: 1.15,
      clearing_price_p90_usd: 1.18,
    });
    expect(byType.overtime.clearing_price_p50_usd).toBeNull();
    expect(byType.spread_alert).toMatchObject({ clearing_price_p25_usd: 0.3, clearing_price_p90_usd: 0.3 });
    // never an individual bid: no winning bids, no per-auction rows
    expect(res.text).not.toMatch(/winning|bidders|auc_/);
    expectMatchesOpenApi("GET", "/api/ads/clearing-prices", 200, res.body);
  });

  it("publishes nothing from two advertisers' auctions, however many, and publishes them with a third", async () => {
    // two bidders: each auction's clearing price is the other's bid
    await seed("prop_alert", Array(500).fill(1.5), { winners: 2 });
    // three demo advertisers (adv_w0..2 again): never counted
    await seed("prop_alert", Array(500).fill(0.9), { sandbox: true });
    // a filled auction whose winner was not recorded (before winners were) cannot be attributed: not counted
    await db().auction.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        id: newId("auc"),
        momentType: "prop_alert",
        sport: "nba",
        outcome: "filled",
        bidders: 2,
        winningBidMicros: 2_000_000n,
        clearingCpmMicros: 1_000_000n,
        occurredAtMs: BigInt(Date.now() - 60_000 - i),
      })),
    });
    const prop = async () => {
      pastTheCache();
      const res = await call(GET, "/api/ads/clearing-prices", { headers: await adv.auth([]) });
      return res.body.moment_types.find((t: { moment_type: string }) => t.moment_type === "prop_alert");
    };
    expect(await prop()).toMatchObject({
      clearing_price_p25_usd: null,
      clearing_price_p50_usd: null,
      clearing_price_p75_usd: null,
      clearing_price_p90_usd: null,
    });

    // a third advertiser's single auction makes a sample: 500 at 1.50 and one at 2.50 (the demo's 0.90 stay out, or
    // p25 would be 0.90)
    await db().auction.create({
      data: {
        id: newId("auc"),
        momentType: "prop_alert",
        sport: "nfl",
        outcome: "filled",
        bidders: 2,
        winningBidMicros: 3_000_000n,
        clearingCpmMicros: 2_500_000n,
        winnerAdvertiserId: "adv_third",
        occurredAtMs: BigInt(Date.now() - 60_000),
      },
    });
    expect(await prop()).toMatchObject({
      clearing_price_p25_usd: 1.5,
      clearing_price_p50_usd: 1.5,
      clearing_price_p90_usd: 1.5,
    });
  });

  it("counts a moment's row of alike auctions as the auctions it stands for (samples and percentiles)", async () => {
    // three rows, 20 auctions: a publishable sample (counted as rows it would be 3, and null)
    const at = BigInt(Date.now() - 60_000);
    await db().auction.createMany({
      data: [
        { usd: 1, count: 7, winner: "adv_w0" },
        { usd: 2, count: 7, winner: "adv_w1" },
        { usd: 3, count: 6, winner: "adv_w2" },
      ].map(({ usd, count, winner }) => ({
        id: newId("auc"),
        momentType: "bet_resolved",
        sport: "mlb",
        outcome: "filled",
        bidders: 3,
        winningBidMicros: BigInt(usd * 1e6) + 500_000n,
        clearingCpmMicros: BigInt(usd * 1e6),
        winnerAdvertiserId: winner,
        occurredAtMs: at,
        auctionCount: count,
      })),
    });
    const res = await call(GET, "/api/ads/clearing-prices", { headers: await adv.auth([]) });
    // 20 sorted values: 7 x 1.00, 7 x 2.00, 6 x 3.00; ranks 4.75, 9.5, 14.25, 17.1
    expect(res.body.moment_types.find((t: { moment_type: string }) => t.moment_type === "bet_resolved")).toMatchObject({
      clearing_price_p25_usd: 1,
      clearing_price_p50_usd: 2,
      clearing_price_p75_usd: 3,
      clearing_price_p90_usd: 3,
    });
  });

  it("recomputes at most once a minute, sharing one computation between concurrent callers", async () => {
    const t0 = new Date("2026-05-01T12:00:00.000Z");
    const [a, b] = await Promise.all([
      getCachedClearingPrices({ clock: fixedClock(t0) }),
      getCachedClearingPrices({ clock: fixedClock(t0) }),
    ]);
    expect(a).toBe(b);
    expect(await getCachedClearingPrices({ clock: fixedClock(t0.getTime() + 59_999) })).toBe(a);
    const later = await getCachedClearingPrices({ clock: fixedClock(t0.getTime() + 60_000) });
    expect(later).not.toBe(a);
    expect(clearingPricesView(later).as_of).toBe("2026-05-01T12:01:00.000Z");
  });

  it("needs a valid token", async () => {
    const res = await call(GET, "/api/ads/clearing-prices");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expectMatchesOpenApi("GET", "/api/ads/clearing-prices", 401, res.body);
  });
});
