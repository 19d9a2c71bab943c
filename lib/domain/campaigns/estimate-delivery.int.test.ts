// both databases: aggregates over recorded auctions
// The estimates' sample is kept ESTIMATE_CACHE_MS per advertiser and lane set
// (docs/decisions/0304): a repeated preview, in the bid's bucket or another,
// reads no auction; the clock passing the TTL reads them again. Statements are
// counted through Prisma's query events on the process-wide client (as
// graphql/query-count.int.test.ts does); only those that name the auctions
// table are the estimate's (the preview's other reads are of campaigns,
// creatives and the rate limiter's table).
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { fixedClock } from "@/lib/clock";
import { createDb, db, replaceDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { ESTIMATE_CACHE_MS } from "./estimate-delivery";
import { previewCampaignUpdate } from "@/test/campaigns";

const statements: string[] = [];
const T0 = new Date("2026-03-10T12:00:00.000Z").getTime();
const DAY = 86_400_000;
let actor: Actor;
let other: Actor;
let campaignId: string;
let otherCampaignId: string;

/** `count` auctions clearing at `clearingMicros`, spread evenly from `fromMs` to `toMs`. */
async function seed(count: number, clearingMicros: bigint, fromMs: number, toMs: number) {
  await db().auction.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: newId("auc"),
      momentType: "close_game",
      sport: "nba",
      outcome: "filled",
      bidders: 2,
      winningBidMicros: clearingMicros + 100_000n,
      clearingCpmMicros: clearingMicros,
      winnerAdvertiserId: `adv_rival${i % 3}`,
      occurredAtMs: BigInt(fromMs + Math.floor((i * (toMs - fromMs)) / count)),
    })),
  });
}

beforeAll(async () => {
  await replaceDb(createDb(env().DATABASE_URL, { onQuery: (sql) => statements.push(sql) }));
  const adv = await createTestAdvertiser("Estimator");
  actor = actorFor(adv.advertiserId, ["campaigns:write"]);
  campaignId = (await createTestCampaign({ advertiserId: adv.advertiserId, totalBudgetUsd: 10_000 })).id;
  const second = await createTestAdvertiser("Other estimator");
  other = actorFor(second.advertiserId, ["campaigns:write"]);
  otherCampaignId = (await createTestCampaign({ advertiserId: second.advertiserId, totalBudgetUsd: 10_000 })).id;
  // 7 days (less 2 minutes) of 7,000 auctions clearing at 1.00 (band 1.00-1.05) among three rivals
  await seed(7000, 1_000_000n, T0 - 7 * DAY + 120_000, T0 - 60_000);
});

/** The auction statements a preview of `bid` ran, and its estimate after the update. */
async function preview(who: Actor, id: string, bid: number, atMs: number) {
  statements.length = 0;
  const result = await previewCampaignUpdate(who, id, { bid_cpm_usd: bid }, { clock: fixedClock(atMs) });
  const auctionReads = statements.filter((sql) => /\bauctions\b/.test(sql)).length;
  return {
    auctionReads,
    estimate: [result.estimated_daily_impressions, result.estimated_daily_spend_usd, result.estimate_status],
  };
}

describe("the estimate's sample cache", () => {
  it("answers repeated previews without reading auctions until the TTL passes", async () => {
    expect(ESTIMATE_CACHE_MS).toBe(60_000);
    const first = await preview(actor, campaignId, 2, T0);
    expect(first.auctionReads).toBeGreaterThan(0);
    // 7000 / 7 = 1000 a day, at 1.05: 7350 / 1000 / 7 = 1.05 USD (6.9986 days of history: the same once rounded)
    expect(first.estimate).toEqual([1000, 1.05, "estimated"]);

    // the same bucket (2.00 and 2.05 are both in 1.9799-2.0789), a second later
    const again = await preview(actor, campaignId, 2.05, T0 + 1000);
    expect(again).toEqual({ auctionReads: 0, estimate: first.estimate });
    // another bucket answers from the same sample: nothing read either
    expect((await preview(actor, campaignId, 0.9, T0 + 30_000)).auctionReads).toBe(0);

    // auctions recorded meanwhile are not seen until the sample is a minute old
    await seed(7000, 500_000n, T0 - DAY, T0 - 60_000);
    const stale = await preview(actor, campaignId, 2, T0 + ESTIMATE_CACHE_MS - 1);
    expect(stale).toEqual({ auctionReads: 0, estimate: first.estimate });
    const fresh = await preview(actor, campaignId, 2, T0 + ESTIMATE_CACHE_MS);
    expect(fresh.auctionReads).toBeGreaterThan(0);
    // 14,000 / 7 = 2000 a day; 0.50 is in band 0.4810-0.5051: (7000 × 1.05 + 7000 × 0.505068) / 1000 / 7 = 1.555 -> 1.56
    expect(fresh.estimate).toEqual([2000, 1.56, "estimated"]);
  });

  it("keeps one sample per advertiser: another's preview of the same lanes reads its own", async () => {
    const at = T0 + 10 * ESTIMATE_CACHE_MS;
    expect((await preview(actor, campaignId, 2, at)).auctionReads).toBeGreaterThan(0);
    expect((await preview(other, otherCampaignId, 2, at)).auctionReads).toBeGreaterThan(0);
    expect((await preview(other, otherCampaignId, 2, at + 1)).auctionReads).toBe(0);
  });
});
